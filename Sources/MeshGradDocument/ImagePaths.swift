import Foundation
import MeshGradCore

extension GradientDocument {
    /// The document with every image fill's relative path made to name the
    /// same file from `newFolder` instead of `oldFolder` (a document saved
    /// elsewhere): relative to the new folder when the file lies inside it,
    /// else from the root. Absolute paths stay.
    public func rebasingImagePaths(from oldFolder: String, to newFolder: String) -> GradientDocument {
        guard case .scene(var scene) = content else { return self }
        let old = FolderPath.absolute(oldFolder)
        guard old != FolderPath.absolute(newFolder) else { return self }
        func rebased(_ fill: Fill) -> Fill {
            guard case .image(var image) = fill, !image.source.hasPrefix("/") else { return fill }
            image.source = FolderPath.name(of: (old as NSString).appendingPathComponent(image.source), from: newFolder)
            return .image(image)
        }
        scene.background = rebased(scene.background)
        for k in scene.layers.indices { scene.layers[k].fill = rebased(scene.layers[k].fill) }
        var copy = self
        copy.content = .scene(scene)
        return copy
    }
}
