/// A JPEG or WebP that could not be encoded or decoded: one line, the
/// library's own words where it has some.
public struct LossyError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
