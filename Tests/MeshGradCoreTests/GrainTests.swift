import MeshGradCore
import MeshGradTestSupport
import Testing

/// Grain (mesh-math §8a) on the CPU: its noise's statistics, determinism
/// per seed, per-frame seeds, seamless bands, and the dither below it.
@Suite struct GrainTests {
    static func plan(_ grain: Grain?, time: Double = 0, width: Int = 160, height: Int = 96) -> RenderPlan {
        var plan = RenderPlan(mesh: TestMeshes.warped, width: width, height: height)
        plan.grain = grain?.field(at: time)
        return plan
    }

    @Test func latticeNoiseHasUnitVarianceAndNoMean() {
        var sum = 0.0
        var squares = 0.0
        let n = 200 * 200
        for j in Int32(0)..<200 {
            for i in Int32(0)..<200 {
                let v = Double(grainLattice(i, j, channel: 0, seed: 11))
                sum += v
                squares += v * v
            }
        }
        let mean = sum / Double(n)
        let variance = squares / Double(n) - mean * mean
        #expect(abs(mean) < 0.02, "mean \(mean)")
        #expect(abs(variance - 1) < 0.03, "variance \(variance)")
        // Channels and seeds are independent streams.
        #expect(grainLattice(3, 4, channel: 0, seed: 11) != grainLattice(3, 4, channel: 1, seed: 11))
        #expect(grainLattice(3, 4, channel: 0, seed: 11) != grainLattice(3, 4, channel: 0, seed: 12))
    }

    @Test func theSameSeedGivesTheSameImage() {
        let grain = Grain(amount: 0.08, seed: 7)
        let a = CPURenderer().render8(Self.plan(grain))
        #expect(a == CPURenderer().render8(Self.plan(grain)))
        #expect(a != CPURenderer().render8(Self.plan(Grain(amount: 0.08, seed: 8))))
        #expect(a != CPURenderer().render8(Self.plan(nil)))
        // Amount 0 is no grain at all, bit for bit.
        #expect(CPURenderer().render8(Self.plan(Grain(amount: 0))) == CPURenderer().render8(Self.plan(nil)))
    }

    @Test func animatedGrainChangesEveryFrameAndStillGrainDoesNot() {
        let still = Grain(amount: 0.08, seed: 7)
        #expect(
            CPURenderer().render8(Self.plan(still, time: 0)) == CPURenderer().render8(Self.plan(still, time: 1 / 30)))
        let animated = Grain(amount: 0.08, seed: 7, animated: true)
        let first = CPURenderer().render8(Self.plan(animated, time: 0))
        #expect(first != CPURenderer().render8(Self.plan(animated, time: 1 / 30)))
        #expect(first == CPURenderer().render8(Self.plan(animated, time: 0)))
    }

    /// Grain hashes canvas coordinates: rows rendered in bands, as the
    /// streaming PNG writer does, are the rows of the whole image.
    @Test(arguments: [1.0, 2.5]) func bandsMeetWithoutSeams(size: Double) {
        let plan = Self.plan(Grain(amount: 0.1, size: size, monochrome: false, seed: 3), width: 131, height: 97)
        let whole = CPURenderer().render8(plan)
        var banded = [UInt8](repeating: 0, count: 131 * 97 * 4)
        let prepared = PreparedRaster(plan: plan)
        for rows in [0..<13, 13..<50, 50..<97] {
            banded.withUnsafeMutableBufferPointer { buffer in
                CPURenderer().render8(
                    prepared, dithers: true, rows: rows, into: buffer.baseAddress! + rows.lowerBound * 131 * 4)
            }
        }
        #expect(banded == whole.components)
    }

    /// The grain's strength: the pixel-to-pixel spread of a flat color
    /// grows with the amount, and the dither still runs below it.
    @Test func amountSetsTheSpreadAndTheDitherStays() {
        let flat = MeshGradient(
            width: 2, height: 2, locations: .points(MeshGradient.regularGrid(width: 2, height: 2)),
            colors: Array(repeating: RGBAColor(red: 0.5, green: 0.5, blue: 0.5), count: 4))
        func spread(_ amount: Double, dithers: Bool = true) -> (Double, RGBAImage<UInt8>) {
            var plan = RenderPlan(mesh: flat, width: 128, height: 128)
            plan.grain = Grain(amount: amount, seed: 1).field(at: 0)
            let image = CPURenderer().render8(plan, dithers: dithers)
            let reds = stride(from: 0, to: image.components.count, by: 4).map { Double(image.components[$0]) }
            let mean = reds.reduce(0, +) / Double(reds.count)
            return ((reds.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(reds.count)).squareRoot(), image)
        }
        let (small, dithered) = spread(0.03)
        let (large, _) = spread(0.09)
        // σ in 8-bit levels = 255 · amount · √(c + 1/256) · d(sRGB)/d(linear)
        // at linear c = 0.214 (sRGB 0.5): 255 · 0.03 · 0.467 · 1.08 = 3.86.
        #expect(small > 3.5 && small < 4.3, "σ \(small) at amount 0.03")
        #expect(large > 2.7 * small && large < 3.2 * small, "σ \(large) at 0.09 vs \(small)")
        #expect(dithered != spread(0.03, dithers: false).1)
    }
}
