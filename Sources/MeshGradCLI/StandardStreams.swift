import Foundation

/// Standard input, output and error as the process found them. A stream
/// the caller closed (`<&-`, `>&-`) is taken by `/dev/null`, opened the
/// wrong way round, so that no file this process opens later lands on
/// descriptor 0, 1 or 2 (a PNG's bytes must not become the text output) and
/// so that using it fails; commands refuse to read or write it in one line.
public enum StandardStreams {
    /// The descriptors among 0, 1 and 2 that were closed at start.
    public private(set) nonisolated(unsafe) static var closedAtStart: Set<Int32> = []

    /// Call once, first thing in `main`.
    public static func occupyClosed() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
            closedAtStart.insert(descriptor)
            // Reading a closed output or writing a closed input fails (EBADF).
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Refuses standard input when it was closed.
    static func refuseClosedInput(what: String) throws {
        if closedAtStart.contains(STDIN_FILENO) {
            throw CommandError("standard input is closed; expected \(what) on it, or a file name instead of -")
        }
    }
}
