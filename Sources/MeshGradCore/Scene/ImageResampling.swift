import Dispatch
import Foundation

/// What an image layer's pixels are resampled for: the frame in canvas
/// pixels (not rounded), the box planned and the content mode.
struct ResampleKey: Hashable {
    var frame: SIMD4<Double>
    var box: PixelBox
    var mode: ImageContentMode
}

/// The last few resamplings kept (see ``ImagePixels``: two layers may
/// show one picture), behind a lock: planned frames may be made on
/// several threads.
final class ResampleCache: @unchecked Sendable {
    private static let capacity = 4
    /// At most this many bytes kept (a 4K layer is 133 MB): a still
    /// render at 16K keeps nothing beyond the frame it draws.
    private static let byteLimit = 256 << 20
    private let lock = NSLock()
    private var kept: [(ResampleKey, RGBAImage<Float>)] = []

    func value(for key: ResampleKey, _ make: () -> RGBAImage<Float>) -> RGBAImage<Float> {
        if let hit = lock.withLock({ kept.first { $0.0 == key }?.1 }) { return hit }
        let value = make()
        lock.withLock {
            kept.removeAll { $0.0 == key }
            kept.append((key, value))
            while kept.count > Self.capacity || bytes > Self.byteLimit { kept.removeFirst() }
        }
        return value
    }

    private var bytes: Int { kept.reduce(0) { $0 + $1.1.components.count * 4 } }
}

extension LayerImage {
    /// Where the picture lies in canvas pixels for a frame `(x, y, width,
    /// height)`: the frame itself (stretch), or the picture's aspect scaled
    /// to cover (fill) or fit inside (fit) it, centered.
    public func placement(in frame: SIMD4<Double>) -> SIMD4<Double> {
        let size = SIMD2(Double(pixels.image.width), Double(pixels.image.height))
        let scale: Double
        switch contentMode {
        case .stretch: return frame
        case .fill: scale = max(frame.z / size.x, frame.w / size.y)
        case .fit: scale = min(frame.z / size.x, frame.w / size.y)
        }
        let w = size.x * scale
        let h = size.y * scale
        return SIMD4(frame.x + (frame.z - w) / 2, frame.y + (frame.w - h) / 2, w, h)
    }

    /// The image's straight colors over `box` (canvas pixels), for a layer
    /// whose frame is `frame` in canvas pixels: each pixel center sampled
    /// with a tent filter as wide as a canvas pixel is in the picture (at
    /// least one picture pixel: bilinear when enlarged, an area average
    /// when reduced), on premultiplied colors; clear outside the picture
    /// and outside the frame. Both scene renderers draw these pixels.
    public func resampled(frame: SIMD4<Double>, box: PixelBox) -> RGBAImage<Float> {
        pixels.resampled(ResampleKey(frame: frame, box: box, mode: contentMode)) {
            resample(placement: placement(in: frame), frame: frame, box: box)
        }
    }

    private func resample(placement: SIMD4<Double>, frame: SIMD4<Double>, box: PixelBox) -> RGBAImage<Float> {
        let source = pixels.image
        let columns = ResampleTaps(
            first: box.x0, count: box.width, origin: placement.x, length: placement.z, sourceCount: source.width,
            clip: (max(frame.x, placement.x), min(frame.x + frame.z, placement.x + placement.z)))
        let rows = ResampleTaps(
            first: box.y0, count: box.height, origin: placement.y, length: placement.w, sourceCount: source.height,
            clip: (max(frame.y, placement.y), min(frame.y + frame.w, placement.y + placement.w)))
        var out = [Float](repeating: 0, count: box.width * box.height * 4)
        // Bands of rows on every core, each filtering the picture rows it reads.
        let bandHeight = 32
        let width = box.width
        out.withUnsafeMutableBufferPointer { buffer in
            let target = SendablePointer(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: (box.height + bandHeight - 1) / bandHeight) { band in
                let first = band * bandHeight
                Self.resampleRows(
                    first..<min(first + bandHeight, box.height), rows: rows, columns: columns, source: source,
                    into: target.pointer, width: width)
            }
        }
        return RGBAImage(width: box.width, height: box.height, components: out)
    }
}

extension LayerImage {
    /// Output rows `range` (straight colors, `width` a row) from the
    /// picture: across first, a picture row at a time as the rows reach it,
    /// let go once no later row reads it; then down.
    static func resampleRows(
        _ range: Range<Int>, rows: ResampleTaps, columns: ResampleTaps, source: RGBAImage<UInt8>,
        into out: UnsafeMutablePointer<Float>, width: Int
    ) {
        var filtered: [Int: [SIMD4<Float>]] = [:]
        for j in range {
            let taps = rows.taps[j]
            guard let lowest = taps.map(\.0).min() else { continue }  // clear: left at zero
            filtered = filtered.filter { $0.key >= lowest }
            for (sy, _) in taps where filtered[sy] == nil {
                filtered[sy] = filterAcross(source, row: sy, columns: columns)
            }
            let lines = taps.map { (filtered[$0.0]!, $0.1) }
            let row = out + j * width * 4
            for i in 0..<width {
                var sum = SIMD4<Float>.zero
                for (line, weight) in lines { sum += line[i] * weight }
                let straight = sum.w > 0 ? SIMD4(sum.x / sum.w, sum.y / sum.w, sum.z / sum.w, sum.w) : .zero
                let clamped = pointwiseMin(straight, SIMD4(repeating: 1))
                row[i * 4] = clamped.x
                row[i * 4 + 1] = clamped.y
                row[i * 4 + 2] = clamped.z
                row[i * 4 + 3] = clamped.w
            }
        }
    }

    /// Picture row `row` filtered across: premultiplied, one value per
    /// output column.
    static func filterAcross(_ source: RGBAImage<UInt8>, row: Int, columns: ResampleTaps) -> [SIMD4<Float>] {
        source.components.withUnsafeBufferPointer { bytes in
            let line = row * source.width
            return columns.taps.map { taps in
                var sum = SIMD4<Float>.zero
                for (sx, weight) in taps {
                    let p = (line + sx) * 4
                    let c = SIMD4(Float(bytes[p]), Float(bytes[p + 1]), Float(bytes[p + 2]), Float(bytes[p + 3])) / 255
                    sum += SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w) * weight
                }
                return sum
            }
        }
    }
}

/// For one axis: the picture pixels (and weights, summing to 1) each
/// output pixel center reads; none where the center lies outside `clip`
/// (the picture within the frame).
struct ResampleTaps {
    var taps: [[(Int, Float)]]

    init(first: Int, count: Int, origin: Double, length: Double, sourceCount: Int, clip: (Double, Double)) {
        let scale = length / Double(sourceCount)  // canvas pixels a picture pixel
        // In picture pixels, never wider than the picture: a second line of
        // defence (a picture reduced past a pixel covers no pixel center).
        let radius = min(max(1, 1 / scale), Double(sourceCount))
        taps = (0..<count).map { i in
            let center = Double(first + i) + 0.5
            guard scale > 0, center >= clip.0, center < clip.1 else { return [] }
            let u = (center - origin) / scale - 0.5  // picture pixel centers at integers
            let low = Int((u - radius).rounded(.up))
            let high = Int((u + radius).rounded(.down))
            var taps: [(Int, Double)] = []
            for s in low...max(low, high) {
                let weight = max(0, 1 - abs(Double(s) - u) / radius)
                if weight > 0 { taps.append((min(max(s, 0), sourceCount - 1), weight)) }
            }
            if taps.isEmpty { taps = [(min(max(Int(u.rounded()), 0), sourceCount - 1), 1)] }
            let total = taps.reduce(0) { $0 + $1.1 }
            return taps.map { ($0.0, Float($0.1 / total)) }
        }
    }
}
