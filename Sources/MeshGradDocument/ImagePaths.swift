import Foundation
import MeshGradCore

extension GradientDocument {
    /// The document with every image fill's relative path made to name the
    /// same file from `newFolder` instead of `oldFolder` (a document saved
    /// elsewhere): relative to the new folder when the file lies inside it,
    /// else from the root. Absolute paths stay.
    public func rebasingImagePaths(from oldFolder: String, to newFolder: String) -> GradientDocument {
        guard case .scene(var scene) = content else { return self }
        let old = Self.absolute(oldFolder)
        let new = Self.absolute(newFolder)
        guard old != new else { return self }
        func rebased(_ fill: Fill) -> Fill {
            guard case .image(var image) = fill, !image.source.hasPrefix("/") else { return fill }
            let file = Self.absolute((old as NSString).appendingPathComponent(image.source))
            image.source = file.hasPrefix(new + "/") ? String(file.dropFirst(new.count + 1)) : file
            return .image(image)
        }
        scene.background = rebased(scene.background)
        for k in scene.layers.indices { scene.layers[k].fill = rebased(scene.layers[k].fill) }
        var copy = self
        copy.content = .scene(scene)
        return copy
    }

    /// `path` from the root (relative to the current folder), `.` and `..`
    /// resolved; "" is the current folder.
    static func absolute(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let rooted = path.hasPrefix("/") ? path : path.isEmpty ? current : current + "/" + path
        return (rooted as NSString).standardizingPath
    }
}
