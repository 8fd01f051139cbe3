import MeshGradCore
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradGL

/// Grain on the GPU (Shaders/grain.glsl) against its CPU twin
/// (Grain.swift): parity within the renderers' usual tolerance, in both
/// GPU paths (a mesh finishing its own pixels, and the finish pass of a
/// mesh with an anti-aliased border), and tiles without seams.
@Suite(.serialized) struct GLGrainTests {
    static let grains: [Grain] = [
        Grain(amount: 0.06, seed: 7),
        Grain(amount: 0.12, size: 2.5, monochrome: false, seed: 99),
    ]
    static let meshes: [(String, MeshGradient)] = [
        ("onboarding", Presets.onboarding.document.animatedMesh!.mesh), ("warped", TestMeshes.warped),
        ("inset", TestMeshes.inset),
    ]

    @Test(arguments: meshes.map(\.0), grains.indices)
    func gpuGrainMatchesCPU(name: String, grainIndex: Int) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try GLRenderer()
        var plan = RenderPlan(mesh: Self.meshes.first { $0.0 == name }!.1, width: 333, height: 217)
        plan.grain = Self.grains[grainIndex].field(at: 0)
        let comparison = ImageComparison(
            try renderer.render8(plan), CPURenderer().render8(plan), border: BorderBand(plan: plan))
        #expect(comparison.isWithinTolerance, "\(name), grain \(grainIndex): \(comparison.summary)")
        // 16 bits: no dither to hide behind.
        let gpu16 = try renderer.render16(plan)
        let cpu16 = CPURenderer().render16(plan)
        let border = BorderBand(plan: plan)
        var worst = 0
        for k in 0..<(333 * 217) where !border.contains(k % 333, k / 333) {
            for c in 0..<3 {
                worst = max(worst, abs(Int(gpu16.components[4 * k + c]) - Int(cpu16.components[4 * k + c])))
            }
        }
        #expect(worst <= 64, "\(name), grain \(grainIndex): 16-bit difference \(worst) of 65535")
    }

    /// Grain is compiled in only where a frame has it: a grainless program
    /// holds none of its code (its uniforms are gone), since llvmpipe runs
    /// both sides of a uniform branch and the grain side tripled the cost
    /// of every frame (the preview fell from 89 to 31 fps).
    @Test func grainlessProgramsHoldNoGrainCode() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try GLRenderer()
        let mode = OutputFormat.rgba8(dithers: true).shaderMode
        for grain in [false, true] {
            let mesh = try renderer.meshProgram(
                colorSpace: .device, outputMode: mode, opaque: true, folds: false, grain: grain)
            let finish = try renderer.finishProgram(outputMode: mode, grain: grain)
            for program in [mesh, finish] {
                #expect((program.location("grainAmount") >= 0) == grain, "grain \(grain)")
            }
        }
    }

    @Test func tilesWithGrainMeetWithoutSeams() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try GLRenderer()
        for mesh in [TestMeshes.warped, TestMeshes.inset] {
            for grain in Self.grains {
                var plan = RenderPlan(mesh: mesh, width: 203, height: 150)
                plan.grain = grain.field(at: 0)
                let whole = try renderer.render8(plan)
                renderer.maximumTileSide = 64
                defer { renderer.maximumTileSide = 4096 }
                #expect(renderer.tiles(width: 203, height: 150, multisampled: plan.antialiasesBorder).count > 4)
                let tiled = try renderer.render8(plan)
                #expect(tiled == whole, "\(ImageComparison(tiled, whole).summary)")
            }
        }
    }
}
