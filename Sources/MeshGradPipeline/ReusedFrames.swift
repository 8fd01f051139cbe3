import MeshGradCore

/// 16-bit frames for an export, drawn into a few images used in turn
/// rather than into a new one per frame: a 1080p frame is 16 MB, and the
/// kernel's page faults and zeroing of a fresh one were a sixth of the
/// export's time. A frame handed to the encoder's thread is still being
/// written while the next ones draw, so there are `count` of them (the
/// pipeline holds at most two); an image still held elsewhere when its turn
/// comes is not overwritten but copied first (the array's copy on write),
/// so reuse never changes a frame being written.
public struct ReusedFrames16 {
    private var images: [RGBAImage<UInt16>]
    private var planes: [PlanarGBR16Image]
    private var next = 0

    public init(count: Int = 3) {
        images = Array(repeating: RGBAImage(width: 0, height: 0, components: []), count: max(1, count))
        planes = Array(repeating: PlanarGBR16Image(width: 0, height: 0, samples: []), count: max(1, count))
    }

    /// Draws `frame` into the next planar image and returns it, where the
    /// renderer can draw it so (``FrameRenderer/renderPlanar16(_:into:alpha:)``);
    /// nil otherwise (then ``render(_:with:)`` draws it).
    public mutating func renderPlanar(
        _ frame: FramePlan, with engine: any FrameRenderer, alpha: Bool = false
    ) -> PlanarGBR16Image? {
        var image = planes[next]
        planes[next] = PlanarGBR16Image(width: 0, height: 0, samples: [])
        let drawn = engine.renderPlanar16(frame, into: &image, alpha: alpha)
        planes[next] = image
        guard drawn else { return nil }
        next = (next + 1) % planes.count
        return image
    }

    /// Draws `frame` with `engine` into the next image and returns it.
    public mutating func render(_ frame: FramePlan, with engine: any FrameRenderer) throws -> RGBAImage<UInt16> {
        // Taken out of the ring, so that the ring's reference does not make
        // the image's storage look shared.
        var image = images[next]
        images[next] = RGBAImage(width: 0, height: 0, components: [])
        try engine.render16(frame, reusing: &image)
        images[next] = image
        next = (next + 1) % images.count
        return image
    }
}
