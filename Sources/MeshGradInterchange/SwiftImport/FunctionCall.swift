/// A function of the file as a call sees it: `func sway(_ t: Double,
/// speed: Double = 1) -> Float` has parameters `(nil, t)` and `(speed,
/// speed, default 1)`.
struct FunctionSignature: Sendable {
    struct Parameter: Sendable {
        /// The argument label; nil for `_`.
        var label: String?
        var name: String
        /// The token index of the default value's first token.
        var defaultValue: Int?
    }

    var name: String
    var parameters: [Parameter]

    /// `sway(_:speed:)`, for messages.
    var shown: String { name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")" }
}

/// The numbers given to the parameters of the functions being read, so that
/// `func points(at t: Double)` called as `points(at: timeline.date
/// .timeIntervalSince1970)` reads `t` as time. A parameter is visible only
/// inside its function's body (checked by token index), as in Swift.
final class CallFrames: @unchecked Sendable {
    struct Frame {
        var body: Int
        var end: Int
        var signature: FunctionSignature
        /// nil: the argument is not a number (a `Date`, a view model).
        var values: [String: Term?]
    }

    var stack: [Frame] = []

    /// The innermost frame whose body holds token `use` and has `name`.
    func frame(binding name: String, at use: Int) -> Frame? {
        stack.last { $0.body < use && use < $0.end && $0.values[name] != nil }
    }
}

extension SwiftSource {
    /// `(label name: Type = value, …)` from the token after the function's
    /// name up to its body.
    func parameters(after start: Int, before body: Int) -> [FunctionSignature.Parameter] {
        var i = start
        while i < body, !token(i).isSymbol("(") { i += 1 }
        var parameters: [FunctionSignature.Parameter] = []
        var depth = 0
        var first = i + 1
        while i < body {
            let t = token(i)
            if ["(", "[", "<"].contains(where: t.isSymbol) { depth += 1 }
            if [")", "]", ">"].contains(where: t.isSymbol) { depth -= 1 }
            if (depth == 1 && t.isSymbol(",")) || (depth == 0 && t.isSymbol(")")) {
                if let parameter = parameter(from: first, to: i) { parameters.append(parameter) }
                first = i + 1
                if depth == 0 { break }
            }
            i += 1
        }
        return parameters
    }

    /// One parameter from its tokens `from..<to`.
    private func parameter(from: Int, to end: Int) -> FunctionSignature.Parameter? {
        let a = token(from)
        let b = token(from + 1)
        guard a.kind == .identifier else { return nil }
        let twoNames = b.kind == .identifier
        let name = twoNames ? b.text : a.text
        let label: String? = a.text == "_" ? nil : a.text
        var i = from + (twoNames ? 2 : 1)
        while i < end, !token(i).isSymbol("=") { i += 1 }
        return FunctionSignature.Parameter(label: label, name: name, defaultValue: i < end ? i + 1 : nil)
    }

    /// The first token of what a function's body returns: its last
    /// `return` at the body's own level, or the body's one expression.
    func returnedExpression(_ body: Int) -> Int {
        let end = blockEnds[body] ?? tokens.count
        var found = body + 1
        var i = body + 1
        while i < end {
            if enclosingBlock[i] == body, tokens[i].isIdentifier("return") { found = i + 1 }
            i += 1
        }
        return found
    }

    /// The function whose body holds token `index` most closely.
    func enclosingFunction(of index: Int) -> Int? {
        var block = enclosingBlock[index]
        while block >= 0 {
            if signatures[block] != nil { return block }
            block = enclosingBlock[block]
        }
        return nil
    }
}

extension SwiftEvaluator {
    /// `read` of the body of the file's function `callee` (the overload
    /// whose labels the call's arguments match), its parameters holding
    /// the arguments' values for the time of the reading.
    func calling<T>(
        _ callee: String, _ arguments: [SwiftArgument], at node: SwiftNode,
        _ read: (Int) throws(SwiftImportError) -> T
    ) throws(SwiftImportError) -> T {
        let bodies = (source.functions[callee] ?? []).reversed()
        for body in bodies {
            guard let signature = source.signatures[body], let values = bind(signature, arguments) else { continue }
            return try entering(body, signature, values, at: node, read)
        }
        let shown = bodies.first.flatMap { source.signatures[$0]?.shown } ?? callee
        throw error(
            "expected the arguments of \(shown), found (\(arguments.labels.map { $0 + ":" }.joined()))", at: node)
    }

    /// Reads with a function's parameters bound (a frame pushed, then popped).
    func entering<T>(
        _ body: Int, _ signature: FunctionSignature, _ values: [String: Term?], at node: SwiftNode,
        _ read: (Int) throws(SwiftImportError) -> T
    ) throws(SwiftImportError) -> T {
        guard source.calls.stack.count < Self.maximumDepth else {
            throw error("expected \(signature.shown) to end; it calls itself too deeply", at: node)
        }
        let end = source.blockEnds[body] ?? source.tokens.count
        source.calls.stack.append(.init(body: body, end: end, signature: signature, values: values))
        defer { source.calls.stack.removeLast() }
        return try read(body)
    }

    /// The parameters' values for `arguments`, matched by label in order
    /// (defaults filling the gaps); nil when the labels do not fit.
    func bind(_ signature: FunctionSignature, _ arguments: [SwiftArgument]) -> [String: Term?]? {
        var values: [String: Term?] = [:]
        var next = 0
        for parameter in signature.parameters {
            if next < arguments.count, arguments[next].label == parameter.label {
                values[parameter.name] = .some(try? term(arguments[next].value))
                next += 1
            } else if let start = parameter.defaultValue {
                var parser = SwiftParser(source: source, index: start, depth: depth + 1)
                values[parameter.name] = .some(try? term(parser.expression()))
            } else {
                return nil
            }
        }
        return next == arguments.count ? values : nil
    }

    /// What a function of the file returns, read as `read` reads it:
    /// `sway(t, speed: 0.7)` as a number, `palette(for: .night)` as colors.
    func returned<T>(
        _ callee: String, _ arguments: [SwiftArgument], at node: SwiftNode,
        as read: (SwiftEvaluator, SwiftNode) throws(SwiftImportError) -> T
    ) throws(SwiftImportError) -> T {
        try calling(callee, arguments, at: node) { (body: Int) throws(SwiftImportError) -> T in
            var parser = SwiftParser(source: source, index: source.returnedExpression(body), depth: depth + 1)
            let value = try parser.expression()
            return try read(SwiftEvaluator(source: source, depth: depth + 1), value)
        }
    }

    /// A parameter's value where `name` is used inside its function.
    func parameterTerm(_ name: String, at node: SwiftNode) throws(SwiftImportError) -> Term? {
        guard let use = source.index(of: node.token), let frame = source.calls.frame(binding: name, at: use) else {
            return nil
        }
        guard let value = frame.values[name]! else {
            throw error(
                "expected a number: no call in this file gives the parameter “\(name)” of \(frame.signature.shown) a number or the time",
                at: node)
        }
        return value
    }

    /// For a mesh written inside a function with parameters (`func
    /// background(at t: Double) -> some View`), `read` with the parameters
    /// as the file's first call of the function that reads gives them.
    func enteringCaller<T>(
        of index: Int, at node: SwiftNode, _ read: () throws(SwiftImportError) -> T
    )
        throws(SwiftImportError) -> T
    {
        guard let body = source.enclosingFunction(of: index), let signature = source.signatures[body],
            !signature.parameters.isEmpty
        else { return try read() }
        var values = Dictionary(uniqueKeysWithValues: signature.parameters.map { ($0.name, Term?.none) })
        for (i, t) in source.tokens.enumerated()
        where t.isIdentifier(signature.name) && source.token(i + 1).isSymbol("(")
            && !source.token(i - 1).isIdentifier("func")
        {
            var parser = SwiftParser(source: source, index: i + 1, depth: depth + 1)
            if let arguments = try? parser.argumentList(), let given = bind(signature, arguments) {
                values = given
                break
            }
        }
        return try entering(body, signature, values, at: node) { (_: Int) throws(SwiftImportError) -> T in try read() }
    }
}
