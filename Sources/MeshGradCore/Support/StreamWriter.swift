import Foundation

/// Writes bytes into a descriptor and says why when it cannot: every
/// `write` and the `close` are checked (a full disk, `/dev/full`, a reader
/// gone), interrupted writes are resumed, short writes continued.
public enum StreamWriter {
    /// Writes all of `bytes` into `descriptor`; nil, or the reason it failed.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        var written = 0
        while written < bytes.count {
            let n = write(descriptor, base + written, bytes.count - written)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return String(cString: strerror(n < 0 ? errno : EIO)) }
            written += n
        }
        return nil
    }

    /// Opens a stream target for writing: a FIFO waits here for its reader.
    public static func open(_ target: OutputTarget, shownAs path: String) throws(FileWriteError) -> Int32 {
        switch target {
        case .descriptor(let descriptor):
            return descriptor
        case .stream(let streamPath), .replace(let streamPath):
            let descriptor = Foundation.open(streamPath, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
            return descriptor
        }
    }

    /// Ends writing into a descriptor ``open(_:shownAs:)`` gave: closed
    /// (and checked) where it was opened here, left open where it is the
    /// process's own.
    public static func close(_ descriptor: Int32, of target: OutputTarget, shownAs path: String) throws(FileWriteError) {
        if case .descriptor = target { return }
        guard Foundation.close(descriptor) == 0 else {
            throw FileWriteError(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Copies the file at `file` into the stream `target`.
    public static func copy(file: String, to target: OutputTarget, shownAs path: String) throws(FileWriteError) {
        let input = Foundation.open(file, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        defer { Foundation.close(input) }
        let output = try open(target, shownAs: path)
        var failure: String?
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while failure == nil {
            let n = read(input, chunk.baseAddress, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if n < 0 { failure = String(cString: strerror(errno)) }
                break
            }
            failure = writeAll(UnsafeRawBufferPointer(rebasing: chunk[..<n]), to: output)
        }
        if let failure {
            if case .descriptor = target {} else { Foundation.close(output) }
            throw FileWriteError(path: path, reason: failure)
        }
        try close(output, of: target, shownAs: path)
    }
}
