/// Something `meshgrad import` could not read: where (`file:line:column`)
/// and what it expected there. The reader never guesses; it stops here.
public struct SwiftImportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ message: String, at token: SwiftToken, file: String) {
        self.init(file: file, line: token.line, column: token.column, message: message)
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
