import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test runs to its end: its status and what it printed.
///
/// Started with `posix_spawn` rather than Foundation's `Process`, because
/// `Process` learns of a child's end from a socket the child inherits: a
/// daemon the child starts (munged, slurmd) keeps that socket open and
/// `waitUntilExit` never returns. Here the test waits on the child's own
/// pid, its output goes to files (no pipe to fill or to be held open), every
/// descriptor above 2 is closed in the child, and a child still running at
/// the deadline is killed with its process group and reported.
public struct ChildProcess {
    public var status: Int32
    /// Standard output's bytes (a tool may print binary data).
    public var output: Data
    public var err: String
    /// Standard output as text.
    public var out: String { String(decoding: output, as: UTF8.self) }

    public struct Timeout: Error, CustomStringConvertible {
        public var command: String
        public var seconds: TimeInterval
        public var err: String
        public var description: String { "\(command) did not finish in \(Int(seconds)) s; it printed: \(err)" }
    }

    public struct LaunchFailure: Error, CustomStringConvertible {
        public var command: String
        public var code: Int32
        public var description: String { "\(command) could not start: \(String(cString: strerror(code)))" }
    }

    /// Runs `executable` with `arguments`, the test's environment merged
    /// with `environment`, in `folder` (the test's own when nil), reading
    /// `input` on its standard input (nothing when nil).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        in folder: URL? = nil, input: Data? = nil, timeout: TimeInterval = 300
    ) throws -> ChildProcess {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-child-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = (
            input: scratch.appendingPathComponent("in"), out: scratch.appendingPathComponent("out"),
            err: scratch.appendingPathComponent("err")
        )
        try (input ?? Data()).write(to: files.input)
        let command = ([executable] + arguments).joined(separator: " ")
        let pid = try spawn(
            [executable] + arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            folder: folder, files: [files.input, files.out, files.err], command: command)
        let status = try wait(for: pid, timeout: timeout) {
            Timeout(command: command, seconds: timeout, err: (try? String(contentsOf: files.err, encoding: .utf8)) ?? "")
        }
        return ChildProcess(
            status: status, output: try Data(contentsOf: files.out),
            err: try String(decoding: Data(contentsOf: files.err), as: UTF8.self))
    }

    /// `bash -c script`, the same way.
    public static func shell(
        _ script: String, environment: [String: String] = [:], in folder: URL? = nil, input: Data? = nil,
        timeout: TimeInterval = 300
    ) throws -> ChildProcess {
        try run("/bin/bash", ["-c", script], environment: environment, in: folder, input: input, timeout: timeout)
    }

    /// Starts the child in a process group of its own with descriptors 0, 1
    /// and 2 opened on `files` and every other one closed.
    static func spawn(
        _ argv: [String], environment: [String: String], folder: URL?, files: [URL], command: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, files[0].path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, files[1].path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, files[2].path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = GNUSpawnActions.closeFrom(&actions, 3)
        if let folder { _ = GNUSpawnActions.changeDirectory(&actions, folder.path) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // As from a shell: no signal blocked, none ignored. The test
        // runner blocks most signals in its threads, and a child would
        // inherit that mask (a file-size signal would never arrive).
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard code == 0 else { throw LaunchFailure(command: command, code: code) }
        return pid
    }

    /// The exit status (128 + N for signal N), or `timedOut()` thrown once
    /// the group is killed at the deadline.
    static func wait(for pid: pid_t, timeout: TimeInterval, timedOut: () -> Timeout) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var raw: Int32 = 0
        while true {
            let reaped = waitpid(pid, &raw, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { return -1 }
            if Date() > deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &raw, 0)
                throw timedOut()
            }
            usleep(5_000)
        }
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` and `…_addchdir_np`
/// (2.34 and 2.29), which its headers declare only under _GNU_SOURCE, so
/// Swift's Glibc module does not show them: looked up by name instead.
enum GNUSpawnActions {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
        -> Int32

    static let closeFrom: CloseFrom = function("posix_spawn_file_actions_addclosefrom_np")
    static let changeDirectory: ChangeDirectory = function("posix_spawn_file_actions_addchdir_np")

    static func function<T>(_ name: String) -> T {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
            fatalError("glibc without \(name): the tests need glibc 2.34 or later")
        }
        return unsafeBitCast(symbol, to: T.self)
    }
}
