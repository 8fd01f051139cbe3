import MeshGradCore

extension ImageComparison {
    /// The GPU held against the CPU reference on one frame (`meshgrad
    /// compare`): both renderers draw it, 8-bit, and the mesh's
    /// anti-aliased border (none for a scene) is where they may differ.
    public static func gpuAgainstCPU(_ frame: FramePlan, dithers: Bool) throws -> ImageComparison {
        let gpu = try Backend.gl.makeRenderer()
        return ImageComparison(
            try gpu.render8(frame, dithers: dithers), CPUFrameRenderer().render8(frame, dithers: dithers),
            border: frame.borderBand)
    }
}
