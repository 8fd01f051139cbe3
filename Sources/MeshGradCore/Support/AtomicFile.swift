import Foundation

/// Writes a file so that readers see either the old file or the complete
/// new one, never a part: the bytes go to a temporary file beside the
/// destination, which is renamed over it, after being flushed to disk where
/// `durability` asks. A failed or interrupted write leaves the user's
/// previous file untouched. What is not a file at the destination is never
/// renamed over (``OutputTarget``): a link's target is replaced instead, and
/// a FIFO or a device receives the finished bytes.
public final class AtomicFile {
    /// When the data is flushed to disk (`fsync`) before the rename.
    public enum Durability: Sendable {
        /// Always: for what the user made and may have nowhere else (a saved
        /// document, the editor's recovery file).
        case flushed
        /// Only where a crash could otherwise leave neither the old file nor
        /// the new one (``CrashSafety``): for what a command makes from a
        /// document and makes again (renders, exports).
        case whereReplacingNeedsIt
    }

    public let destination: URL
    /// What is at `destination`, and so where the temporary goes and how it
    /// is put in place.
    public let target: OutputTarget
    public let temporary: URL
    public let durability: Durability
    private let handle: FileHandle
    private var finished = false

    /// Opens a temporary file next to `destination` for writing.
    public init(destination: URL, durability: Durability = .flushed) throws(FileWriteError) {
        self.destination = destination
        self.durability = durability
        target = try OutputTarget.of(destination.path)
        let directory = target.temporaryFolder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw FileWriteError(path: destination.path, reason: "the folder \(directory.path) does not exist")
        }
        TemporaryFiles.removeStale(in: directory)
        temporary = directory.appendingPathComponent(TemporaryFiles.name(for: destination.lastPathComponent))
        // Registered before it exists, so that a signal at any moment finds it.
        AtomicFile.pending.register(temporary)
        // Made here, new and only for writing (`FileManager.createFile`
        // wrote an empty file under another name and renamed it).
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            AtomicFile.pending.unregister(temporary)
            throw FileWriteError(path: destination.path, reason: "cannot create a file in \(directory.path)")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Appends bytes to the temporary file. A failure names its cause (a
    /// full disk, a file past `ulimit -f`) as the system does: Foundation's
    /// own error for a failed write says only "could not be completed".
    public func write<Bytes: DataProtocol>(_ bytes: Bytes) throws(FileWriteError) {
        for region in bytes.regions {
            let failure = region.withUnsafeBytes { StreamWriter.writeAll($0, to: handle.fileDescriptor) }
            if let failure { throw FileWriteError(path: destination.path, reason: failure) }
        }
    }

    /// Flushes the temporary file (as `durability` says) and renames it
    /// over the destination.
    public func commit() throws(FileWriteError) {
        precondition(!finished)
        finished = true
        defer { AtomicFile.pending.unregister(temporary) }
        do {
            if case .replace(let path) = target,
                durability == .flushed || CrashSafety.renameNeedsFlush(replacing: URL(fileURLWithPath: path))
            {
                try handle.synchronize()
            }
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FileWriteError(path: destination.path, reason: error.localizedDescription)
        }
        try target.place(temporary, shownAs: destination.path)
    }

    /// Gives up: removes the temporary file, leaves the destination alone.
    public func abandon() {
        guard !finished else { return }
        finished = true
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
        AtomicFile.pending.unregister(temporary)
    }

    deinit { abandon() }

    /// Writes `bytes` to `destination` atomically.
    public static func write<Bytes: DataProtocol>(
        _ bytes: Bytes, to destination: URL, durability: Durability = .flushed
    ) throws(FileWriteError) {
        let file = try AtomicFile(destination: destination, durability: durability)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }

    /// Temporary files not yet committed, so that a signal handler can
    /// remove them before the process dies (see ``removePendingFiles()``).
    static let pending = PendingFiles()

    /// Removes every temporary file still open. Call on SIGINT/SIGTERM.
    public static func removePendingFiles() { pending.removeAll() }
}

final class PendingFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    func register(_ url: URL) { lock.withLock { _ = paths.insert(url.path) } }
    func unregister(_ url: URL) { lock.withLock { _ = paths.remove(url.path) } }
    func removeAll() {
        let all = lock.withLock { paths }
        for path in all { unlink(path) }
    }
}

/// A file could not be written; `reason` says why.
public struct FileWriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}
