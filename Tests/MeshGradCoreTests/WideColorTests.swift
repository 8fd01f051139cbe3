import Foundation
import Testing

@testable import MeshGradCore

/// Colors beyond sRGB: the gamuts' conversions, CSS Color 4's notation and
/// gamut mapping, and the wide-color finish's banding. (Absolute values
/// against colour-science: Scripts/color-check.py.)
@Suite struct WideColorTests {
    static func near(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ tolerance: Double = 1e-12) -> Bool {
        (a - b).max() <= tolerance && (b - a).max() <= tolerance
    }

    @Test(arguments: ColorGamut.allCases)
    func conversionsInvertEachOtherAndKeepWhite(gamut: ColorGamut) {
        let samples: [SIMD3<Double>] = [SIMD3(1, 1, 1), SIMD3(0.2, 0.7, 0.4), SIMD3(-0.3, 1.2, 0.05)]
        for v in samples {
            #expect(Self.near(gamut.toLinearSRGB(gamut.fromLinearSRGB(v)), v), "\(gamut) \(v)")
        }
        #expect(Self.near(gamut.fromLinearSRGB(SIMD3(1, 1, 1)), SIMD3(1, 1, 1), 1e-12))
        for x in stride(from: -1.5, through: 1.5, by: 0.01) {
            #expect(abs(gamut.decode(gamut.encode(x)) - x) < 1e-12, "\(gamut) \(x)")
        }
    }

    @Test func eachGamutHoldsTheNarrowerOnes() {
        let srgbGreen = RGBAColor(red: 0, green: 1, blue: 0)
        #expect(ColorGamut.narrowest(holding: srgbGreen) == .sRGB)
        #expect(ColorGamut.narrowest(holding: CSSColor.parse("color(display-p3 0 1 0)")!) == .displayP3)
        #expect(ColorGamut.narrowest(holding: CSSColor.parse("color(rec2020 0 1 0)")!) == .rec2020)
        #expect(ColorGamut.narrowest(holding: CSSColor.parse("color(srgb-linear -2 3 0)")!) == nil)
    }

    @Test(arguments: [
        "color(display-p3 1 0.25 0.1)", "color(rec2020 0.1 0.9 0.3 / 0.5)", "color(srgb-linear 2 2 2)",
        "color(srgb 1.2 -0.1 0.5)", "color(display-p3 0 1 0)",
    ])
    func cssColorsReadBackAsWritten(text: String) throws {
        let color = try #require(CSSColor.parse(text))
        let written = CSSColor.text(color)
        #expect(CSSColor.parse(written) == color, "\(text) → \(written)")
    }

    @Test func aP3ColorIsWrittenInP3() throws {
        let color = try #require(CSSColor.parse("color(display-p3 1 0.25 0.1)"))
        #expect(CSSColor.text(color) == "color(display-p3 1 0.25 0.1)")
        let oklch = try #require(CSSColor.parse("oklch(70% 0.1 200deg / 50%)"))
        #expect(oklch.alpha == 0.5)
        #expect(abs(Oklab.fromSRGB(SIMD3(oklch.red, oklch.green, oklch.blue)).x - 0.7) < 1e-7)
    }

    @Test(arguments: [
        "color(p3 1 0 0)", "color(display-p3 1 0)", "oklch(0.5 0.1)", "color(srgb 1 0 0 / 2)",
        "color(srgb 1e9 0 0)", "color(srgb nan 0 0)", "rgb(1 0 0)",
    ])
    func malformedColorsAreRefused(text: String) {
        #expect(CSSColor.parse(text) == nil, "\(text)")
    }

    /// Lightness and hue kept, chroma reduced, the result inside.
    @Test func gamutMappingKeepsLightnessAndHue() {
        for p3 in [SIMD3<Double>(0, 1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1), SIMD3(1, 0, 1), SIMD3(0.1, 0.9, 0.8)] {
            let p = ColorGamut.displayP3
            let linear = p.toLinearSRGB(SIMD3(p.decode(p3.x), p.decode(p3.y), p.decode(p3.z)))
            let mapped = GamutMapping.map(linear, into: .sRGB)
            #expect(mapped.min() >= 0 && mapped.max() <= 1)
            let before = Oklab.fromLinearSRGB(linear)
            let after = Oklab.fromLinearSRGB(mapped)
            #expect(abs(before.x - after.x) < 0.03, "lightness of \(p3)")
            let hue = { (lab: SIMD3<Double>) in atan2(lab.z, lab.y) }
            #expect(abs(hue(before) - hue(after)) < 0.05, "hue of \(p3)")
            #expect(hypot(after.y, after.z) < hypot(before.y, before.z))
        }
        // Inside already: unchanged.
        let inside = SIMD3(0.2, 0.5, 0.3)
        #expect(Self.near(GamutMapping.map(inside, into: .sRGB), inside))
    }

    /// A dithered 8-bit Display P3 (or PQ) gradient bands no more than
    /// sRGB's do (the same 0.05/255 bar).
    @Test(arguments: [HDRTransfer?.none, .pq])
    func aDitheredWideGradientDoesNotBand(hdr: HDRTransfer?) throws {
        let colors = [
            "color(display-p3 0.05 0.1 0.3)", "color(display-p3 0.9 0.2 0.5)", "color(display-p3 0.1 0.8 0.3)",
            "color(display-p3 0.95 0.9 0.2)",
        ].map { CSSColor.parse($0)! }
        let mesh = MeshGradient(
            width: 2, height: 2, locations: .points([SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, 1)]),
            colors: colors)
        let wide = WideColor(colors: colors, space: .device, gamut: hdr == nil ? .displayP3 : .rec2020, hdr: hdr)
        var moved = mesh
        moved.colors = colors.map(wide.rendered)
        let size = 256
        let drawn = CPURenderer().render16(RenderPlan(mesh: moved, width: size, height: size))
        var dithered = RGBAImage<UInt8>(width: size, height: size)
        drawn.components.withUnsafeBufferPointer { input in
            dithered.components.withUnsafeMutableBufferPointer { output in
                wide.finish(input.baseAddress!, width: size, rows: 0..<size, dithers: true, into: output.baseAddress!)
            }
        }
        var exact = RGBAImage<Float>(width: size, height: size)
        for i in 0..<(size * size) {
            let p =
                SIMD3(
                    Double(drawn.components[i * 4]), Double(drawn.components[i * 4 + 1]),
                    Double(drawn.components[i * 4 + 2])) / 65535
            let out = wide.output(p)
            for c in 0..<3 { exact.components[i * 4 + c] = Float(out[c]) }
            exact.components[i * 4 + 3] = 1
        }
        let figure = bandingFigure(dithered, exact: exact)
        print("banding, \(hdr == nil ? "Display P3" : "BT.2020 PQ") 8-bit dithered: \(String(format: "%.4f", figure))/255")
        #expect(figure <= 0.05, "banding \(figure)/255")
    }
}

/// The editor's Oklch edits keep the asked-for chroma (``Oklch/exactColor(alpha:)``).
@Suite struct OklchEditTests {
    /// A hue turned and turned back gives the color back, even where the
    /// turned color lies outside sRGB (mapping it into sRGB on the way lost
    /// its chroma: #FF3366 came back as #CB718E).
    @Test func aHueRoundTripGivesTheColorBack() throws {
        let start = try #require(RGBAColor(hex: "#FF3366"))
        var lch = Oklch(start)
        let original = lch
        for step in [40.0, 80, 120, -240] {
            lch.hue = (lch.hue + step).truncatingRemainder(dividingBy: 360)
            if lch.hue < 0 { lch.hue += 360 }
            lch = Oklch(lch.exactColor())
        }
        let back = lch.exactColor()
        // Within the Oklab matrices' ten digits.
        #expect(abs(lch.chroma - original.chroma) < 1e-6, "chroma \(original.chroma) → \(lch.chroma)")
        #expect(back.hexString == "#FF3366", "\(back.hexString)")
        #expect(
            abs(back.red - start.red) < 1e-6 && abs(back.green - start.green) < 1e-6
                && abs(back.blue - start.blue) < 1e-6)
        // The turned color itself was outside sRGB, and said so.
        var turned = original
        turned.hue += 120
        #expect(ColorGamut.narrowest(holding: turned.exactColor()) != .sRGB)
    }
}
