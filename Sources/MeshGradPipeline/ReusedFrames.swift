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
    /// CPU draws it and it is known to be opaque; nil otherwise (then
    /// ``render(_:with:)`` draws it). With `alpha` the image has a fourth
    /// plane, of alpha: all opaque, filled once when the image is made
    /// (the renderer writes the color planes only).
    public mutating func renderPlanar(
        _ frame: FramePlan, with engine: any FrameRenderer, alpha: Bool = false
    ) -> PlanarGBR16Image? {
        guard let cpu = engine as? CPUFrameRenderer, case .mesh(let plan) = frame, frame.isKnownOpaque else {
            return nil
        }
        var image = planes[next]
        planes[next] = PlanarGBR16Image(width: 0, height: 0, samples: [])
        let pixels = plan.width * plan.height
        if image.width != plan.width || image.height != plan.height || image.hasAlpha != alpha {
            let count = (alpha ? 4 : 3) * pixels
            image = PlanarGBR16Image(
                width: plan.width, height: plan.height,
                samples: [UInt16](unsafeUninitializedCapacity: count) { samples, initialized in
                    if alpha { (samples.baseAddress! + 3 * pixels).initialize(repeating: .max, count: pixels) }
                    initialized = count
                }, hasAlpha: alpha)
        }
        let prepared = PreparedRaster(plan: plan)
        image.samples.withUnsafeMutableBufferPointer { buffer in
            cpu.meshes.renderPlanarGBR16(
                prepared, rows: 0..<plan.height, into: buffer.baseAddress!, planeStride: pixels)
        }
        planes[next] = image
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

extension FrameRenderer {
    /// The frame as 16-bit RGBA in `image`, whose storage is reused when
    /// its size fits and nothing else holds it. The CPU's meshes draw
    /// straight into it (the same pixels as ``render16(_:)``); other frames
    /// and renderers replace it with a new image.
    func render16(_ frame: FramePlan, reusing image: inout RGBAImage<UInt16>) throws {
        guard let cpu = self as? CPUFrameRenderer, case .mesh(let plan) = frame else {
            image = try render16(frame)
            return
        }
        let count = plan.width * plan.height * 4
        if image.width != plan.width || image.height != plan.height || image.components.count != count {
            image = RGBAImage(
                width: plan.width, height: plan.height,
                components: [UInt16](unsafeUninitializedCapacity: count) { _, initialized in initialized = count })
        }
        let prepared = PreparedRaster(plan: plan)
        image.components.withUnsafeMutableBufferPointer { buffer in
            cpu.meshes.render16(prepared, rows: 0..<plan.height, into: buffer.baseAddress!)
        }
    }
}
