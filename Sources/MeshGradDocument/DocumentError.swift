/// A document that cannot be used, said the way a person fixes it: where
/// (file, line and column when known, the key path), what was found and
/// what was expected.
public struct DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, when the document came from one.
    public var file: String?
    /// `points[3][0]`; empty for the document as a whole.
    public var keyPath: String
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(file: String? = nil, keyPath: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
        self.line = line
        self.column = column
    }

    /// `spec.json:3:14: points[1][0]: 1e999 is not a finite number; …`
    public var description: String {
        var prefix = ""
        if let file {
            prefix = file
            if let line, let column { prefix += ":\(line):\(column)" }
            prefix += ": "
        } else if let line, let column {
            prefix = "line \(line), column \(column): "
        }
        return prefix + (keyPath.isEmpty ? "" : "\(keyPath): ") + message
    }

    func located(in file: String) -> DocumentError {
        var copy = self
        copy.file = file
        return copy
    }
}
