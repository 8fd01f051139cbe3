import Foundation
import MeshGradCore
import MeshGradDocument

/// The documents last opened or saved in the editor, newest first (at most
/// ``limit``), kept in `recent-files.json` in the ``StateFolder``. A file
/// that no longer exists is not offered; one that cannot be read or
/// written is an empty list, never an error in the way of editing.
public struct RecentFiles {
    public static let limit = 10
    public let file: String?
    public private(set) var paths: [String] = []

    public init(folder: String? = StateFolder.path()) {
        file = folder.map { ($0 as NSString).appendingPathComponent("recent-files.json") }
        if let file, let data = FileManager.default.contents(atPath: file),
            let stored = try? JSONDecoder().decode([String].self, from: data)
        {
            paths = Array(stored.filter { $0.hasPrefix("/") }.prefix(Self.limit))
        }
    }

    /// The recent files that still exist, `excluding` the open one.
    public func offered(excluding current: String?) -> [String] {
        let open = current.map(FolderPath.absolute)
        return paths.filter { $0 != open && FileManager.default.fileExists(atPath: $0) }
    }

    /// `path` (made absolute) first, written at once.
    public mutating func note(_ path: String) {
        let absolute = FolderPath.absolute(path)
        paths = Array(([absolute] + paths.filter { $0 != absolute }).prefix(Self.limit))
        guard let file else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: PathText.folder(of: file), withIntermediateDirectories: true)
            let text = try JSONEncoder().encode(paths)
            try AtomicFile.write(text, to: URL(fileURLWithPath: file))
        } catch {
            // A list of conveniences: a read-only home loses it, nothing else.
        }
    }
}
