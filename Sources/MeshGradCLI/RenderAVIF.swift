import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradLossy
import MeshGradPipeline

extension RenderCommand {
    /// `-o out.avif`: the frame at 16 bits in its gamut (and HDR curve),
    /// encoded by libavif at 10 or 12 bits with the matching nclx tags.
    static func renderAVIF(
        _ entry: RenderEntry, options: BatchOptions, engine: any FrameRenderer
    ) throws
        -> StageTimings
    {
        var timings = StageTimings()
        let (document, time, size) = try loadChecked(entry, options: options)
        let depth = options.depthGiven ?? 10
        guard depth == 10 || depth == 12 else {
            throw CommandError("\(entry.output): an AVIF is 10 or 12 bits, not \(depth); expected --depth 10 or 12")
        }
        guard size.width <= AVIFEncoder.maximumSide, size.height <= AVIFEncoder.maximumSide else {
            throw CommandError(
                "\(entry.output): AVIF images are at most \(AVIFEncoder.maximumSide) pixels a side here, not \(size.width)×\(size.height); expected a smaller --size, or .png"
            )
        }
        try ResourceBudget(wholeImage: size.width, height: size.height, copies: 6).check(label: entry.label)
        let start = DispatchTime.now()
        let (bands, gamut) = try planBands(
            document, entry: entry, time: time, size: size, depth: 16, dithers: false, options: options, engine: engine)
        let tags = AVIFEncoder.ColorTags(
            primaries: gamut.h273Primaries, transfer: options.hdr?.h273 ?? gamut.h273Transfer)
        var image = RGBAImage<UInt16>(width: size.width, height: size.height)
        try image.components.withUnsafeMutableBytes { _ = try bands.render(0..<size.height, $0.baseAddress!) }
        timings.render = start.secondsElapsed
        let encodeStart = DispatchTime.now()
        let bytes = try AVIFEncoder.encode(
            image, depth: depth, quality: options.quality, tags: tags, opaque: bands.isOpaque)
        timings.encode = encodeStart.secondsElapsed
        timings.write = try writeStill(bytes, to: entry.output)
        return timings
    }

}
