/// The folder part of a path, as `NSString.deletingLastPathComponent`
/// gives it, in plain Swift: swift-corelibs-foundation (Swift 6.3) traps on
/// a one-character path there, so `meshgrad animate -o f/` (the folder
/// `f`) crashed. Text only: nothing on disk is read.
public enum PathText {
    /// `"out/a.png"` → `"out"`, `"out//a.png"` → `"out"`, `"/a"` → `"/"`,
    /// `"a.png"` and `"f"` → `""` (no folder part), `"/"` → `"/"`.
    public static func folder(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
