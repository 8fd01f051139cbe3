import MeshGradCore

/// A mesh read from Swift source, and where its `MeshGradient(` was.
public struct ImportedMesh: Hashable, Sendable {
    public var mesh: MeshGradient
    /// The waves of the function feeding `locations:`; nil for a still mesh.
    public var animation: MeshAnimation?
    public var line: Int
    public var column: Int
    /// What the importer left out, one line each: a modifier after the mesh
    /// that changes what is drawn (`ignored .blur(radius: 6) at 14:13: …`).
    public var notes: [String] = []
}

/// `meshgrad import`: reads SwiftUI source without a Swift compiler and
/// gives back every `MeshGradient(…)` in it as a mesh (and its motion).
///
/// Hand-written, because no Swift parser is available as a library here
/// (SwiftSyntax is a package, not a Debian one) and because only a small,
/// regular corner of Swift is needed: literals, a few initializers, names
/// of the same file and one shape of function. What falls outside it is
/// an error naming the place and what was expected there.
public enum SwiftImport {
    /// Each `MeshGradient(` call in `text`, in file order, read or failed.
    /// `colors` gives the colors the file names but cannot define (asset
    /// colors, another file's `Theme.accent`), by the name as written.
    public static func meshes(
        in text: String, file: String, colors: [String: RGBAColor] = [:]
    ) -> [Result<ImportedMesh, SwiftImportError>] {
        var source = SwiftSource(file: file, text: text)
        source.namedColors = colors
        var results: [Result<ImportedMesh, SwiftImportError>] = []
        for (i, token) in source.tokens.enumerated()
        where token.isIdentifier("MeshGradient") && source.token(i + 1).isSymbol("(")
            && !(i > 0 && source.tokens[i - 1].isSymbol(".") && source.tokens[i - 1].line == token.line
                && source.tokens[i - 1].column == token.column - 1)
        {
            results.append(Result { () throws(SwiftImportError) in try readMesh(source, at: i) })
        }
        return results
    }

    /// The mesh is `MeshGradient` and its argument list, whatever follows
    /// it: a modifier chain (`.ignoresSafeArea()`, `.blur(radius:)`,
    /// `.overlay { … }`) is the view around the mesh, not the mesh.
    private static func readMesh(_ source: SwiftSource, at index: Int) throws(SwiftImportError) -> ImportedMesh {
        source.notes.lines = []
        source.statesRead.names = []
        var (mesh, end) = try readArguments(source, at: index)
        if let state = source.statesRead.names.sorted().first {
            try animate(&mesh, by: state, source: source, at: index)
        }
        var seen = Set<String>()
        mesh.notes = (source.notes.lines + ModifierChain(source: source, start: end).notes()).filter {
            seen.insert($0).inserted
        }
        return mesh
    }

    /// The mesh whose `MeshGradient` is at `index`, and the token after it.
    private static func readArguments(
        _ source: SwiftSource, at index: Int
    ) throws(SwiftImportError)
        -> (ImportedMesh, Int)
    {
        let evaluator = SwiftEvaluator(source: source, depth: 0)
        let meshToken = SwiftNode(expression: .path(["MeshGradient"]), token: source.tokens[index])
        // Inside a function with parameters, they hold what a call gives
        // them while the arguments are read (arithmetic folds as it parses).
        return try evaluator.enteringCaller(of: index, at: meshToken) { () throws(SwiftImportError) in
            var parser = SwiftParser(source: source, index: index + 1, depth: 0)
            let arguments = try parser.argumentList()
            let call = SwiftNode(
                expression: .call(callee: "MeshGradient", receiver: nil, arguments: arguments), token: meshToken.token)
            let reader = MeshArguments(evaluator: evaluator, call: call)
            return (try reader.read(arguments), parser.index)
        }
    }

    /// A mesh whose values depend on `state ? a : b`: the state's
    /// `withAnimation` makes keyframes to the flipped reading; without one,
    /// the rest state stays, with a note.
    private static func animate(
        _ mesh: inout ImportedMesh, by state: String, source: SwiftSource, at index: Int
    ) throws(SwiftImportError) {
        let initial = source.states[state] ?? false
        guard let motion = StateAnimation.find(for: state, in: source) else {
            source.notes.lines.append(
                "“\(state) ? … : …” read with \(state) = \(initial): no withAnimation of a curve this file names changes it"
            )
            return
        }
        var flipped = source
        flipped.flipped = [state]
        let (moved, _) = try readArguments(flipped, at: index)
        let (keyframes, loop) = motion.keyframes(rest: mesh.mesh, moved: moved.mesh)
        var animation = mesh.animation ?? MeshAnimation()
        animation.keyframes = keyframes
        // Waves repeat with a loop too: a loop is set only for keyframes alone.
        if animation.waves.isEmpty { animation.loop = loop }
        mesh.animation = animation
    }
}

/// The arguments of one `MeshGradient(…)` call.
private struct MeshArguments {
    let evaluator: SwiftEvaluator
    let call: SwiftNode

    static let labels = [
        "width", "height", "points", "locations", "bezierPoints", "colors", "background", "smoothsColors", "colorSpace",
    ]

    func read(_ arguments: [SwiftArgument]) throws(SwiftImportError) -> ImportedMesh {
        for argument in arguments where !Self.labels.contains(argument.label ?? "_") {
            throw evaluator.error(
                "expected one of MeshGradient's arguments (\(Self.labels.map { $0 + ":" }.joined(separator: " "))), found \(argument.label.map { $0 + ":" } ?? "an unlabelled one")",
                at: argument.value)
        }
        guard let widthNode = arguments.value("width"), let heightNode = arguments.value("height") else {
            throw evaluator.error("expected MeshGradient(width:height:…) with both width and height", at: call)
        }
        let width = try gridSide(widthNode, "width")
        let height = try gridSide(heightNode, "height")
        let (locations, waves) = try locations(arguments, count: width * height)
        let colors = try colors(arguments, count: width * height)
        let background =
            try arguments.value("background").map { (n) throws(SwiftImportError) in try evaluator.color(n) } ?? .clear
        let smooths =
            try arguments.value("smoothsColors").map { (n) throws(SwiftImportError) in try evaluator.bool(n) } ?? true
        let space =
            try arguments.value("colorSpace").map { (n) throws(SwiftImportError) in try colorSpace(n) } ?? .device
        let mesh = MeshGradient(
            width: width, height: height, locations: locations, colors: colors, background: background,
            smoothsColors: smooths, colorSpace: space)
        return ImportedMesh(
            mesh: mesh, animation: waves.isEmpty ? nil : MeshAnimation(waves: waves), line: call.token.line,
            column: call.token.column)
    }

    private func gridSide(_ node: SwiftNode, _ name: String) throws(SwiftImportError) -> Int {
        let value = try evaluator.integer(node, name)
        guard (2...256).contains(value) else {
            throw evaluator.error("expected \(name) from 2 to 256, found \(value)", at: node)
        }
        return value
    }

    private func locations(
        _ arguments: [SwiftArgument], count: Int
    ) throws(SwiftImportError)
        -> (MeshGradient.Locations, [VertexWaves])
    {
        let given = ["points", "locations", "bezierPoints"].filter { arguments.value($0) != nil }
        guard given.count == 1, let label = given.first, var node = arguments.value(label) else {
            throw evaluator.error(
                "expected exactly one of points:, locations: or bezierPoints:, found \(given.isEmpty ? "none" : given.joined(separator: ", "))",
                at: call)
        }
        var bezier = label == "bezierPoints"
        if label == "locations" {
            guard case .call(let kind, nil, let inner) = node.expression, kind == ".points" || kind == ".bezierPoints",
                inner.count == 1
            else {
                throw evaluator.error("expected locations: .points([…]) or .bezierPoints([…])", at: node)
            }
            bezier = kind == ".bezierPoints"
            node = inner[0].value
        }
        if bezier {
            let elements = try evaluator.array(node, of: "Bézier points")
            try checkCount(elements.count, count, "Bézier points", at: node)
            var points: [BezierPoint] = []
            for element in elements { points.append(try evaluator.bezierPoint(element)) }
            return (.bezierPoints(points), [])
        }
        let list = try evaluator.vertexList(node)
        try checkCount(list.count, count, "points", at: node)
        let (positions, waves) = list.positionsAndWaves()
        return (.points(positions), waves)
    }

    private func colors(_ arguments: [SwiftArgument], count: Int) throws(SwiftImportError) -> [RGBAColor] {
        guard var node = arguments.value("colors") else {
            throw evaluator.error("expected colors: with width × height = \(count) colors", at: call)
        }
        if case .call(".colors", nil, let inner) = node.expression, inner.count == 1 { node = inner[0].value }
        let elements = try evaluator.array(node, of: "colors")
        try checkCount(elements.count, count, "colors", at: node)
        var colors: [RGBAColor] = []
        for element in elements { colors.append(try evaluator.color(element)) }
        return colors
    }

    private func colorSpace(_ node: SwiftNode) throws(SwiftImportError) -> ColorSpace {
        guard case .member(let name) = node.expression, let space = ColorSpace(rawValue: name) else {
            throw evaluator.error("expected colorSpace: .device or .perceptual", at: node)
        }
        return space
    }

    private func checkCount(_ actual: Int, _ expected: Int, _ what: String, at node: SwiftNode) throws(SwiftImportError)
    {
        guard actual == expected else {
            throw evaluator.error("expected width × height = \(expected) \(what), found \(actual)", at: node)
        }
    }
}
