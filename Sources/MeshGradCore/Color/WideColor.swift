import Dispatch
import Foundation

/// How a mesh is drawn into a gamut other than sRGB, or with colors sRGB
/// cannot show, by the renderers made for sRGB (mesh-math §12).
///
/// The mesh interpolates in its own space as always (device: extended sRGB
/// values; perceptual: Oklab), and nothing may clip there. So each color's
/// interpolation values are moved affinely into 0…1 (per channel, a
/// margin left for the bicubic surface's overshoot) and the mesh is drawn
/// in device mode at 16 bits: interpolation commutes with an affine map,
/// premultiplied or not, so the pixels are the true interpolation values,
/// moved. Each pixel is then moved back, taken to linear light, into the
/// output gamut (mapped there by CSS Color 4's algorithm when it is
/// outside, ``GamutMapping``), encoded with the gamut's curve and
/// quantized (dithered at 8 bits, as the renderers dither).
public struct WideColor: Sendable {
    public let gamut: ColorGamut
    public let space: ColorSpace
    /// An HDR curve instead of the gamut's own (then only negative values
    /// are clipped, and brighter than white stays brighter).
    public let hdr: HDRTransfer?
    /// Interpolation values `low + rendered · span` per channel.
    let low: SIMD3<Double>
    let span: SIMD3<Double>
    /// Device mode: each channel's 65536 rendered values in linear light,
    /// made once (the curve's `pow` was most of a frame's finishing).
    let linearTables: LinearTables?

    /// The encoding for a mesh whose colors (every vertex, background and
    /// keyframe color) are `colors`, interpolated in `space`, written in
    /// `gamut`.
    public init(colors: [RGBAColor], space: ColorSpace, gamut: ColorGamut, hdr: HDRTransfer? = nil) {
        self.gamut = gamut
        self.space = space
        self.hdr = hdr
        // A transparent color's components weigh nothing (premultiplied):
        // they need no room, and every step of room costs precision.
        let values = colors.filter { $0.alpha > 0 }.map { Self.interpolationValues($0, in: space) }
        var lowest = values.first ?? .zero
        var highest = lowest
        for v in values {
            lowest = pointwiseMin(lowest, v)
            highest = pointwiseMax(highest, v)
        }
        let margin = pointwiseMax((highest - lowest) * 0.125, SIMD3(repeating: 0.05))
        low = lowest - margin
        span = highest - lowest + 2 * margin
        linearTables = space == .device ? LinearTables(low: low, span: span) : nil
    }

    /// Extended sRGB values (device) or Oklab (perceptual).
    static func interpolationValues(_ color: RGBAColor, in space: ColorSpace) -> SIMD3<Double> {
        let rgb = SIMD3(color.red, color.green, color.blue)
        return space == .perceptual ? Oklab.fromSRGB(rgb) : rgb
    }

    /// The color the renderer is given in place of `color` (drawn in
    /// device mode).
    public func rendered(_ color: RGBAColor) -> RGBAColor {
        let v = (Self.interpolationValues(color, in: space) - low) / span
        return RGBAColor(red: v.x, green: v.y, blue: v.z, alpha: color.alpha)
    }

    /// The mesh the renderer is given: its colors and background
    /// moved as `rendered(_:)` moves a color, drawn in device mode.
    public func rendered(_ mesh: MeshGradient) -> MeshGradient {
        var moved = mesh.mappingColors(rendered)
        moved.colorSpace = .device
        return moved
    }

    /// A rendered pixel's straight components (0…1) as the output gamut's
    /// encoded components, in 0…1.
    public func output(_ rendered: SIMD3<Double>) -> SIMD3<Double> {
        let v = low + rendered * span
        let s = ColorGamut.sRGB
        let linear = space == .device ? SIMD3(s.decode(v.x), s.decode(v.y), s.decode(v.z)) : Oklab.toLinearSRGB(v)
        return output(linear: linear)
    }

    /// A rendered 16-bit pixel as ``output(_:)`` gives it, through the
    /// tables.
    @inline(__always)
    func output(_ r: UInt16, _ g: UInt16, _ b: UInt16) -> SIMD3<Double> {
        guard let tables = linearTables else { return output(SIMD3(Double(r), Double(g), Double(b)) / 65535) }
        return output(linear: SIMD3(tables.red[Int(r)], tables.green[Int(g)], tables.blue[Int(b)]))
    }

    /// Linear sRGB into the output: mapped into the gamut (or HDR's
    /// curve), then encoded.
    func output(linear: SIMD3<Double>) -> SIMD3<Double> {
        if let hdr {
            let own = gamut.fromLinearSRGB(linear)
            return SIMD3(hdr.encode(own.x), hdr.encode(own.y), hdr.encode(own.z))
        }
        let mapped = GamutMapping.map(linear, into: gamut)
        let table = EncodeTable.of(gamut)
        return SIMD3(table.encode(mapped.x), table.encode(mapped.y), table.encode(mapped.z))
    }

    /// Finishes rows of 16-bit RGBA as the renderer drew them (`width`
    /// pixels a row, canvas rows `rows`) into 8-bit RGBA, dithered or not,
    /// or 16-bit RGBA (`output` of `UInt16`), rows on every core.
    /// `grain` is added to each finished color before it is quantized, in
    /// the output's encoded values, as the renderers add it (mesh-math §8a).
    public func finish<Output: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ input: UnsafePointer<UInt16>, width: Int, rows: Range<Int>, dithers: Bool, grain: GrainField? = nil,
        into output: UnsafeMutablePointer<Output>
    ) {
        let input = SendablePointer(UnsafeMutablePointer(mutating: input))
        let target = SendablePointer(output)
        DispatchQueue.concurrentPerform(iterations: rows.count) { r in
            let y = rows.lowerBound + r
            let rowSeed = ditherRowSeed(y: y)
            let source = input.pointer + r * width * 4
            let row = target.pointer + r * width * 4
            for x in 0..<width {
                let p = source + x * 4
                let alpha = Float(p[3]) / 65535
                var color = SIMD4<Float>(0, 0, 0, alpha)
                if alpha > 0 {
                    let encoded = SIMD3<Float>(self.output(p[0], p[1], p[2]))
                    color = SIMD4(encoded, alpha)
                    if let grain { color = applyGrain(color, x: x, y: y, field: grain) }
                }
                store(color, x: x, rowSeed: rowSeed, dithers: dithers, to: row + x * 4)
            }
        }
    }

    @inline(__always)
    private func store<Output: FixedWidthInteger & UnsignedInteger>(
        _ color: SIMD4<Float>, x: Int, rowSeed: UInt32, dithers: Bool, to pixel: UnsafeMutablePointer<Output>
    ) {
        if Output.bitWidth == 8 {
            let noise = dithers ? ditherNoise(x: x, rowSeed: rowSeed) : .zero
            let q = quantize8(color, noise: noise)
            for c in 0..<4 { pixel[c] = Output(q[c]) }
        } else {
            let q = quantize16(color)
            for c in 0..<4 { pixel[c] = Output(q[c]) }
        }
    }
}

/// Device mode's rendered values in linear light, per channel
/// (`WideColor`).
final class LinearTables: @unchecked Sendable {
    let red: [Double]
    let green: [Double]
    let blue: [Double]

    init(low: SIMD3<Double>, span: SIMD3<Double>) {
        let s = ColorGamut.sRGB
        func table(_ c: Int) -> [Double] { (0...65535).map { s.decode(low[c] + Double($0) / 65535 * span[c]) } }
        (red, green, blue) = (table(0), table(1), table(2))
    }
}

/// A gamut's curve for linear values in 0…1, from a table over √linear
/// (fine near black, where the curve is steep), linearly interpolated:
/// within 10⁻⁷ of ``ColorGamut/encode(_:)``.
final class EncodeTable: @unchecked Sendable {
    static let intervals = 65536
    let values: [Double]

    init(_ gamut: ColorGamut) {
        values = (0...Self.intervals + 1).map { k in
            let t = min(Double(k) / Double(Self.intervals), 1)
            return gamut.encode(t * t)
        }
    }

    static let standard = EncodeTable(.sRGB)
    static let bt2020 = EncodeTable(.rec2020)

    /// sRGB and Display P3 share the sRGB curve.
    static func of(_ gamut: ColorGamut) -> EncodeTable { gamut == .rec2020 ? bt2020 : standard }

    @inline(__always)
    func encode(_ linear: Double) -> Double {
        let position = min(max(linear, 0), 1).squareRoot() * Double(Self.intervals)
        let k = Int(position)
        let f = position - Double(k)
        return values[k] + (values[k + 1] - values[k]) * f
    }
}
