import MeshGradCore

/// A strict JSON syntax check that knows where it is: line, column and the
/// key path of every value. Foundation's decoder only says "not valid JSON";
/// this pass runs first and turns every syntax problem into a message a
/// person can act on, and it catches numbers that parse to infinity
/// (`1e999`) or words JSON does not allow (`NaN`, `Infinity`), naming the
/// key that holds them.
struct JSONSyntaxCheck {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var path: [PathComponent] = []
    private static let maximumDepth = 256

    enum PathComponent {
        case key(String)
        case index(Int)
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Throws the first syntax error; returns silently for valid JSON.
    static func check(_ bytes: [UInt8]) throws(DocumentError) {
        var checker = JSONSyntaxCheck(bytes)
        try checker.run()
    }

    private mutating func run() throws(DocumentError) {
        // A UTF-8 byte order mark is tolerated, as editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw failure("the file is empty; expected a JSON object") }
        try value(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(describeHere()) after the end of the JSON value") }
    }

    private var column: Int { index - lineStart + 1 }

    private func failure(_ message: String) -> DocumentError {
        DocumentError(keyPath: keyPath, message: message, line: line, column: column)
    }

    private var keyPath: String { formatKeyPath(path) }

    private func describeHere() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7f { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func value(depth: Int) throws(DocumentError) {
        guard depth < Self.maximumDepth else { throw failure("the JSON is nested too deeply") }
        skipWhitespace()
        guard index < bytes.count else { throw failure("the file ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw failure("\(SafeText.value(word())) is not a finite number; expected a finite number")
        default:
            throw failure("unexpected \(describeHere()); expected a value")
        }
    }

    private func word() -> String {
        var end = index
        while end < bytes.count,
            (bytes[end] >= UInt8(ascii: "a") && bytes[end] <= UInt8(ascii: "z"))
                || (bytes[end] >= UInt8(ascii: "A") && bytes[end] <= UInt8(ascii: "Z"))
        {
            end += 1
        }
        return String(decoding: bytes[index..<max(end, index + 1)], as: UTF8.self)
    }

    private mutating func literal(_ text: String) throws(DocumentError) {
        let expected = Array(text.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("unexpected '\(SafeText.value(word()))'; expected a value")
        }
        index += expected.count
    }

    private mutating func object(depth: Int) throws(DocumentError) {
        index += 1  // {
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        // Where each key was first seen: a key given twice is refused, as
        // the decoder would silently keep one of the values.
        var seen: [String: (line: Int, column: Int)] = [:]
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeHere()); expected a key in double quotes")
            }
            let keyLine = line
            let keyColumn = column
            let key = unescaped(try string())
            if let first = seen[key] {
                throw DocumentError(
                    keyPath: formatKeyPath(path + [.key(key)]),
                    message:
                        "duplicate key \(SafeText.quoted(key)) (first at line \(first.line), column \(first.column)); "
                        + "expected each key once",
                    line: keyLine, column: keyColumn)
            }
            seen[key] = (keyLine, keyColumn)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeHere()); expected ':' after the key \(SafeText.quoted(key))")
            }
            index += 1
            path.append(.key(key))
            try value(depth: depth + 1)
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw failure("the file ends inside an object; expected '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                    throw failure("a trailing ',' before '}' is not allowed in JSON")
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            throw failure("unexpected \(describeHere()); expected ',' or '}' after a value")
        }
    }

    private mutating func array(depth: Int) throws(DocumentError) {
        index += 1  // [
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var element = 0
        while true {
            path.append(.index(element))
            try value(depth: depth + 1)
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw failure("the file ends inside an array; expected ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                    throw failure("a trailing ',' before ']' is not allowed in JSON")
                }
                element += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            throw failure("unexpected \(describeHere()); expected ',' or ']' after an array element")
        }
    }

    private mutating func string() throws(DocumentError) -> String {
        let start = index
        index += 1  // "
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    let hex = bytes[(index + 1)..<min(index + 5, bytes.count)]
                    guard hex.count == 4, hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
                        throw failure("a \\u escape needs four hex digits")
                    }
                    index += 5
                default:
                    throw failure("unknown escape \\\(Character(Unicode.Scalar(bytes[index]))) in a string")
                }
            case 0..<0x20:
                throw failure(
                    b == UInt8(ascii: "\n")
                        ? "a string is not closed before the end of the line" : "a control character inside a string")
            default:
                index += 1
            }
        }
        throw failure("the file ends inside a string")
    }

    private mutating func number() throws(DocumentError) {
        let start = index
        let startColumn = column
        func digits() -> Int {
            var n = 0
            while index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                index += 1
                n += 1
            }
            return n
        }
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count && bytes[index] == UInt8(ascii: "I") {
                throw DocumentError(
                    keyPath: keyPath, message: "-\(word()) is not a finite number; expected a finite number",
                    line: line, column: startColumn)
            }
        }
        guard index < bytes.count else { throw failure("the file ends inside a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                throw failure("numbers cannot have leading zeros in JSON")
            }
        } else if digits() == 0 {
            throw failure("unexpected \(describeHere()); expected a digit")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("unexpected \(describeHere()); expected a digit after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { throw failure("unexpected \(describeHere()); expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let value = Double(text), !value.isFinite {
            throw DocumentError(
                keyPath: keyPath, message: "\(text) is not a finite number; expected a finite number",
                line: line, column: startColumn)
        }
    }
}

/// `points[3][0]`, `bezierPoints[2].leading`: the way users name a value.
func formatKeyPath(_ path: [JSONSyntaxCheck.PathComponent]) -> String {
    var result = ""
    for component in path {
        switch component {
        case .key(let key): result += result.isEmpty ? SafeText.value(key) : ".\(SafeText.value(key))"
        case .index(let i): result += "[\(i)]"
        }
    }
    return result
}

/// A JSON string's text (as ``JSONSyntaxCheck`` returns it, between the
/// quotes, escapes not yet resolved) as the decoder reads it, so that
/// `"a"` and `"\u0061"` are the same key.
func unescaped(_ raw: String) -> String {
    guard raw.contains("\\") else { return raw }
    var result = ""
    var scalars = Array(raw.unicodeScalars)[...]
    var pendingHigh: UInt32?
    while let scalar = scalars.popFirst() {
        guard scalar == "\\", let next = scalars.popFirst() else {
            result.unicodeScalars.append(scalar)
            continue
        }
        switch next {
        case "n": result += "\n"
        case "t": result += "\t"
        case "r": result += "\r"
        case "b": result += "\u{8}"
        case "f": result += "\u{C}"
        case "u":
            let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
            scalars = scalars.dropFirst(4)
            guard let code = UInt32(hex, radix: 16) else { continue }
            if (0xD800..<0xDC00).contains(code) {
                pendingHigh = code
                continue
            }
            if (0xDC00..<0xE000).contains(code), let high = pendingHigh {
                let combined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                if let s = Unicode.Scalar(combined) { result.unicodeScalars.append(s) }
            } else if let s = Unicode.Scalar(code) {
                result.unicodeScalars.append(s)
            }
            pendingHigh = nil
        default: result.unicodeScalars.append(next)
        }
    }
    return result
}

/// The strict JSON check that documents get (line and column, key paths,
/// duplicate keys, numbers that overflow), for other JSON the tools read
/// (a manifest's lines).
public enum JSONSyntax {
    public static func check(_ bytes: [UInt8]) throws(DocumentError) {
        try JSONSyntaxCheck.check(bytes)
    }
}
