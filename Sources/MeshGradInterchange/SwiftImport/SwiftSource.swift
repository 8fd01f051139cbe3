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
    /// Work left for the whole file, shared by every parse of it: names
    /// that each use the next twice would otherwise take 2ⁿ steps.
    let budget = Budget()
    /// Colors the file names but cannot define (asset colors, a `Theme`),
    /// given by the user: `Theme.accent`, `Brand` → a color.
    var namedColors: [String: RGBAColor] = [:]
    /// What the importer assumed, one line each, for the mesh being read.
    let notes = Notes()

    final class Budget: @unchecked Sendable {
        var steps = 2_000_000
    }

    final class Notes: @unchecked Sendable {
        var lines: [String] = []
    }

    init(file: String, text: String) {
        self.file = file
        tokens = SwiftTokenizer.tokens(text)
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
            if name.kind == .identifier, keyword.isIdentifier("let") || keyword.isIdentifier("var") {
                if let value = valueStart(afterName: i + 1) { declarations[name.text, default: []].append(value) }
            } else if keyword.isIdentifier("func"), name.kind == .identifier, let body = bodyStart(after: i + 2) {
                functions[name.text, default: []].append(body)
            }
            i += 1
        }
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
