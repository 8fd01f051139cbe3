import Foundation

/// Where a command writes: standard output and standard error, or buffers
/// in the tests that run commands in-process.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
}

/// Writes to a file descriptor (1 or 2), unbuffered past each call.
public final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    let handle: FileHandle
    public init(_ handle: FileHandle) { self.handle = handle }
    public func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
    public static let standardOutput = FileDescriptorOutput(.standardOutput)
    public static let standardError = FileDescriptorOutput(.standardError)
}

/// Collects what is written, for tests.
public final class BufferOutput: TextOutput {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}

/// The streams a command talks to.
public struct Console: @unchecked Sendable {
    public var out: any TextOutput
    public var err: any TextOutput

    public init(out: any TextOutput, err: any TextOutput) {
        self.out = out
        self.err = err
    }

    public static var standard: Console {
        Console(out: FileDescriptorOutput.standardOutput, err: FileDescriptorOutput.standardError)
    }
}
