import Foundation
import MeshGradCore

/// A mesh and the motion that moves it: a mesh document's content, and
/// what the editor edits (a mesh document's own mesh, or one mesh layer
/// of a scene).
public struct AnimatedMesh: Hashable, Sendable {
    public var mesh: MeshGradient
    /// Motion; nil for a still gradient.
    public var animation: MeshAnimation?

    public init(_ mesh: MeshGradient, animation: MeshAnimation? = nil) {
        self.mesh = mesh
        self.animation = animation
    }

    /// The mesh at `time` seconds: moved by the animation (unchanged when
    /// there is none).
    public func mesh(at time: Double) -> MeshGradient {
        animation?.mesh(from: mesh, at: time) ?? mesh
    }
}

/// The gradient document (Docs/document-format.md): a mesh with its
/// animation, or a scene of layers, and optionally the size it is meant
/// to be rendered at. The one format users write, the tools read and the
/// editor saves.
///
/// What a document *is* lives in ``content``: there is no mesh in a scene
/// document other than its layers' own, so a caller that needs a mesh
/// must say which (``animatedMesh`` for a mesh document, ``subscript(_:)``
/// with a ``MeshTarget`` for a scene's mesh layer).
public struct GradientDocument: Hashable, Sendable {
    /// What the document draws.
    public enum Content: Hashable, Sendable {
        /// One mesh over the whole canvas, with its animation.
        case mesh(AnimatedMesh)
        /// Layers (`"layers"`).
        case scene(Scene)
    }

    /// Which mesh of a document an edit applies to.
    public enum MeshTarget: Hashable, Sendable {
        /// A mesh document's own mesh.
        case document
        /// The mesh fill of a scene's layer at this index.
        case layer(Int)
    }

    public var content: Content
    /// The document's own output size; the CLI's `--size` overrides it.
    public var size: CanvasSize?
    /// The time a still render shows when not told (`--time`): an
    /// animated document's best frame, 0 by default.
    public var poster: Double = 0
    /// Film grain over the rendered image (`"grain"`), nil for none.
    public var grain: Grain?

    /// A mesh document.
    public init(mesh: MeshGradient, size: CanvasSize? = nil, animation: MeshAnimation? = nil, poster: Double = 0) {
        content = .mesh(AnimatedMesh(mesh, animation: animation))
        self.size = size
        self.poster = poster
    }

    /// A scene document.
    public init(scene: Scene, size: CanvasSize? = nil, poster: Double = 0) {
        content = .scene(scene)
        self.size = size
        self.poster = poster
    }

    /// A mesh document's mesh and animation; nil for a scene.
    public var animatedMesh: AnimatedMesh? {
        if case .mesh(let mesh) = content { return mesh }
        return nil
    }

    /// A scene document's scene; nil for a plain mesh.
    public var scene: Scene? {
        if case .scene(let scene) = content { return scene }
        return nil
    }

    /// "a mesh" or "a scene", for messages saying what a command cannot do.
    public var kindDescription: String {
        switch content {
        case .mesh: "a mesh"
        case .scene: "a scene"
        }
    }

    /// The document as a scene: its own, or a plain mesh as one
    /// full-canvas mesh layer.
    public var asScene: Scene {
        switch content {
        case .mesh(let mesh): Scene(layers: [Layer(fill: .mesh(mesh.mesh, mesh.animation))])
        case .scene(let scene): scene
        }
    }

    /// Every mesh the document draws: its own, or its scene's layers'.
    public var meshes: [MeshGradient] {
        switch content {
        case .mesh(let mesh): [mesh.mesh]
        case .scene(let scene): scene.meshes.map(\.0)
        }
    }

    /// Seconds after which the document's motion repeats or ends, if it
    /// has motion that says so.
    public var naturalDuration: Double? {
        switch content {
        case .mesh(let mesh): mesh.animation?.naturalDuration
        case .scene(let scene): scene.naturalDuration
        }
    }

    /// Whether anything moves after `time` (a still document never does).
    public func moves(after time: Double) -> Bool {
        switch content {
        case .mesh(let mesh): mesh.animation != nil
        case .scene(let scene): scene.moves(after: time)
        }
    }

    /// Whether the document has motion at all (an animated mesh, a
    /// scene with keyframes or animated meshes): what the preview shows a
    /// clock for.
    public var isAnimated: Bool { moves(after: 0) }

    /// The document with every mesh animation that has no loop of its own
    /// looping every `duration` seconds, so that an exported animation
    /// ends where it starts (`meshgrad animate`).
    public func loopingMeshes(every duration: Double) -> GradientDocument {
        var copy = self
        switch content {
        case .mesh(var mesh):
            if let animation = mesh.animation, animation.loop == nil {
                mesh.animation = animation.looping(every: duration)
            }
            copy.content = .mesh(mesh)
        case .scene(let scene):
            copy.content = .scene(scene.loopingMeshes(every: duration))
        }
        return copy
    }

    /// The mesh an editor edits when not told: a mesh document's own, a
    /// scene's first mesh layer, nil for a scene without one.
    public var defaultMeshTarget: MeshTarget? {
        switch content {
        case .mesh: return .document
        case .scene(let scene):
            return scene.layers.firstIndex { if case .mesh = $0.fill { true } else { false } }.map { .layer($0) }
        }
    }

    /// The mesh at `target`, nil where there is none (a scene's layer that
    /// is not a mesh, an index out of range, `.document` on a scene).
    /// Setting it replaces that mesh; setting nil, or a target that names
    /// no mesh, changes nothing.
    public subscript(target: MeshTarget) -> AnimatedMesh? {
        get {
            switch (content, target) {
            case (.mesh(let mesh), .document): return mesh
            case (.scene(let scene), .layer(let k)) where scene.layers.indices.contains(k):
                if case .mesh(let mesh, let animation) = scene.layers[k].fill {
                    return AnimatedMesh(mesh, animation: animation)
                }
                return nil
            default: return nil
            }
        }
        set {
            guard let newValue, self[target] != nil else { return }
            switch (content, target) {
            case (.mesh, .document): content = .mesh(newValue)
            case (.scene(var scene), .layer(let k)):
                scene.layers[k].fill = .mesh(newValue.mesh, newValue.animation)
                content = .scene(scene)
            default: break
            }
        }
    }

    /// Reads and decodes a document file.
    public static func load(path: String) throws(DocumentError) -> GradientDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocumentError(file: path, keyPath: "", message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw DocumentError(file: path, keyPath: "", message: "is a folder; expected a JSON document")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size > DocumentLimits.fileSize
        {
            throw DocumentError(
                file: path, keyPath: "",
                message: "is \(size) bytes; expected a document of at most \(DocumentLimits.fileSize >> 20) MB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentError(file: path, keyPath: "", message: "cannot be read (permission denied?)")
        }
        do {
            return try decode(Array(data), folder: PathText.folder(of: path))
        } catch {
            throw error.located(in: path)
        }
    }

    /// Decodes a document from JSON bytes; an image fill's relative path is
    /// relative to `folder` (nil or empty: the current folder).
    public static func decode(_ bytes: [UInt8], folder: String? = nil) throws(DocumentError) -> GradientDocument {
        if bytes.allSatisfy({ [0x20, 0x09, 0x0a, 0x0d].contains($0) }) {
            throw DocumentError(
                keyPath: "",
                message: "the document is empty; expected a JSON object with width, height, points and colors")
        }
        guard bytes.count <= DocumentLimits.fileSize else {
            throw DocumentError(
                keyPath: "",
                message: "the document is \(bytes.count) bytes; expected at most \(DocumentLimits.fileSize >> 20) MB")
        }
        try JSONSyntaxCheck.check(bytes)
        do {
            let decoder = JSONDecoder()
            if let folder, !folder.isEmpty { decoder.userInfo[.documentFolder] = folder }
            let document = try decoder.decode(GradientDocument.self, from: Data(bytes))
            try DocumentCheck.check(document)
            return document
        } catch let error as DocumentError {
            throw error
        } catch let error as DecodingError {
            throw DocumentError(error)
        } catch {
            throw DocumentError(keyPath: "", message: SafeText.value("\(error)", limit: 200))
        }
    }

    /// Decodes a document from a JSON string.
    public static func decode(_ text: String) throws(DocumentError) -> GradientDocument {
        try decode(Array(text.utf8))
    }
}

// MARK: - Decoding

extension GradientDocument: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        if container.contains(JSONKey("layers")) {
            try container.rejectUnknownKeys(allowed: DocumentKeys.sceneDocument, context: "a scene document")
            let size = try container.decodeCanvasSize()
            self.init(scene: try SceneValue(container).scene, size: size, poster: try container.decodePoster())
            grain = try GrainValue.decode(container)
            return
        }
        try container.rejectUnknownKeys(allowed: DocumentKeys.meshDocument, context: "the document")
        let value = try MeshValue(container)
        self.init(
            mesh: value.mesh, size: try container.decodeCanvasSize(), animation: value.animation,
            poster: try container.decodePoster())
        grain = try GrainValue.decode(container)
    }
}

/// The keys of one mesh (a document's top level, or a scene layer's
/// `"mesh"` fill): width, height, points or bezierPoints, colors,
/// background, smoothsColors, colorSpace, animation.
struct MeshValue {
    var mesh: MeshGradient
    var animation: MeshAnimation?

    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        let width = try container.decodeGridSide("width")
        let height = try container.decodeGridSide("height")
        let count = width * height

        let locations: MeshGradient.Locations
        switch (container.contains(JSONKey("points")), container.contains(JSONKey("bezierPoints"))) {
        case (true, false):
            let points = try container.decode([PointValue].self, forKey: JSONKey("points"))
            try container.checkCount(points.count, expected: count, key: "points")
            locations = .points(points.map(\.point))
        case (false, true):
            let points = try container.decode([BezierPointValue].self, forKey: JSONKey("bezierPoints"))
            try container.checkCount(points.count, expected: count, key: "bezierPoints")
            locations = .bezierPoints(
                try points.enumerated().map { index, value in
                    try value.resolve(
                        column: index % width, row: index / width, width: width, height: height,
                        keyPath: container.path("bezierPoints") + "[\(index)]")
                })
        case (true, true):
            throw DocumentError(
                keyPath: container.path(""), message: "has both points and bezierPoints; expected one of them")
        case (false, false):
            throw DocumentError(
                keyPath: container.path("points"), message: "missing; expected \(count) [x, y] pairs (or bezierPoints)")
        }

        guard container.contains(JSONKey("colors")) else {
            throw DocumentError(keyPath: container.path("colors"), message: "missing; expected \(count) colors")
        }
        let colors = try container.decode([ColorValue].self, forKey: JSONKey("colors"))
        try container.checkCount(colors.count, expected: count, key: "colors")

        let background = try container.decodeIfPresent(ColorValue.self, forKey: JSONKey("background"))?.color ?? .clear
        let smooths = try container.decodeIfPresent(Bool.self, forKey: JSONKey("smoothsColors")) ?? true
        let space = try container.decodeColorSpace()
        var animation: MeshAnimation?
        if container.contains(JSONKey("animation")) {
            let value = try container.decode(AnimationValue.self, forKey: JSONKey("animation")).animation
            do {
                try value.validate(vertexCount: count)
            } catch {
                throw DocumentError(keyPath: container.path("animation") + "." + error.path, message: error.message)
            }
            animation = value
        }

        mesh = MeshGradient(
            width: width, height: height, locations: locations, colors: colors.map(\.color),
            background: background, smoothsColors: smooths, colorSpace: space)
        self.animation = animation
    }
}

/// A key known only at run time, so that unknown keys can be found and
/// named instead of silently ignored.
struct JSONKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// `points[3][0]` from a decoder's coding path.
func formatCodingPath(_ path: [any CodingKey]) -> String {
    var result = ""
    for key in path {
        if let index = key.intValue {
            result += "[\(index)]"
        } else {
            let name = SafeText.value(key.stringValue)
            result += result.isEmpty ? name : ".\(name)"
        }
    }
    return result
}

extension KeyedDecodingContainer where Key == JSONKey {
    /// `"poster": seconds`, 0 if absent.
    func decodePoster() throws -> Double {
        let poster = try decodeIfPresent(Double.self, forKey: JSONKey("poster")) ?? 0
        guard poster.isFinite else {
            throw DocumentError(keyPath: path("poster"), message: "\(poster) is not allowed; expected seconds")
        }
        return poster
    }

    /// `"size": [width, height]`, if present.
    func decodeCanvasSize() throws -> CanvasSize? {
        guard contains(JSONKey("size")) else { return nil }
        let pair = try decodeIntegers("size", expected: "[width, height] in pixels")
        guard pair.count == 2 else {
            throw DocumentError(
                keyPath: path("size"), message: "has \(pair.count) numbers; expected [width, height] in pixels")
        }
        let candidate = CanvasSize(width: pair[0], height: pair[1])
        do {
            try candidate.validate()
        } catch {
            throw DocumentError(keyPath: path("size"), message: error.description)
        }
        return candidate
    }

    /// An array of integers under `key`, each named by its key path when it
    /// is not one (Foundation says only "not valid JSON" for `1.5` as Int).
    func decodeIntegers(_ key: String, expected: String) throws -> [Int] {
        let numbers: [Double]
        do {
            numbers = try decode([Double].self, forKey: JSONKey(key))
        } catch let error as DocumentError {
            throw error
        } catch {
            throw DocumentError(keyPath: path(key), message: "\(describeFound(error)); expected \(expected)")
        }
        return try numbers.enumerated().map { index, value in
            guard value.rounded() == value, abs(value) <= Double(1 << 53) else {
                throw DocumentError(
                    keyPath: path(key) + "[\(index)]",
                    message: "\(SafeText.value("\(value)")) is not an integer; expected \(expected)")
            }
            return Int(value)
        }
    }

    /// An integer under `key` in `range`; `nil` when absent.
    func decodeInteger(_ key: String, in range: ClosedRange<Double>, expected: String) throws -> Int? {
        guard contains(JSONKey(key)) else { return nil }
        let value: Double
        do {
            value = try decode(Double.self, forKey: JSONKey(key))
        } catch let error as DocumentError {
            throw error
        } catch {
            throw DocumentError(keyPath: path(key), message: "\(describeFound(error)); expected \(expected)")
        }
        guard value.rounded() == value else {
            throw DocumentError(
                keyPath: path(key), message: "\(SafeText.value("\(value)")) is not an integer; expected \(expected)")
        }
        guard range.contains(value) else {
            throw DocumentError(
                keyPath: path(key), message: "\(SafeText.number(value)) is out of range; expected \(expected)")
        }
        return Int(value)
    }

    /// The key path of `key` inside this container.
    func path(_ key: String) -> String {
        formatCodingPath(codingPath + (key.isEmpty ? [] : [JSONKey(key)]))
    }

    func rejectUnknownKeys(allowed: [String], context: String) throws {
        for key in allKeys where !allowed.contains(key.stringValue) {
            var message = "unknown key in \(context)"
            if let suggestion = closestMatch(to: key.stringValue, among: allowed) {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            message += "; expected one of \(allowed.joined(separator: ", "))"
            throw DocumentError(keyPath: path(key.stringValue), message: message)
        }
    }

    func decodeGridSide(_ key: String) throws -> Int {
        guard contains(JSONKey(key)) else {
            throw DocumentError(keyPath: path(key), message: "missing; expected an integer ≥ 2")
        }
        let value: Double
        do {
            value = try decode(Double.self, forKey: JSONKey(key))
        } catch {
            throw DocumentError(keyPath: path(key), message: "\(describeFound(error)); expected an integer ≥ 2")
        }
        guard value.rounded() == value, value >= 2, value <= 256 else {
            let shown = value.rounded() == value && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
            let limit = value > 256 ? "; expected an integer from 2 to 256" : "; expected an integer ≥ 2"
            throw DocumentError(keyPath: path(key), message: "\(shown) is not allowed\(limit)")
        }
        return Int(value)
    }

    /// The name under `key` as an enum, `fallback` when absent; any other
    /// name is an error saying it is not `noun` and what was `expected`
    /// (color spaces, text weights and alignments share it).
    func decodeName<Value: RawRepresentable>(
        _ key: String, default fallback: Value, noun: String, expected: String
    ) throws -> Value where Value.RawValue == String {
        guard let name = try decodeIfPresent(String.self, forKey: JSONKey(key)) else { return fallback }
        guard let value = Value(rawValue: name) else {
            throw DocumentError(
                keyPath: path(key), message: "\(SafeText.quoted(name)) is not \(noun); expected \(expected)")
        }
        return value
    }

    /// `colorSpace`, `device` when absent: meshes and linear gradients
    /// share the key and its message.
    func decodeColorSpace() throws -> ColorSpace {
        try decodeName(
            "colorSpace", default: ColorSpace.device, noun: "a color space", expected: "\"device\" or \"perceptual\"")
    }

    func checkCount(_ actual: Int, expected: Int, key: String) throws {
        guard actual == expected else {
            throw DocumentError(
                keyPath: path(key),
                message: "has \(actual) entries; expected width × height = \(expected)")
        }
    }
}

/// What a decoding error found, for messages like "found a string".
func describeFound(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .typeMismatch(_, let context), .dataCorrupted(let context):
        let text = context.debugDescription
        if let range = text.range(of: "found ") {
            return "found " + text[range.upperBound...].replacingOccurrences(of: " instead.", with: "")
        }
        if let start = text.range(of: "<"), let end = text.range(of: ">"), start.upperBound < end.lowerBound {
            return "\(text[start.upperBound..<end.lowerBound]) is not an integer"
        }
        return text
    case .valueNotFound:
        return "found null"
    case .keyNotFound(let key, _):
        return "missing key \(key.stringValue)"
    @unknown default:
        return "\(error)"
    }
}

extension DocumentError {
    /// Turns Foundation's decoding errors into key-path messages.
    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(
                keyPath: formatCodingPath(context.codingPath),
                message: "\(describeFound(error)); expected \(friendlyName(type))")
        case .valueNotFound(let type, let context):
            self.init(
                keyPath: formatCodingPath(context.codingPath), message: "found null; expected \(friendlyName(type))")
        case .keyNotFound(let key, let context):
            self.init(keyPath: formatCodingPath(context.codingPath + [key]), message: "missing")
        case .dataCorrupted(let context):
            self.init(keyPath: formatCodingPath(context.codingPath), message: describeFound(error))
        @unknown default:
            self.init(keyPath: "", message: "\(error)")
        }
    }
}

func friendlyName(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: "an integer"
    case is Double.Type, is Float.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    default:
        String(describing: type).hasPrefix("Array")
            ? "an array" : String(describing: type).hasPrefix("Dictionary") ? "an object" : "a value"
    }
}

/// The allowed word closest to a typo, if it is close enough to suggest.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
    let best = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(2, word.count / 4) else { return nil }
    return best.0
}
