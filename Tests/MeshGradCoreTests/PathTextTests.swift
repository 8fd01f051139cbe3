import Foundation
import MeshGradCore
import Testing

/// `PathText.folder(of:)` against what `NSString.deletingLastPathComponent`
/// gives where that does not trap (it traps on one-character paths).
@Suite struct PathTextTests {
    @Test(arguments: [
        ("out/a.png", "out"), ("out//a.png", "out"), ("/a", "/"), ("/", "/"), ("a.png", ""), ("f", ""), ("é", ""),
        ("f/", ""), ("x/../y", "x/.."), ("x/..", "x"), ("./a/b.png", "./a"), ("/tmp/x/", "/tmp"), ("", ""),
        ("a/b/c", "a/b"), ("//a", "/"),
    ])
    func folderIsThePathLessItsLastComponent(path: String, folder: String) {
        #expect(PathText.folder(of: path) == folder)
        // NSString traps on a one-character path, "f/" included.
        let stripped = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if stripped.count > 1 {
            #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }
}
