import Foundation

extension PendingOutputs {
    /// A temporary file of a caller's own (the CLI's copy for standard
    /// output) that Ctrl-C removes too, until ``forget(_:)``.
    public func track(_ file: URL) { register(file, process: nil) }

    public func forget(_ file: URL) { unregister(file) }
}
