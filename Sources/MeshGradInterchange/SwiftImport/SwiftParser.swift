/// Reads expressions from a ``SwiftSource``'s tokens: arithmetic (folded to
/// ``Term``s as it goes), array literals, calls with labelled arguments,
/// implicit members and dotted names. Everything else is an error at the
/// token where it went wrong.
struct SwiftParser {
    let source: SwiftSource
    var index: Int
    /// How many names deep this parse was reached through; bounds cycles.
    let depth: Int
    /// Brackets open around the current token; bounds the recursion.
    private var nesting = 0
    static let maximumNesting = 200

    /// Members whose value changes from run to run.
    static let randomMembers: Set<String> = ["random", "randomElement", "shuffled", "shuffle"]

    init(source: SwiftSource, index: Int, depth: Int) {
        self.source = source
        self.index = index
        self.depth = depth
    }

    var current: SwiftToken { source.token(index) }
    var atEnd: Bool { index >= source.tokens.count }

    func peek(_ offset: Int = 0) -> SwiftToken { source.token(index + offset) }

    func error(_ message: String, at token: SwiftToken? = nil) -> SwiftImportError {
        source.error(message, at: token ?? current)
    }

    mutating func expect(_ symbol: String, _ what: String) throws(SwiftImportError) {
        guard current.isSymbol(symbol) else {
            throw error("expected \(what), found \(describe(current))")
        }
        index += 1
    }

    /// A value, `state ? a : b` (the branch of the state's value, see
    /// ``SwiftSource/states``) or `a ?? b` (`a`: what the file's own
    /// failable initializer makes).
    mutating func expression() throws(SwiftImportError) -> SwiftNode {
        let negated = current.isSymbol("!")
        if negated { index += 1 }
        let first = try sum()
        if current.isSymbol("?"), peek(1).isSymbol("?"), !negated {
            index += 2
            _ = try expression()
            return first
        }
        guard current.isSymbol("?") else {
            if negated { throw error("expected a value, found “!”", at: first.token) }
            return first
        }
        let question = current
        index += 1
        let whenTrue = try expression()
        try expect(":", "“:” between the two values of “?”")
        let whenFalse = try expression()
        guard case .path(let names) = first.expression, let name = names.last,
            names.count == 1 || (names.count == 2 && names[0] == "self"), let value = source.stateValue(name)
        else {
            throw error(
                "expected a @State Bool of this file before “?” (its two values become keyframes), found \(describe(first.token))",
                at: question)
        }
        source.statesRead.names.insert(name)
        return value != negated ? whenTrue : whenFalse
    }

    /// `+` and `-` over products.
    private mutating func sum() throws(SwiftImportError) -> SwiftNode {
        nesting += 1
        defer { nesting -= 1 }
        source.budget.steps -= 1
        guard nesting <= Self.maximumNesting, source.budget.steps > 0 else {
            throw error(
                nesting > Self.maximumNesting
                    ? "expected at most \(Self.maximumNesting) nested brackets"
                    : "expected less work: the file's names refer to each other too many times over")
        }
        var left = try product()
        while current.isSymbol("+") || current.isSymbol("-"), !peek(1).isSymbol("=") {
            let op = current
            index += 1
            let right = try product()
            let evaluator = SwiftEvaluator(source: source, depth: depth)
            let (a, b) = (try evaluator.term(left), try evaluator.term(right))
            guard let sum = op.text == "+" ? a + b : a + (-b) else {
                throw error("expected at most one cosine of time in a coordinate", at: op)
            }
            guard sum.isFinite else { throw error("the sum is not a finite number; expected finite values", at: op) }
            left = SwiftNode(expression: .term(sum), token: left.token)
        }
        return left
    }

    private mutating func product() throws(SwiftImportError) -> SwiftNode {
        var left = try unary()
        while current.isSymbol("*") || current.isSymbol("/"), !peek(1).isSymbol("=") {
            let op = current
            index += 1
            let right = try unary()
            let evaluator = SwiftEvaluator(source: source, depth: depth)
            let (a, b) = (try evaluator.term(left), try evaluator.term(right))
            guard let result = op.text == "*" ? a * b : a / b else {
                throw error(
                    "expected a constant factor (a product or quotient of two times cannot move a point)", at: op)
            }
            guard result.isFinite else {
                throw error("the \(op.text == "*" ? "product" : "quotient") is not a finite number; expected finite values", at: op)
            }
            left = SwiftNode(expression: .term(result), token: left.token)
        }
        return left
    }

    private mutating func unary() throws(SwiftImportError) -> SwiftNode {
        let start = current
        if start.isSymbol("-") || start.isSymbol("+") {
            index += 1
            nesting += 1
            defer { nesting -= 1 }
            guard nesting <= Self.maximumNesting else {
                throw error("expected at most \(Self.maximumNesting) signs in a row")
            }
            let operand = try unary()
            let value = try SwiftEvaluator(source: source, depth: depth).term(operand)
            return SwiftNode(expression: .term(start.text == "-" ? -value : value), token: start)
        }
        return try postfix(primary())
    }

    private mutating func postfix(_ base: SwiftNode) throws(SwiftImportError) -> SwiftNode {
        var node = base
        // A force unwrap (`Color(hex: "#…")!`) reads as its value.
        while current.isSymbol("!"), !peek(1).isSymbol("=") { index += 1 }
        while current.isSymbol("."), peek(1).kind == .identifier {
            let name = peek(1).text
            if Self.randomMembers.contains(name) {
                throw error(
                    "“.\(name)” gives a new value on every run; expected the value the mesh should have", at: peek(1))
            }
            index += 2
            if current.isSymbol("(") {
                let arguments = try argumentList()
                node = SwiftNode(
                    expression: .call(callee: name, receiver: node, arguments: arguments), token: node.token)
            } else if case .path(let names) = node.expression {
                node = SwiftNode(expression: .path(names + [name]), token: node.token)
            } else {
                node = SwiftNode(expression: .call(callee: name, receiver: node, arguments: []), token: node.token)
            }
        }
        return node
    }

    private mutating func primary() throws(SwiftImportError) -> SwiftNode {
        let start = current
        switch start.kind {
        case .number:
            index += 1
            guard let value = numberValue(start.text) else { throw error("expected a number", at: start) }
            // Swift itself refuses a literal that overflows Float or Double.
            guard value.isFinite else {
                throw error("the number is too large for Swift's Float or Double; expected a finite number", at: start)
            }
            return SwiftNode(expression: .term(.number(value)), token: start)
        case .string:
            index += 1
            return SwiftNode(expression: .string(start.text), token: start)
        case .identifier:
            return try named()
        case .symbol:
            break
        }
        switch start.text {
        case "(":
            index += 1
            let inner = try expression()
            try expect(")", "“)”")
            return inner
        case "[":
            return try arrayLiteral()
        case ".":
            guard peek(1).kind == .identifier else { throw error("expected a name after “.”", at: peek(1)) }
            let name = peek(1).text
            index += 2
            if current.isSymbol("(") {
                return SwiftNode(
                    expression: .call(callee: "." + name, receiver: nil, arguments: try argumentList()), token: start)
            }
            return SwiftNode(expression: .member(name), token: start)
        default:
            throw error("expected a value, found \(describe(start))")
        }
    }

    /// A name: `true`, `SIMD2<Float>(…)`, `Color(…)`, `viewModel.colors`.
    private mutating func named() throws(SwiftImportError) -> SwiftNode {
        let start = current
        index += 1
        if start.text == "true" || start.text == "false" {
            return SwiftNode(expression: .bool(start.text == "true"), token: start)
        }
        if current.isSymbol("<"), let end = genericEnd(from: index), source.token(end).isSymbol("(") {
            index = end
        }
        // `colors()`, a function of the file without parameters: the value
        // it returns, like a name's.
        if current.isSymbol("("), peek(1).isSymbol(")"), source.functions[start.text] != nil,
            source.declarations[start.text] != nil
        {
            index += 2
            return SwiftNode(expression: .path([start.text]), token: start)
        }
        if current.isSymbol("(") {
            let arguments = try argumentList()
            return SwiftNode(expression: .call(callee: start.text, receiver: nil, arguments: arguments), token: start)
        }
        return SwiftNode(expression: .path([start.text]), token: start)
    }

    /// The index after `<…>` starting at `from`, if it is a generic
    /// argument list (names, dots and commas only).
    private func genericEnd(from: Int) -> Int? {
        var i = from + 1
        var depth = 1
        while i < source.tokens.count, i < from + 16 {
            let t = source.tokens[i]
            if t.isSymbol("<") { depth += 1 }
            if t.isSymbol(">") {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            guard t.kind == .identifier || t.isSymbol(".") || t.isSymbol(",") || t.isSymbol("<") || t.isSymbol(">")
            else { return nil }
            i += 1
        }
        return nil
    }

    private mutating func arrayLiteral() throws(SwiftImportError) -> SwiftNode {
        let start = current
        index += 1
        var elements: [SwiftNode] = []
        while !current.isSymbol("]") {
            guard !atEnd else { throw error("expected “]” to close the array opened at \(start.line):\(start.column)") }
            elements.append(try expression())
            if current.isSymbol(",") {
                index += 1
            } else if !current.isSymbol("]") {
                throw error("expected “,” or “]” in the array, found \(describe(current))")
            }
        }
        index += 1
        return SwiftNode(expression: .array(elements), token: start)
    }

    /// `(label: value, value, …)`.
    mutating func argumentList() throws(SwiftImportError) -> [SwiftArgument] {
        let open = current
        try expect("(", "“(”")
        var arguments: [SwiftArgument] = []
        while !current.isSymbol(")") {
            guard !atEnd else { throw error("expected “)” to close the call opened at \(open.line):\(open.column)") }
            var label: String?
            if current.kind == .identifier, peek(1).isSymbol(":") {
                label = current.text
                index += 2
            }
            arguments.append(SwiftArgument(label: label, value: try expression()))
            if current.isSymbol(",") {
                index += 1
            } else if !current.isSymbol(")") {
                throw error("expected “,” or “)” between arguments, found \(describe(current))")
            }
        }
        index += 1
        return arguments
    }
}

/// A number literal's value: decimal, exponent or hex integer.
func numberValue(_ text: String) -> Double? {
    // Not `.map(Double.init)`: that picks `init(bitPattern:)` (0x2 read as 1e-323).
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16).map { Double($0) } }
    return Double(text)
}

/// How a token is named in "found …" messages.
func describe(_ token: SwiftToken) -> String {
    switch token.kind {
    case .identifier: "“\(token.text)”"
    case .number: "the number \(token.text)"
    case .string: "a string"
    case .symbol: token.text.isEmpty ? "the end of the file" : "“\(token.text)”"
    }
}
