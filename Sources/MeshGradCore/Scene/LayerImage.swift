/// How an image fills its layer's frame, as SwiftUI's `Image` does with
/// `.resizable()`: stretched to it, scaled to cover it (cropped, centered:
/// `.scaledToFill()`), or scaled to fit inside it (centered, the rest
/// clear: `.scaledToFit()`).
public enum ImageContentMode: String, CaseIterable, Hashable, Sendable {
    case stretch, fill, fit
}

/// Decoded pixels, shared by every copy of the document that holds them
/// (an editor's undo steps copy the document, not the photo). Compared by
/// a digest of their bytes, computed once.
public final class ImagePixels: Hashable, @unchecked Sendable {
    public let image: RGBAImage<UInt8>
    /// FNV-1a over the size and the components.
    public let digest: UInt64
    private let cache = ResampleCache()

    public init(_ image: RGBAImage<UInt8>) {
        self.image = image
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for v in [UInt64(image.width), UInt64(image.height)] { hash = (hash ^ v) &* 0x100_0000_01b3 }
        image.components.withUnsafeBufferPointer { bytes in
            for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        digest = hash
    }

    public static func == (a: ImagePixels, b: ImagePixels) -> Bool {
        a === b || (a.digest == b.digest && a.image == b.image)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// The last resamplings asked for, kept: an animation's frames and a
    /// preview's redraws ask for the same ones again and again.
    func resampled(_ key: ResampleKey, _ make: () -> RGBAImage<Float>) -> RGBAImage<Float> {
        cache.value(for: key, make)
    }
}

/// A layer's image fill (`{"image": "photo.jpg", "contentMode": "fill"}`):
/// where the file is, as the document says it, its pixels, and how they
/// fill the frame.
public struct LayerImage: Hashable, Sendable {
    /// The path as written in the document (relative ones are relative to
    /// the document's folder).
    public var source: String
    public var pixels: ImagePixels
    public var contentMode: ImageContentMode

    public init(source: String, pixels: ImagePixels, contentMode: ImageContentMode = .fill) {
        self.source = source
        self.pixels = pixels
        self.contentMode = contentMode
    }
}
