import Foundation
import MeshGradCore

/// Where a command writes: standard output and standard error, or buffers
/// in the tests that run commands in-process.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
}

/// Writes to a file descriptor (1 or 2), unbuffered past each call, and
/// remembers the first write that failed (a full disk, a closed stream): the
/// command then ends with that reason and a non-zero status
/// (``CLI/run(_:console:)``), never with an empty file and 0.
public final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    let descriptor: Int32
    /// What the stream is called in the message.
    let name: String
    private let lock = NSLock()
    private var firstFailure: String?

    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    public func write(_ text: String) {
        lock.withLock {
            guard firstFailure == nil else { return }
            if StandardStreams.closedAtStart.contains(descriptor) {
                firstFailure = "\(name) is closed"
                return
            }
            firstFailure = Array(text.utf8).withUnsafeBytes { StreamWriter.writeAll($0, to: descriptor) }.map { "\(name): \($0)" }
        }
    }

    /// The first failed write's reason, if any write failed.
    public var failure: String? { lock.withLock { firstFailure } }

    public static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO, name: "standard output")
    public static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO, name: "standard error")
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
