import Dispatch
import Foundation
import MeshGradCore
import MeshGradPNG

/// Renders a canvas band by band straight into a PNG file, so that memory
/// grows with the width and not the height (a 32768 × 32768 wallpaper
/// needs a few bands of rows, never the whole image), and, where the
/// renderer may run on any thread (the CPU's), so that every core draws
/// and compresses pieces of the image at once.
///
/// The renderer is a closure (the CPU reference, or the GPU's tiles), the
/// file an `AtomicFile`: an interrupted or failed run leaves nothing
/// under the destination's name.
public struct BandedPNGWriter {
    /// What to write: 8 bits (dithered or not) or 16.
    public enum Depth: Sendable {
        case eight
        case sixteen

        var componentBytes: Int { self == .eight ? 1 : 2 }
    }

    /// Where the time went, in seconds (`StageTimes`-like, for `--timings`).
    public struct Timings: Sendable {
        public var render = 0.0
        public var readback = 0.0
        public var encode = 0.0
        public var write = 0.0
    }

    public var width: Int
    public var height: Int
    public var depth: Depth
    /// RGB (true) or RGBA: decided before the first row, since the PNG
    /// header comes first.
    public var opaque: Bool
    public var encoderOptions: PNGStreamEncoder.Options
    /// Rows per band where bands are drawn in turn (a renderer bound to one
    /// thread): a sixteenth of the image, so that the encoder's workers
    /// compress band `k` while band `k + 1` renders (one band of a whole 4K
    /// image left the encoder idle through the render and the renderer
    /// through the encoding; sixteenths start the encoder sooner than
    /// eighths and need 4 MB less fresh memory at 4K, 2 ms faster end to
    /// end), at most about 32 MB of pixels, at least 16 rows.
    public var bandRows: Int

    public init(
        width: Int, height: Int, depth: Depth, opaque: Bool, encoderOptions: PNGStreamEncoder.Options = .init()
    ) {
        self.width = width
        self.height = height
        self.depth = depth
        self.opaque = opaque
        self.encoderOptions = encoderOptions
        let rowBytes = max(1, width * 4 * depth.componentBytes)
        bandRows = min(height, max(16, min((32 << 20) / rowBytes, (height + 15) / 16)))
    }

    /// Bytes of one band's buffer: RGBA components of the depth's size.
    var bandBytes: Int { bandRows * width * 4 * depth.componentBytes }

    /// Renders and writes the file. `renderBand(rows, buffer)` fills
    /// `buffer` with canvas rows `rows` (RGBA components of the depth's
    /// size) and returns the seconds it spent reading back, if any.
    ///
    /// With `rendersOnAnyThread` (a renderer that may run on any thread,
    /// several bands at once: the CPU's, not a GL context bound to this
    /// one), the encoder's threads draw its pieces themselves
    /// (`PNGStreamEncoder.encodeRows(drawing:)`), each piece drawn and
    /// compressed on one thread; the timings then split the time they took
    /// together between render and encode as the threads' time divides.
    /// Otherwise bands are drawn here, one after another, and handed over.
    public func write(
        to destination: URL, rendersOnAnyThread: Bool = false,
        renderBand: (Range<Int>, UnsafeMutableRawPointer) throws -> Double
    ) throws -> Timings {
        if rendersOnAnyThread {
            return try writeDrawingPieces(to: destination, renderBand: renderBand)
        }
        return try writeInTurn(to: destination, renderBand: renderBand)
    }

    private func writeInTurn(
        to destination: URL, renderBand: (Range<Int>, UnsafeMutableRawPointer) throws -> Double
    ) throws -> Timings {
        let memory = PageBlocks(blockBytes: bandBytes, blocksPerRegion: 1)
        let buffer = memory.take()
        defer { memory.give(buffer) }
        return try encoding(to: destination) { encoder, timings in
            for first in stride(from: 0, to: height, by: bandRows) {
                let rows = first..<min(first + bandRows, height)
                let renderStart = DispatchTime.now().uptimeNanoseconds
                let readback = try renderBand(rows, buffer)
                timings.render += Double(DispatchTime.now().uptimeNanoseconds - renderStart) / 1e9 - readback
                timings.readback += readback
                try append(buffer, rows: rows.count, to: encoder, timings: &timings)
            }
        }
    }
}

extension BandedPNGWriter {
    /// Hands a rendered band of `rows` rows to the encoder.
    fileprivate func append(
        _ buffer: UnsafeMutableRawPointer, rows: Int, to encoder: PNGStreamEncoder, timings: inout Timings
    ) throws {
        let encodeStart = DispatchTime.now().uptimeNanoseconds
        let count = rows * width * 4
        switch depth {
        case .eight:
            try encoder.appendRows(UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: count))
        case .sixteen:
            try encoder.appendRows(
                UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt16.self), count: count))
        }
        timings.encode += Double(DispatchTime.now().uptimeNanoseconds - encodeStart) / 1e9
    }

    /// The file, its encoder and their ending, around `bands` (which hands
    /// every band to the encoder): the stream is finished and the file
    /// given its name, or, on any error, the file abandoned. The sink runs
    /// inside the encoder's calls, so the seconds it spent writing are
    /// counted as writing, not encoding.
    fileprivate func encoding(
        to destination: URL, _ bands: (PNGStreamEncoder, inout Timings) throws -> Void
    ) throws -> Timings {
        var timings = Timings()
        let file = try AtomicFile(destination: destination, durability: .whereReplacingNeedsIt)
        do {
            var writeSeconds = 0.0
            let encoder = try PNGStreamEncoder(
                width: width, height: height, bitDepth: depth == .eight ? 8 : 16, channels: opaque ? 3 : 4,
                options: encoderOptions
            ) { bytes in
                let start = DispatchTime.now().uptimeNanoseconds
                try file.write(bytes)
                writeSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }
            try bands(encoder, &timings)
            let finishStart = DispatchTime.now().uptimeNanoseconds
            try encoder.finish()
            timings.encode += Double(DispatchTime.now().uptimeNanoseconds - finishStart) / 1e9
            timings.encode -= writeSeconds
            let commitStart = DispatchTime.now().uptimeNanoseconds
            try file.commit()
            timings.write = writeSeconds + Double(DispatchTime.now().uptimeNanoseconds - commitStart) / 1e9
        } catch {
            file.abandon()
            throw error
        }
        return timings
    }

    /// ``write(to:rendersOnAnyThread:renderBand:)`` with the encoder's
    /// threads drawing its pieces.
    fileprivate func writeDrawingPieces(
        to destination: URL, renderBand: (Range<Int>, UnsafeMutableRawPointer) throws -> Double
    ) throws -> Timings {
        try encoding(to: destination) { encoder, timings in
            let start = DispatchTime.now().uptimeNanoseconds
            let seconds: PNGStreamEncoder.ThreadSeconds
            switch depth {
            case .eight:
                seconds = try encoder.encodeRows { (rows, buffer: UnsafeMutablePointer<UInt8>) in
                    _ = try renderBand(rows, UnsafeMutableRawPointer(buffer))
                }
            case .sixteen:
                seconds = try encoder.encodeRows { (rows, buffer: UnsafeMutablePointer<UInt16>) in
                    _ = try renderBand(rows, UnsafeMutableRawPointer(buffer))
                }
            }
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let busy = seconds.drawing + seconds.encoding
            timings.render += busy > 0 ? wall * seconds.drawing / busy : 0
            timings.encode += busy > 0 ? wall * seconds.encoding / busy : wall
        }
    }
}

extension RenderPlan {
    /// Whether every pixel of the output will be fully opaque, decided
    /// before rendering (a streamed PNG's header comes first): all colors
    /// opaque, and either an opaque background or a mesh that covers every
    /// pixel with no anti-aliased border.
    public func isOpaque(prepared: @autoclosure () -> PreparedRaster) -> Bool {
        guard colorsAreOpaque else { return false }
        if background.alpha >= 1 { return true }
        return !antialiasesBorder && prepared().coversEveryPixel
    }
}
