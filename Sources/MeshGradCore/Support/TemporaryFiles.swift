import Foundation

/// Names for the temporary files and folders a run writes beside its
/// outputs (and in `$TMPDIR`), made so that a later run can recognize
/// them: `.meshgrad-hHOST-PID-RANDOM-NAME`. A run killed outright (SIGKILL,
/// a power cut) cannot remove its own; the next run that writes to the same
/// folder removes them, but only those it can tell are dead.
///
/// A process number means something only to processes of the same kernel
/// and PID namespace: a folder shared by two machines (NFS, a Kubernetes
/// volume, `parallel --sshlogin`) or two containers holds temporaries of
/// processes this one cannot see. So each name carries its host, a hash of
/// the kernel's boot id and the PID namespace; a temporary of this host is
/// removed when its process is gone, one of another host (or of a name
/// without a host) only when it is older than ``foreignAge``.
public enum TemporaryFiles {
    public static let prefix = ".meshgrad-"

    /// How old another host's temporary must be to count as abandoned: no
    /// render or export runs for a day.
    public static let foreignAge: TimeInterval = 24 * 3600

    /// A fresh name for a temporary that becomes `final`: it keeps
    /// `final`'s extension last (ffmpeg picks its format by it).
    public static func name(for final: String, suffix: String = ".tmp") -> String {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        return "\(namePrefix(of: ProcessInfo.processInfo.processIdentifier))\(random)-\(final)\(suffix)"
    }

    /// How the names of process `pid`'s temporaries on this host begin.
    public static func namePrefix(of pid: Int32) -> String { "\(prefix)h\(host)-\(pid)-" }

    /// Who made a temporary: its host (nil for a name from before hosts
    /// were named) and its process.
    public struct Owner: Equatable, Sendable {
        public var host: String?
        public var pid: Int32
        public init(host: String?, pid: Int32) {
            self.host = host
            self.pid = pid
        }
    }

    /// The owner of `name`, if it is one of these names.
    public static func owner(of name: String) -> Owner? {
        guard name.hasPrefix(prefix) else { return nil }
        let fields = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        if let first = fields.first, first.hasPrefix("h"), first.count == 13, fields.count >= 2,
            let pid = Int32(fields[1])
        {
            return Owner(host: String(first.dropFirst()), pid: pid)
        }
        return fields.first.flatMap { Int32($0) }.map { Owner(host: nil, pid: $0) }
    }

    /// This host: 12 hex digits of a hash of the boot id (one per running
    /// kernel) and the PID namespace (one per container).
    public static let host: String = {
        let boot = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? hostName()
        let namespace = linkText("/proc/self/ns/pid") ?? ""
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // The first word, not `trimmingCharacters`, which goes through
        // NSString (a tenth of a millisecond of every command's start).
        let bootWord = boot.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        for byte in (bootWord + "|" + namespace).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let digits = String(hash & 0xffff_ffff_ffff, radix: 16)
        return String(repeating: "0", count: 12 - digits.count) + digits
    }()

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "" }
        return String(nulTerminated: buffer)
    }

    static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(nulTerminated: buffer.prefix(count))
    }

    /// Whether process `pid` still runs (or exists under another user).
    public static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// Whether the temporary `name` at `path` is abandoned: this host's
    /// with its process gone, or anyone else's older than ``foreignAge``.
    static func isAbandoned(_ owner: Owner, at path: String, now: Date) -> Bool {
        if owner.host == host {
            return owner.pid != ProcessInfo.processInfo.processIdentifier && !isRunning(owner.pid)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return now.timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec) > foreignAge
    }

    /// Removes the abandoned temporaries in `folder`; returns their names.
    /// Each folder is looked at once per run.
    @discardableResult
    public static func removeStale(in folder: URL) -> [String] {
        let path = folder.standardizedFileURL.path
        guard cleaned.insert(path) else { return [] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        let now = Date()
        var removed: [String] = []
        for name in names {
            let full = (path as NSString).appendingPathComponent(name)
            guard let owner = owner(of: name), isAbandoned(owner, at: full, now: now) else { continue }
            if (try? FileManager.default.removeItem(atPath: full)) != nil { removed.append(name) }
        }
        return removed
    }

    static let cleaned = CleanedFolders()

    /// Removes `url`, and again while it is there, for at most `seconds`:
    /// a writer still busy in a folder (a frame added, a helper process's
    /// file) makes a removal fail, not empty. What is removed stays
    /// removed as long as nothing recreates the folder itself.
    public static func remove(_ url: URL, retryingFor seconds: Double) {
        let pause = 0.01
        for _ in 0..<max(1, Int(seconds / pause)) {
            try? FileManager.default.removeItem(at: url)
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            Thread.sleep(forTimeInterval: pause)
        }
    }
}

/// The folders already cleaned in this run.
final class CleanedFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    /// True the first time `path` is inserted.
    func insert(_ path: String) -> Bool { lock.withLock { paths.insert(path).inserted } }
}
