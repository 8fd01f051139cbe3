import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// The 16-bit planes the video encoders read, rendered straight into
/// planes (``PlanarGBR16Writer``), are the RGBA render's color channels
/// sample for sample, whichever path a pixel takes: long runs and short
/// spans, the anti-aliased border, folds, perceptual blending, grain, and
/// a canvas rendered in several row ranges.
@Suite struct PlanarOutputTests {
    static func expectPlanesMatch(_ plan: RenderPlan, _ label: String) {
        let renderer = CPURenderer(threadCount: 2)
        let planes = renderer.renderPlanarGBR16(plan)
        let expected = PlanarGBR16Image(renderer.render16(plan))
        #expect(planes.samples.count == 3 * plan.width * plan.height)
        #expect(planes == expected, "\(label) \(plan.width)x\(plan.height)")
    }

    @Test func planesAreTheRGBAChannels() {
        let meshes =
            Presets.names.compactMap { name in
                Presets.named(name)?.document.animatedMesh.map { (name, $0.mesh(at: 0.4)) }
            } + TestMeshes.all.map { ($0.name, $0.mesh) }
        for (name, mesh) in meshes {
            for (w, h) in [(97, 61), (333, 190)] {
                Self.expectPlanesMatch(RenderPlan(mesh: mesh, width: w, height: h), name)
            }
        }
    }

    @Test func grainAndBandsKeepThePlanesExact() {
        var plan = RenderPlan(mesh: TestMeshes.all[0].mesh, width: 160, height: 96)
        plan.grain = Grain(amount: 0.08, seed: 7).field(at: 0)
        Self.expectPlanesMatch(plan, "grain")

        // Rows in three calls, each into its own place in the planes.
        let plain = RenderPlan(mesh: TestMeshes.all[1].mesh, width: 120, height: 70)
        let prepared = PreparedRaster(plan: plain)
        let pixels = 120 * 70
        var samples = [UInt16](repeating: 0, count: 3 * pixels)
        samples.withUnsafeMutableBufferPointer { buffer in
            for rows in [0..<13, 13..<50, 50..<70] {
                CPURenderer(threadCount: 2).renderPlanarGBR16(
                    prepared, rows: rows, into: buffer.baseAddress! + rows.lowerBound * 120, planeStride: pixels)
            }
        }
        #expect(samples == PlanarGBR16Image(CPURenderer().render16(plain)).samples)
    }

    /// With alpha, the fourth plane is the RGBA image's alpha, sample for
    /// sample, after the same color planes (`gbrap16le`, what ProRes 4444
    /// and VP9 with alpha read); a translucent mesh has alphas below 65535.
    @Test func alphaPlaneIsTheAlphaChannel() {
        let mesh = Presets.named("frost")!.document.animatedMesh!.mesh(at: 0.4)
        let image = CPURenderer(threadCount: 2).render16(RenderPlan(mesh: mesh, width: 97, height: 61))
        let pixels = 97 * 61
        let planes = PlanarGBR16Image(image, alpha: true)
        #expect(planes.hasAlpha && planes.samples.count == 4 * pixels)
        #expect(Array(planes.samples[0..<3 * pixels]) == PlanarGBR16Image(image).samples)
        let alpha = (0..<pixels).map { image.components[4 * $0 + 3] }
        #expect(Array(planes.samples[3 * pixels..<4 * pixels]) == alpha)
        #expect(alpha.contains { $0 < 65535 })
    }
}
