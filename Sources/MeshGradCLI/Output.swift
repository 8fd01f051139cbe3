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
    /// `--quiet` or `--verbose`: how much besides errors goes to `err`.
    public var verbosity: Verbosity

    public init(out: any TextOutput, err: any TextOutput, verbosity: Verbosity = .normal) {
        self.out = out
        self.err = err
        self.verbosity = verbosity
    }

    /// A note, a summary or a warning: not with `--quiet`.
    func note(_ text: String) {
        if verbosity != .quiet { err.write(text) }
    }

    /// What was chosen or written: only with `--verbose`.
    func detail(_ text: String) {
        if verbosity == .verbose { err.write(text) }
    }

    public static var standard: Console {
        Console(out: FileDescriptorOutput.standardOutput, err: FileDescriptorOutput.standardError)
    }
}

/// How much a command says on standard error besides its errors.
public enum Verbosity: Sendable {
    case quiet, normal, verbose
}
