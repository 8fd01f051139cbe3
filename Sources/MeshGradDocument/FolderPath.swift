import Foundation

/// Paths as the editor and a document name files: from the root, or
/// relative to a folder they lie inside.
public enum FolderPath {
    /// `path` from the root (a relative one from the current folder; ""
    /// is the current folder), `.` and `..` resolved.
    public static func absolute(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let rooted = path.hasPrefix("/") ? path : path.isEmpty ? current : current + "/" + path
        return (rooted as NSString).standardizingPath
    }

    /// `file` as named from `folder`: relative to it when the file lies
    /// inside it, else from the root.
    public static func name(of file: String, from folder: String) -> String {
        let inside = absolute(folder)
        let path = absolute(file)
        return path.hasPrefix(inside + "/") ? String(path.dropFirst(inside.count + 1)) : path
    }
}
