import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradExport
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
        if let hdr = options.hdr {
            throw CommandError(
                "\(entry.output): JPEG and WebP are SDR; --hdr \(hdr.rawValue) needs -o OUT.avif or OUT.png")
        }
        let start = DispatchTime.now()
        let (image, gamut) = try lossyFrame(
            document, entry: entry, time: time, size: size, options: options, engine: engine)
        timings.render = start.secondsElapsed
        let encodeStart = DispatchTime.now()
        var bytes =
            isWebP
            ? try WebPEncoder.encode(image, quality: options.quality)
            : try JPEGCodec.encode(image, quality: options.quality)
        if gamut != .sRGB {
            // Outside sRGB the profile says what the samples are.
            let profile = ColorProfile.icc(gamut)
            bytes =
                isWebP
                ? try EmbeddedProfile.webp(bytes, profile: profile) : EmbeddedProfile.jpeg(bytes, profile: profile)
        }
        timings.encode = encodeStart.secondsElapsed
        timings.write = try writeStill(bytes, to: entry.output)
        return timings
    }

    /// The 8-bit frame and its gamut: as rendered in sRGB, or, for a mesh
    /// with colors outside sRGB or another `--gamut`, through `WideColor`
    /// (the narrowest gamut holding the colors unless one is asked for).
    static func lossyFrame(
        _ document: GradientDocument, entry: RenderEntry, time: Double, size: CanvasSize, options: BatchOptions,
        engine: any FrameRenderer
    ) throws -> (RGBAImage<UInt8>, ColorGamut) {
        let dithers = entry.dithers ?? options.dithers
        if case .mesh(let mesh) = document.content {
            let gamut = mesh.outputGamut(asked: options.gamut, hdr: nil)
            if let wide = mesh.wideColor(in: gamut, hdr: nil) {
                let bands = try engine.wideColorBands(
                    for: wide, label: entry.label, width: size.width, height: size.height, time: time,
                    antialiasing: options.antialiasing, grain: document.grain, depth: 8, dithers: dithers)
                var image = RGBAImage<UInt8>(width: size.width, height: size.height)
                try image.components.withUnsafeMutableBytes { _ = try bands.render(0..<size.height, $0.baseAddress!) }
                return (image, gamut)
            }
        } else {
            try refuseWideScene(entry, options: options)
        }
        let frame = try FramePlan(
            document, label: entry.label, width: size.width, height: size.height, time: time,
            antialiasing: options.antialiasing)
        return (try engine.render8(frame, dithers: dithers), .sRGB)
    }

    /// Writes an encoded still in place (atomically); the seconds it took.
    static func writeStill(_ bytes: [UInt8], to output: String) throws -> Double {
        let start = DispatchTime.now()
        do {
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: output), durability: .whereReplacingNeedsIt)
        } catch {
            throw CommandError("\(output): cannot be written (\(error))")
        }
        return start.secondsElapsed
    }
}
