/// One token of Swift source, with where it starts (1-based line and
/// column, columns counted in characters) so that every message can point
/// at it.
struct SwiftToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case identifier
        case number
        case string
        /// Any other single character (`(`, `.`, `@`, …), or `->`.
        case symbol
    }

    var kind: Kind
    /// The identifier or symbol as written; a number's digits (underscores
    /// removed); a string's contents without quotes or escapes resolved.
    var text: String
    var line: Int
    var column: Int

    func isSymbol(_ s: String) -> Bool { kind == .symbol && text == s }
    func isIdentifier(_ s: String) -> Bool { kind == .identifier && text == s }
}

/// Splits Swift source into tokens: identifiers, numbers, string literals
/// and symbols, skipping whitespace and comments (nested block comments
/// too). It is not a Swift parser and does not try to be: it only has to
/// be exact about the literals a mesh gradient is written with, and never
/// stop on anything else (prose around pasted code, operators it does not
/// know) since the reader reports what it cannot read itself.
struct SwiftTokenizer {
    private let characters: [Character]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ source: String) {
        characters = Array(source)
    }

    static func tokens(_ source: String) -> [SwiftToken] {
        var tokenizer = SwiftTokenizer(source)
        var result: [SwiftToken] = []
        while let token = tokenizer.next() { result.append(token) }
        return result
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func advance() {
        if characters[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    mutating func next() -> SwiftToken? {
        skipTrivia()
        guard let c = peek() else { return nil }
        let (startLine, startColumn) = (line, column)
        func token(_ kind: SwiftToken.Kind, _ text: String) -> SwiftToken {
            SwiftToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        if c.isLetter || c == "_" || c == "$" {
            return token(.identifier, take { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" })
        }
        if c.isASCII && c.isNumber {
            return token(.number, number())
        }
        if c == "\"" {
            return token(.string, string())
        }
        if c == "-" && peek(1) == ">" {
            advance()
            advance()
            return token(.symbol, "->")
        }
        advance()
        return token(.symbol, String(c))
    }

    private mutating func take(while accepts: (Character) -> Bool) -> String {
        var text = ""
        while let c = peek(), accepts(c) {
            text.append(c)
            advance()
        }
        return text
    }

    /// Decimal numbers with an optional fraction and exponent, and hex
    /// integers; `_` separators dropped.
    private mutating func number() -> String {
        if peek() == "0", peek(1) == "x" {
            advance()
            advance()
            return "0x" + take { $0.isHexDigit || $0 == "_" }.filter { $0 != "_" }
        }
        var text = take { ($0.isASCII && $0.isNumber) || $0 == "_" }
        if peek() == ".", let d = peek(1), d.isASCII, d.isNumber {
            advance()
            text += "." + take { ($0.isASCII && $0.isNumber) || $0 == "_" }
        }
        if let e = peek(), e == "e" || e == "E" {
            let sign = peek(1)
            let digitAt = (sign == "+" || sign == "-") ? 2 : 1
            if let d = peek(digitAt), d.isASCII, d.isNumber {
                advance()
                var exponent = "e"
                if digitAt == 2 {
                    exponent.append(sign!)
                    advance()
                }
                text += exponent + take { $0.isASCII && $0.isNumber }
            }
        }
        return text.filter { $0 != "_" }
    }

    /// A `"…"` or `"""…"""` literal; interpolations are kept as written.
    private mutating func string() -> String {
        let triple = peek(1) == "\"" && peek(2) == "\""
        for _ in 0..<(triple ? 3 : 1) { advance() }
        var text = ""
        while let c = peek() {
            if c == "\\", let n = peek(1) {
                text.append(c)
                text.append(n)
                advance()
                advance()
                continue
            }
            if c == "\"" {
                if !triple {
                    advance()
                    return text
                }
                if peek(1) == "\"" && peek(2) == "\"" {
                    for _ in 0..<3 { advance() }
                    return text
                }
            }
            // A one-line string ends at the line's end even when unclosed,
            // so one stray quote in prose cannot swallow the file.
            if c == "\n" && !triple { return text }
            text.append(c)
            advance()
        }
        return text
    }

    private mutating func skipTrivia() {
        while let c = peek() {
            if c.isWhitespace {
                advance()
            } else if c == "/" && peek(1) == "/" {
                // To the line's end, or to a Markdown code fence: a page
                // flattened to one line keeps its ``` and loses its breaks.
                while let d = peek(), d != "\n", !(d == "`" && peek(1) == "`" && peek(2) == "`") { advance() }
            } else if c == "/" && peek(1) == "*" {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while peek() != nil {
            if peek() == "/" && peek(1) == "*" {
                depth += 1
                advance()
                advance()
            } else if peek() == "*" && peek(1) == "/" {
                depth -= 1
                advance()
                advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }
}
