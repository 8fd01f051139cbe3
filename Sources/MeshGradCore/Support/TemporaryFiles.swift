import Foundation

/// Names for the temporary files and folders a run writes beside its
/// outputs (and in `$TMPDIR`), made so that a later run can recognize
/// them: `.meshgrad-PID-RANDOM-NAME`. A run killed outright (SIGKILL, a
/// power cut) cannot remove its own; the next run that writes to the same
/// folder removes those whose process is gone.
public enum TemporaryFiles {
    public static let prefix = ".meshgrad-"

    /// A fresh name for a temporary that becomes `final`: it keeps
    /// `final`'s extension last (ffmpeg picks its format by it).
    public static func name(for final: String, suffix: String = ".tmp") -> String {
        let pid = ProcessInfo.processInfo.processIdentifier
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        return "\(prefix)\(pid)-\(random)-\(final)\(suffix)"
    }

    /// The process that made `name`, if it is one of these names.
    public static func owner(of name: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        return name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1).first.flatMap { Int32($0) }
    }

    /// Whether process `pid` still runs (or exists under another user).
    public static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// Removes the temporaries in `folder` whose process is gone; returns
    /// their names. Each folder is looked at once per run.
    @discardableResult
    public static func removeStale(in folder: URL) -> [String] {
        let path = folder.standardizedFileURL.path
        guard cleaned.insert(path) else { return [] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = owner(of: name), pid != ProcessInfo.processInfo.processIdentifier, !isRunning(pid) else {
                continue
            }
            if (try? FileManager.default.removeItem(atPath: (path as NSString).appendingPathComponent(name))) != nil {
                removed.append(name)
            }
        }
        return removed
    }

    static let cleaned = CleanedFolders()
}

/// The folders already cleaned in this run.
final class CleanedFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    /// True the first time `path` is inserted.
    func insert(_ path: String) -> Bool { lock.withLock { paths.insert(path).inserted } }
}
