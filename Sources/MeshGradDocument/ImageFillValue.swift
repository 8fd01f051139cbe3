import Foundation
import MeshGradCore
import MeshGradLossy

extension CodingUserInfoKey {
    /// The folder of the document being read: a fill's relative image path
    /// is relative to it (nil: the current folder).
    static let documentFolder = CodingUserInfoKey(rawValue: "meshgrad.documentFolder")!
}

/// `{"image": "photo.jpg", "contentMode": "fill"}`: a PNG or JPEG read (and
/// decoded) as the document is, so that a missing or broken picture is the
/// document's error, at its key path.
struct ImageFillValue {
    var image: LayerImage

    init(_ container: KeyedDecodingContainer<JSONKey>, folder: String?) throws {
        let source = try container.decode(String.self, forKey: JSONKey("image"))
        let modeName = try container.decodeIfPresent(String.self, forKey: JSONKey("contentMode")) ?? "fill"
        guard let mode = ImageContentMode(rawValue: modeName) else {
            throw DocumentError(
                keyPath: container.path("contentMode"),
                message: "is \(SafeText.quoted(modeName)); expected stretch, fill or fit")
        }
        guard !source.isEmpty, source.count <= 4096, !source.contains("\0") else {
            throw DocumentError(
                keyPath: container.path("image"), message: "is \(SafeText.quoted(source)); expected a PNG or JPEG path")
        }
        let path =
            source.hasPrefix("/") || folder == nil ? source : (folder! as NSString).appendingPathComponent(source)
        do {
            let pixels = try PhotoReader.read(path: path)
            image = LayerImage(source: source, pixels: ImagePixels(pixels), contentMode: mode)
        } catch {
            throw DocumentError(keyPath: container.path("image"), message: SafeText.value("\(error)", limit: 300))
        }
    }
}
