import MeshGradCore
import Testing

@testable import MeshGradEditor

/// `meshgrad fit`'s fitter on five generated photos (smooth scenes with
/// sensor-like noise), against the k-means-palette-on-a-grid baseline.
@Suite struct FitTests {
    /// A 160×120 "photo": `shade(x, y)` in 0…1 plus ±6 levels of noise.
    static func photo(_ seed: UInt64, _ shade: (Double, Double) -> SIMD3<Double>) -> RGBAImage<UInt8> {
        var random = SplitMix64(seed: seed)
        var components: [UInt8] = []
        for y in 0..<120 {
            for x in 0..<160 {
                let c = shade(Double(x) / 159, Double(y) / 119)
                for k in 0..<3 {
                    let noisy = c[k] * 255 + (random.unit() - 0.5) * 12
                    components.append(UInt8(min(max(noisy, 0), 255).rounded()))
                }
                components.append(255)
            }
        }
        return RGBAImage(width: 160, height: 120, components: components)
    }

    static func blob(_ x: Double, _ y: Double, at cx: Double, _ cy: Double, radius: Double) -> Double {
        let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) / (radius * radius)
        return 1 / (1 + d * d)
    }

    static let photos: [(String, RGBAImage<UInt8>)] = [
        (
            "sunset",
            photo(1) { x, y in
                let sun = blob(x, y, at: 0.62, 0.55, radius: 0.12)
                return SIMD3(0.95 - 0.5 * y, 0.35 + 0.25 * (1 - y), 0.25 + 0.45 * y) * (1 - sun) + SIMD3(1, 0.85, 0.4)
                    * sun
            }
        ),
        (
            "landscape",
            photo(2) { x, y in
                let horizon = 0.55 + 0.08 * (x * 6.28).squareRoot() * (x < 0.5 ? 1 : -0.5)
                return y < horizon
                    ? SIMD3(0.45 + 0.3 * y, 0.65 + 0.2 * y, 0.95) : SIMD3(0.2, 0.5 - 0.2 * (y - horizon), 0.15)
            }
        ),
        (
            "blobs",
            photo(3) { x, y in
                let a = blob(x, y, at: 0.25, 0.3, radius: 0.25)
                let b = blob(x, y, at: 0.75, 0.65, radius: 0.3)
                let c = blob(x, y, at: 0.5, 0.9, radius: 0.2)
                return SIMD3(0.08, 0.06, 0.15) + a * SIMD3(0.9, 0.2, 0.5) + b * SIMD3(0.1, 0.7, 0.8) + c
                    * SIMD3(0.8, 0.7, 0.1)
            }
        ),
        (
            "portrait",
            photo(4) { x, y in
                let face = blob(x * 1.3, y, at: 0.65, 0.45, radius: 0.3)
                return SIMD3(0.35, 0.38, 0.42) * (1 - face) + SIMD3(0.92, 0.72, 0.6) * face
            }
        ),
        (
            "ocean",
            photo(5) { x, y in
                let glare = blob(x, y, at: 0.3, 0.7, radius: 0.18)
                let sky = SIMD3(0.55 + 0.3 * y, 0.7 + 0.1 * y, 0.9)
                let sea = SIMD3(0.05, 0.25 + 0.2 * (1 - y), 0.45 - 0.15 * y)
                return (y < 0.45 ? sky : sea) * (1 - glare) + SIMD3(0.95, 0.95, 0.85) * glare
            }
        ),
    ]

    /// The fitted mesh beats the baseline on every photo by a clear margin,
    /// and the fit itself never makes things worse step to step.
    @Test(arguments: photos.map(\.0)) func fitBeatsThePaletteBaseline(name: String) {
        let target = FitTarget(Self.photos.first { $0.0 == name }!.1, longSide: 40)
        let fitter = MeshFitter(target: target, settings: .init(width: 4, height: 4))
        var steps: [MeshFitter.Step] = []
        let fitted = fitter.fit { steps.append($0) }
        let fittedPSNR = psnr(meanSquaredError: fitter.error(of: fitted))
        let baseline = psnr(meanSquaredError: fitter.error(of: PaletteBaseline.mesh(for: target, width: 4, height: 4)))
        #expect(fittedPSNR > baseline + 1.5, "\(name): fitted \(fittedPSNR) dB, baseline \(baseline) dB")
        #expect(steps.last!.psnr == fittedPSNR)
        // Refinement keeps only improvements; rounding to 8 bits costs little.
        let smooth = steps.filter { $0.stage.hasPrefix("smooth") }.map(\.psnr)
        #expect(smooth.count == 2 && smooth[1] >= smooth[0])
        #expect(fittedPSNR > smooth[1] - 0.2)
    }

    /// Moving the vertices lowers the error, keeps borders on the border
    /// and never folds.
    @Test func positionsImproveTheFitWithoutFolding() {
        let target = FitTarget(Self.photos[2].1, longSide: 32)
        let still = MeshFitter(target: target, settings: .init(width: 4, height: 4, smooth: false))
        let moving = MeshFitter(
            target: target, settings: .init(width: 4, height: 4, smooth: false, positions: true, passes: 1))
        let fixed = still.fit()
        let moved = moving.fit()
        #expect(moving.error(of: moved) < still.error(of: fixed))
        #expect(moved.locations.positions != fixed.locations.positions)
        #expect(!Tessellation(PatchNets(moved), canvasWidth: 256, canvasHeight: 256, level: 8).hasFoldedPatch)
        for (k, p) in moved.locations.positions.enumerated() {
            let (c, r) = (k % 4, k / 4)
            if c == 0 || c == 3 { #expect(p.x == Double(c) / 3) }
            if r == 0 || r == 3 { #expect(p.y == Double(r) / 3) }
        }
    }

    /// A photo that is itself a bilinear mesh is recovered almost exactly
    /// (the least squares are exact up to the 8-bit colors).
    @Test func aBilinearMeshIsRecovered() {
        let mesh = MeshGenerator(GeneratorSettings(width: 3, height: 3, seed: 4, jitter: 0, colorSpace: .device)).mesh()
        var source = mesh
        source.smoothsColors = false
        let image = CPURenderer().render8(RenderPlan(mesh: source, width: 48, height: 48), dithers: false)
        let target = FitTarget(image, longSide: 48, sigma: 0)
        let fitter = MeshFitter(target: target, settings: .init(width: 3, height: 3, smooth: false))
        let fitted = fitter.fit()
        #expect(psnr(meanSquaredError: fitter.error(of: fitted)) > 45)
        for (a, b) in zip(fitted.colors, source.colors) {
            #expect(
                abs(a.red - b.red) <= 2 / 255 && abs(a.green - b.green) <= 2 / 255 && abs(a.blue - b.blue) <= 2 / 255)
        }
    }
}
