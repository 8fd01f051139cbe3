import MeshGradCore
import MeshGradDocument

extension FrameRenderer {
    /// The bands of a mesh document through `wide` (what its
    /// `AnimatedMesh.wideColor(in:hdr:)` gives): the moved
    /// mesh drawn at 16 bits by this renderer, then each band finished
    /// into the gamut at `depth` bits. The same for the GPU and the CPU:
    /// both draw the moved mesh, one function finishes (grain included,
    /// added to the finished colors).
    public func wideColorBands(
        for wide: (color: WideColor, moved: AnimatedMesh), label: String, width: Int, height: Int, time: Double,
        antialiasing: Bool = true, grain: Grain? = nil, depth: Int, dithers: Bool, measuresStages: Bool = false
    ) throws -> FrameBands {
        let grainField = (grain?.field(at: time)).drawn
        let (color, moved) = wide
        let document = GradientDocument(mesh: moved.mesh, animation: moved.animation)
        let frame = try FramePlan(
            document, label: label, width: width, height: height, time: time, antialiasing: antialiasing)
        let drawn = try bands(for: frame, depth: 16, dithers: false, measuresStages: measuresStages)
        return FrameBands(
            isOpaque: drawn.isOpaque, wholeFrameSeconds: drawn.wholeFrameSeconds,
            rendersOnAnyThread: drawn.rendersOnAnyThread
        ) { rows, buffer in
            let scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: rows.count * width * 4)
            defer { scratch.deallocate() }
            let seconds = try drawn.render(rows, UnsafeMutableRawPointer(scratch))
            if depth == 16 {
                color.finish(
                    scratch, width: width, rows: rows, dithers: false, grain: grainField,
                    into: buffer.assumingMemoryBound(to: UInt16.self))
            } else {
                color.finish(
                    scratch, width: width, rows: rows, dithers: dithers, grain: grainField,
                    into: buffer.assumingMemoryBound(to: UInt8.self))
            }
            return seconds
        }
    }
}
