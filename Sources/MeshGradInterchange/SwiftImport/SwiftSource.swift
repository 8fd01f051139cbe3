import MeshGradCore

/// A Swift file as the importer sees it: its tokens, the `let`/`var`
/// properties and locals that have a value (by name, in file order), and
/// its functions, so that `colors: .colors(viewModel.colors)` and
/// `.points(animatedPositions(for: phase.date))` can be followed.
struct SwiftSource: Sendable {
    var file: String
    var tokens: [SwiftToken]
    /// Name → token index of each initial value's first token.
    var declarations: [String: [Int]] = [:]
    /// Name → token index of each body's `{`.
    var functions: [String: [Int]] = [:]
    /// Each function body's `{` → the function's name and parameters.
    var signatures: [Int: FunctionSignature] = [:]
    /// The parameters of the functions being evaluated, innermost last.
    let calls = CallFrames()
    /// Each declaration's value start → the `{` of the block it is declared
    /// in (-1 at the top level), for scope.
    var declaredIn: [Int: Int] = [:]
    /// For each `{`, the index of its `}`.
    var blockEnds: [Int: Int] = [:]
    /// For each token, the `{` of the innermost block around it (-1: none).
    var enclosingBlock: [Int] = []
    /// Work left for the whole file, shared by every parse of it: names
    /// that each use the next twice would otherwise take 2ⁿ steps.
    let budget = Budget()
    /// Colors the file names but cannot define (asset colors, a `Theme`),
    /// given by the user: `Theme.accent`, `Brand` → a color.
    var namedColors: [String: RGBAColor] = [:]
    /// What the importer assumed, one line each, for the mesh being read.
    let notes = Notes()
    /// `@State` Bools of the file and their initial values.
    var states: [String: Bool] = [:]
    /// The states read as flipped in this reading (the animated end).
    var flipped: Set<String> = []
    /// The states a ternary of the mesh being read depended on.
    let statesRead = StatesRead()

    /// A state's value in this reading, nil for a name that is not one.
    func stateValue(_ name: String) -> Bool? {
        states[name].map { flipped.contains(name) ? !$0 : $0 }
    }

    final class StatesRead: @unchecked Sendable {
        var names: Set<String> = []
    }

    final class Budget: @unchecked Sendable {
        var steps = 2_000_000
    }

    final class Notes: @unchecked Sendable {
        var lines: [String] = []
    }

    init(file: String, text: String) {
        self.file = file
        tokens = SwiftTokenizer.tokens(text)
        collectBlocks()
        collectDeclarations()
    }

    func error(_ message: String, at token: SwiftToken) -> SwiftImportError {
        SwiftImportError(message, at: token, file: file)
    }

    /// The token at `index`, or a stand-in at the end of the file.
    func token(_ index: Int) -> SwiftToken {
        if index < tokens.count { return tokens[index] }
        let last = tokens.last
        return SwiftToken(kind: .symbol, text: "", line: last?.line ?? 1, column: (last?.column ?? 0) + 1)
    }

    private mutating func collectDeclarations() {
        var i = 0
        while i + 1 < tokens.count {
            let keyword = tokens[i]
            let name = tokens[i + 1]
            if keyword.isSymbol("@"), name.isIdentifier("State") { collectState(after: i + 2) }
            if name.kind == .identifier, keyword.isIdentifier("let") || keyword.isIdentifier("var") {
                if let value = valueStart(afterName: i + 1) { declare(name.text, value: value, at: i) }
            } else if keyword.isIdentifier("func"), name.kind == .identifier, let body = bodyStart(after: i + 2) {
                functions[name.text, default: []].append(body)
                signatures[body] = FunctionSignature(
                    name: name.text, parameters: parameters(after: i + 2, before: body))
                // `func colors() -> [Color] { [...] }`: its value is what it returns.
                if token(i + 2).isSymbol("("), token(i + 3).isSymbol(")") {
                    declare(name.text, value: returnedValue(body), at: i)
                }
            }
            i += 1
        }
    }

    /// `@State private var isAnimating = false` (or `: Bool = true`).
    private mutating func collectState(after index: Int) {
        var i = index
        while i < index + 4, !token(i).isIdentifier("var") { i += 1 }
        guard token(i).isIdentifier("var"), token(i + 1).kind == .identifier else { return }
        let name = token(i + 1).text
        var j = i + 2
        while j < i + 6, !token(j).isSymbol("=") { j += 1 }
        let value = token(j + 1)
        if token(j).isSymbol("="), value.isIdentifier("true") || value.isIdentifier("false") {
            states[name] = value.isIdentifier("true")
        }
    }

    private mutating func declare(_ name: String, value: Int, at keyword: Int) {
        declarations[name, default: []].append(value)
        declaredIn[value] = enclosingBlock[keyword]
    }

    private mutating func collectBlocks() {
        var open: [Int] = []
        enclosingBlock = Array(repeating: -1, count: tokens.count)
        for (i, t) in tokens.enumerated() {
            enclosingBlock[i] = open.last ?? -1
            if t.isSymbol("{") { open.append(i) }
            if t.isSymbol("}"), let start = open.popLast() { blockEnds[start] = i }
        }
    }

    /// The declarations of `name` to try at token `use`, best first: those
    /// whose block holds the use, innermost first (a local before a
    /// property; never another function's local); when none holds it (a
    /// `Theme.colors` used from another type), all of them, last written
    /// first.
    func candidates(_ name: String, at use: Int?) -> [Int] {
        let starts = declarations[name] ?? []
        guard let use else { return starts.reversed() }
        func holds(_ start: Int) -> Bool {
            let block = declaredIn[start] ?? -1
            return block < 0 || (block < use && use < (blockEnds[block] ?? tokens.count))
        }
        let visible = starts.filter(holds).sorted { (declaredIn[$0] ?? -1, $0) > (declaredIn[$1] ?? -1, $1) }
        return visible.isEmpty ? starts.reversed() : visible
    }

    /// The index of `token` in the file (tokens are in file order).
    func index(of token: SwiftToken) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            let t = tokens[middle]
            if (t.line, t.column) < (token.line, token.column) { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].line == token.line && tokens[low].column == token.column ? low : nil
    }

    /// After a body's `{`: the first token of what it returns (`return`
    /// skipped), for a body that is one expression.
    private func returnedValue(_ body: Int) -> Int {
        token(body + 1).isIdentifier("return") ? body + 2 : body + 1
    }

    /// After `let name`, an optional type on the same line, then `=`: the
    /// index of the value's first token; nil for a declaration without one.
    private func valueStart(afterName nameIndex: Int) -> Int? {
        var i = nameIndex + 1
        let line = tokens[nameIndex].line
        if i < tokens.count, tokens[i].isSymbol(":") {
            i += 1
            var depth = 0
            while i < tokens.count {
                let t = tokens[i]
                if depth == 0 && (t.isSymbol("=") || t.line != line) { break }
                // A computed property, `var colors: [Color] { [...] }`.
                if depth == 0 && t.isSymbol("{") { return returnedValue(i) }
                if ["<", "[", "("].contains(where: t.isSymbol) { depth += 1 }
                if [">", "]", ")"].contains(where: t.isSymbol) { depth -= 1 }
                if depth < 0 || t.isSymbol("{") || t.kind == .string { return nil }
                i += 1
            }
        }
        guard i + 1 < tokens.count, tokens[i].isSymbol("=") else { return nil }
        return i + 1
    }

    /// After `func name`, the parameter list and return type: the body's `{`.
    private func bodyStart(after index: Int) -> Int? {
        var i = index
        var depth = 0
        while i < tokens.count {
            let t = tokens[i]
            if t.isSymbol("(") { depth += 1 }
            if t.isSymbol(")") { depth -= 1 }
            if depth == 0 && t.isSymbol("{") { return i }
            if depth == 0 && t.isSymbol("}") { return nil }
            i += 1
        }
        return nil
    }
}
