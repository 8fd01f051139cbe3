import Foundation

/// Notices when a file changes on disk (an editor saving it): compares its
/// modification time, size and inode on each `poll()`. The preview polls
/// every 50 ms, well inside the 100 ms a reload may take, and a `stat`
/// that often costs nothing measurable.
struct FileWatcher {
    let path: String
    private var signature: Signature?

    struct Signature: Equatable {
        var modified: Date
        var size: Int
        var inode: Int
    }

    init(path: String) {
        self.path = path
        signature = Self.read(path)
    }

    static func read(_ path: String) -> Signature? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Signature(
            modified: attributes[.modificationDate] as? Date ?? .distantPast,
            size: (attributes[.size] as? NSNumber)?.intValue ?? -1,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1)
    }

    /// Whether the file changed since the last poll (or `acknowledge`).
    mutating func poll() -> Bool {
        let now = Self.read(path)
        guard now != signature else { return false }
        signature = now
        return now != nil
    }

    /// Takes the current state as seen: after the preview saved the file
    /// itself, that is not a change to reload.
    mutating func acknowledge() {
        signature = Self.read(path)
    }
}
