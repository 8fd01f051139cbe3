import Foundation

/// What is at an output path, and so how an output is put there: never by
/// replacing something that is not a file the user asked to replace.
///
/// - Nothing, or a regular file: the output is written beside it and
///   renamed over it (``AtomicFile``), so readers see the old file or the
///   whole new one.
/// - A symbolic link: the same for the file it points to (followed to the
///   end of its chain); the link stays.
/// - A FIFO, a character device (`/dev/null`, a terminal) or a standard
///   stream by name (`/dev/stdout`, `/dev/fd/N`): the finished bytes are
///   written into it, in order; nothing is renamed.
/// - A folder, a block device or a socket: refused.
public enum OutputTarget: Equatable, Sendable {
    /// Write beside `path` and rename over it.
    case replace(path: String)
    /// Open `path` (a FIFO or a character device) and write into it.
    case stream(path: String)
    /// Write into this process's descriptor (`/dev/stdout` is 1).
    case descriptor(Int32)

    /// How many links a chain may have before it is taken for a loop
    /// (Linux's own limit).
    static let maximumLinks = 40

    /// What `path` is, refused where nothing can be written safely.
    public static func of(_ path: String) throws(FileWriteError) -> OutputTarget {
        if let descriptor = standardStream(path) { return .descriptor(descriptor) }
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
                return .replace(path: current)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .replace(path: current)
            case S_IFLNK:
                current = try linkTarget(of: current, named: path)
                if let descriptor = standardStream(current) { return .descriptor(descriptor) }
            case S_IFIFO, S_IFCHR: return .stream(path: current)
            case S_IFDIR: throw FileWriteError(path: path, reason: "is a folder; expected a file name")
            case S_IFBLK:
                throw FileWriteError(path: path, reason: "is a block device; expected a file, a FIFO or a character device")
            default:
                throw FileWriteError(path: path, reason: "is a socket; expected a file, a FIFO or a character device")
            }
        }
        throw FileWriteError(path: path, reason: "too many levels of symbolic links")
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`: the
    /// descriptor they stand for, written directly (opening the name anew
    /// would start a redirected file over at offset 0, or fail on a socket).
    static func standardStream(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count)).flatMap { $0 >= 0 ? $0 : nil }
            }
            return nil
        }
    }

    /// Where the link at `link` points, as a path (a relative target is
    /// relative to the link's folder).
    static func linkTarget(of link: String, named path: String) throws(FileWriteError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !target.hasPrefix("/") else { return target }
        let folder = PathText.folder(of: link)
        return folder.isEmpty ? target : (folder.hasSuffix("/") ? folder : folder + "/") + target
    }

    /// The folder that holds a temporary for this target: beside the file
    /// it replaces (a rename cannot cross filesystems), the system's
    /// temporary folder for a stream.
    public var temporaryFolder: URL {
        switch self {
        case .replace(let path):
            let folder = PathText.folder(of: path)
            return URL(fileURLWithPath: folder.isEmpty ? "." : folder, isDirectory: true)
        case .stream, .descriptor:
            return FileManager.default.temporaryDirectory
        }
    }

    /// Puts the finished `temporary` (in ``temporaryFolder``) at the
    /// target: renamed over the file, or copied into the stream and removed.
    public func place(_ temporary: URL, shownAs path: String) throws(FileWriteError) {
        switch self {
        case .replace(let destination):
            if rename(temporary.path, destination) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temporary.path)
                throw FileWriteError(path: path, reason: reason)
            }
        case .stream, .descriptor:
            defer { unlink(temporary.path) }
            try StreamWriter.copy(file: temporary.path, to: self, shownAs: path)
        }
    }
}
