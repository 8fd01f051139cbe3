/// How an image fills its layer's frame, as SwiftUI's `Image` does with
/// `.resizable()`: stretched to it, scaled to cover it (cropped, centered:
/// `.scaledToFill()`), or scaled to fit inside it (centered, the rest
/// clear: `.scaledToFit()`).
public enum ImageContentMode: String, CaseIterable, Hashable, Sendable {
    case stretch, fill, fit
}

/// Decoded pixels, shared by every copy of the document that holds them
/// (an editor's undo steps copy the document, not the photo). Copies are
/// the same object, so comparing them costs nothing; two pictures read
/// separately are compared pixel for pixel (unequal ones differ early).
public final class ImagePixels: Hashable, @unchecked Sendable {
    public let image: RGBAImage<UInt8>
    private let cache = ResampleCache()

    public init(_ image: RGBAImage<UInt8>) {
        self.image = image
    }

    public static func == (a: ImagePixels, b: ImagePixels) -> Bool {
        a === b || a.image == b.image
    }

    /// By size alone: equal pictures have equal sizes, and hashing every
    /// pixel would cost each document read as much as the comparison.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(image.width)
        hasher.combine(image.height)
    }

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
