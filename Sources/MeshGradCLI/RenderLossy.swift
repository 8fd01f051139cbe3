import Foundation
import MeshGradCore
import MeshGradLossy
import MeshGradPipeline

extension RenderCommand {
    /// `-o out.jpg|out.webp`: the 8-bit frame, encoded by libjpeg-turbo or
    /// libwebp at `quality`, written atomically.
    static func renderLossy(
        _ entry: RenderEntry, options: BatchOptions, engine: any FrameRenderer
    ) throws
        -> StageTimings
    {
        var timings = StageTimings()
        let (document, time, size) = try loadChecked(entry, options: options)
        guard options.depth == 8 else {
            throw CommandError("\(entry.output): JPEG and WebP are 8-bit; drop --depth 16")
        }
        // The format's limits and the whole image's memory, before any
        // pixel is made: JPEG and WebP are encoded from the whole image.
        let isWebP = entry.output.lowercased().hasSuffix(".webp")
        let maximum = isWebP ? WebPEncoder.maximumSide : JPEGCodec.maximumEncodedSide
        guard size.width <= maximum, size.height <= maximum else {
            throw CommandError(
                "\(entry.output): \(isWebP ? "WebP" : "JPEG") images are at most \(maximum) pixels a side, not "
                    + "\(size.width)×\(size.height); expected a smaller --size, or .png")
        }
        try ResourceBudget(wholeImage: size.width, height: size.height, copies: 3).check(label: entry.label)
        let start = DispatchTime.now()
        let frame = try FramePlan(
            document, label: entry.label, width: size.width, height: size.height, time: time,
            antialiasing: options.antialiasing)
        let image = try engine.render8(frame, dithers: entry.dithers ?? options.dithers)
        timings.render = start.secondsElapsed
        let encodeStart = DispatchTime.now()
        let bytes =
            isWebP
            ? try WebPEncoder.encode(image, quality: options.quality)
            : try JPEGCodec.encode(image, quality: options.quality)
        timings.encode = encodeStart.secondsElapsed
        let writeStart = DispatchTime.now()
        do {
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: entry.output), durability: .whereReplacingNeedsIt)
        } catch {
            throw CommandError("\(entry.output): cannot be written (\(error))")
        }
        timings.write = writeStart.secondsElapsed
        return timings
    }
}
