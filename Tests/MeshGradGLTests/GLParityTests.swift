import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradGL

/// The GPU renderer held against the CPU reference, headless on whatever
/// EGL offers (llvmpipe in CI). Serialized: each test makes its own context
/// on its own thread, and llvmpipe uses every core anyway.
@Suite(.serialized) struct GLParityTests {
    static let meshes: [(String, MeshGradient)] =
        Presets.all.filter { $0.document.scene == nil }.map { ($0.name, $0.document.animatedMesh!.mesh) }
        + TestMeshes.all.map { ($0.name, $0.mesh) } + [
            ("looping-top", TestMeshes.loopingTop), ("s-fold", TestMeshes.sFold),
        ]

    /// A context and renderer for one test.
    static func renderer() throws -> (HeadlessContext, GLRenderer) {
        let context = try HeadlessContext()
        return (context, try GLRenderer())
    }

    @Test(arguments: meshes.map(\.0), [(333, 517), (96, 64), (640, 360)])
    func gpuMatchesCPU(name: String, size: (Int, Int)) throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        let mesh = Self.meshes.first { $0.0 == name }!.1
        let plan = RenderPlan(mesh: mesh, width: size.0, height: size.1)
        let comparison = ImageComparison(
            try renderer.render8(plan), CPURenderer().render8(plan), border: BorderBand(plan: plan))
        #expect(comparison.isWithinTolerance, "\(name) \(size.0)×\(size.1): \(comparison.summary)")
    }

    /// The preview's coarser tessellation (``TessellationLevel/preview``),
    /// animated, against the reference: 99.9 % of pixels within two levels
    /// and a PSNR of 45 dB or more, or for a mesh whose border is inside the
    /// canvas, within two levels away from that border (the preview holds
    /// the silhouette to the file's 0.25 px, but two tessellations within
    /// 0.25 px of a curve can still differ at its anti-aliased pixels).
    @Test(arguments: Presets.all.filter { $0.document.scene == nil }.map(\.name))
    func previewTessellationMatchesTheReference(name: String) throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        let document = Presets.named(name)!.document
        for time in [0, 1.3, 2.9] {
            let mesh = document.animatedMesh!.mesh(at: time)
            let preview = RenderPlan(mesh: mesh, width: 640, height: 360, tolerance: .preview)
            let reference = RenderPlan(mesh: mesh, width: 640, height: 360)
            let comparison = ImageComparison(
                try renderer.render8(preview), CPURenderer().render8(reference), border: BorderBand(plan: reference))
            let matches =
                reference.antialiasesBorder
                ? comparison.maximumAwayFromBorder <= 2
                : comparison.percentile999 <= 2 && comparison.psnr >= 45
            #expect(
                matches,
                "\(name) at \(time) s, level \(preview.tessellation.level) (reference \(reference.tessellation.level)): \(comparison.summary)"
            )
        }
    }

    /// The fold rule (mesh-math §7a) without anti-aliasing: one sample, the
    /// depth test alone decides; and in 16 bits, where nothing hides a
    /// one-level difference.
    @Test func foldedPatchWithoutAntialiasing() throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        let plan = RenderPlan(mesh: TestMeshes.loopingTop, width: 300, height: 170, antialiasing: false)
        #expect(plan.folds && !plan.antialiasesBorder)
        let comparison = ImageComparison(try renderer.render8(plan), CPURenderer().render8(plan))
        #expect(comparison.isWithinTolerance && comparison.maximum <= 1, "\(comparison.summary)")
        let gpu = try renderer.render16(plan)
        let cpu = CPURenderer().render16(plan)
        let largest = zip(gpu.components, cpu.components).map { abs(Int($0) - Int($1)) }.max()!
        #expect(largest <= 257, "16-bit: \(largest) levels of 65535")
    }

    @Test(arguments: ["onboarding", "warped", "half-transparent"])
    func undithered(name: String) throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        let mesh = Self.meshes.first { $0.0 == name }!.1
        let plan = RenderPlan(mesh: mesh, width: 200, height: 120)
        let comparison = ImageComparison(
            try renderer.render8(plan, dithers: false), CPURenderer().render8(plan, dithers: false))
        #expect(comparison.isWithinTolerance, "\(comparison.summary)")
        #expect(comparison.maximum <= 1)
    }

    @Test(arguments: ["meshing-text-mesh", "aurora", "bezier"])
    func sixteenBitReadbackMatches(name: String) throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        let mesh = Self.meshes.first { $0.0 == name }!.1
        let plan = RenderPlan(mesh: mesh, width: 160, height: 100)
        let gpu = try renderer.render16(plan)
        let cpu = CPURenderer().render16(plan)
        var largest = 0
        for i in 0..<gpu.components.count {
            largest = max(largest, abs(Int(gpu.components[i]) - Int(cpu.components[i])))
        }
        // 16-bit levels: 32 is an eighth of one 8-bit level.
        #expect(largest <= 32, "\(name): largest 16-bit difference \(largest)")
        #expect(gpu.components.contains { $0 != 0 && $0 != 65535 && $0 % 257 != 0 }, "16-bit precision was lost")
    }

    @Test func floatReadbackMatches() throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        let plan = RenderPlan(mesh: TestMeshes.perceptual, width: 64, height: 64)
        let gpu = try renderer.renderFloat(plan)
        let cpu = CPURenderer().renderFloat(plan)
        let largest = zip(gpu.components, cpu.components).map { abs($0 - $1) }.max()!
        #expect(largest < 2e-4, "largest float difference \(largest)")
    }

    @Test func largeMeshOf32By32Vertices() throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        var generator = SplitMix64(seed: 7)
        let points = MeshGradient.regularGrid(width: 32, height: 32).enumerated().map { index, p -> SIMD2<Double> in
            let c = index % 32
            let r = index / 32
            guard c > 0 && c < 31 && r > 0 && r < 31 else { return p }
            return p + SIMD2(generator.unit() - 0.5, generator.unit() - 0.5) * (0.5 / 31)
        }
        let colors = (0..<1024).map { _ in
            RGBAColor(red: generator.unit(), green: generator.unit(), blue: generator.unit())
        }
        let mesh = MeshGradient(width: 32, height: 32, locations: .points(points), colors: colors)
        // A fixed level keeps the test about storage and parity, not about
        // a million triangles (the level rule has its own tests).
        let plan = RenderPlan(mesh: mesh, width: 640, height: 480, tessellationLevel: 8)
        #expect(plan.colorPolynomials.count == 961 * 16)
        let comparison = ImageComparison(try renderer.render8(plan), CPURenderer().render8(plan))
        #expect(comparison.isWithinTolerance, "\(comparison.summary)")
    }

    @Test func tilesMeetWithoutSeams() throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        for mesh in [TestMeshes.warped, TestMeshes.inset] {
            let plan = RenderPlan(mesh: mesh, width: 203, height: 150)
            let whole = try renderer.render8(plan)
            renderer.maximumTileSide = 64
            defer { renderer.maximumTileSide = 4096 }
            #expect(renderer.tiles(width: 203, height: 150, multisampled: plan.antialiasesBorder).count > 4)
            let tiled = try renderer.render8(plan)
            let identical = tiled == whole
            #expect(identical, "\(ImageComparison(tiled, whole).summary)")
        }
    }

    @Test func meshUpdateRedrawsWithNewVertices() throws {
        let (context, renderer) = try Self.renderer()
        defer { withExtendedLifetime(context) {} }
        var mesh = Presets.onboarding.document.animatedMesh!.mesh
        let first = RenderPlan(mesh: mesh, width: 120, height: 80, tessellationLevel: 4)
        let uploaded = try renderer.upload(first)
        let before: RGBAImage<UInt8> = try renderer.render(uploaded, format: .rgba8(dithers: true))
        #expect(ImageComparison(before, CPURenderer().render8(first)).isWithinTolerance)
        if case .points(var points) = mesh.locations {
            points[5] += SIMD2(0.1, 0.05)
            mesh.locations = .points(points)
        }
        let second = RenderPlan(mesh: mesh, width: 120, height: 80, tessellationLevel: 4)
        try uploaded.update(second)
        let after: RGBAImage<UInt8> = try renderer.render(uploaded, format: .rgba8(dithers: true))
        let changed = after != before
        #expect(changed)
        #expect(ImageComparison(after, CPURenderer().render8(second)).isWithinTolerance)
    }
}
