import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// The rule for a patch that folds over itself (mesh-math §7a), checked by
/// brute force: for every pixel, every triangle covering its center, the
/// one of the largest fold key (equal keys: the later) must be what the
/// CPU renderer painted.
@Suite struct FoldRuleTests {
    @Test func onlyAFoldedPatchIsFolded() {
        #expect(RenderPlan(mesh: TestMeshes.loopingTop, width: 200, height: 120).folds)
        #expect(RenderPlan(mesh: TestMeshes.sFold, width: 200, height: 120).folds)
        for (name, mesh) in TestMeshes.all {
            #expect(!RenderPlan(mesh: mesh, width: 200, height: 120).folds, "\(name)")
        }
        for preset in Presets.all {
            guard let mesh = preset.document.animatedMesh?.mesh else { continue }
            #expect(!RenderPlan(mesh: mesh, width: 320, height: 180).folds, "\(preset.name)")
        }
    }

    /// The looping top edge folds three sheets deep; the S-fold overlaps
    /// cells of one row, where drawing order alone would paint the larger
    /// `u` instead of the larger `v`.
    @Test(arguments: ["looping-top", "s-fold"])
    func largestVWins(name: String) {
        let (w, h) = (160, 90)
        let mesh = name == "s-fold" ? TestMeshes.sFold : TestMeshes.loopingTop
        let plan = RenderPlan(mesh: mesh, width: w, height: h, antialiasing: false)
        let image = CPURenderer(threadCount: 2).renderFloat(plan)
        let vertices = plan.tessellation.vertices
        let indices = plan.tessellation.indices
        let triangles = stride(from: 0, to: indices.count, by: 3).compactMap { i in
            RasterTriangle(vertices[Int(indices[i])], vertices[Int(indices[i + 1])], vertices[Int(indices[i + 2])])
        }
        func color(_ t: RasterTriangle, x: Int, y: Int) -> (key: Float, color: SIMD4<Float>) {
            let dx = Float(x) + 0.5 - t.originX
            let dy = Float(y) + 0.5 - t.originY
            let u = min(max(t.u0 + t.uPerX * dx + t.uPerY * dy, 0), 1)
            let v = t.v0 + t.vPerX * dx + t.vPerY * dy
            let c = plan.colorPolynomials.withUnsafeBufferPointer { polys in
                finishColor(
                    evaluateColorPolynomial(polys.baseAddress! + Int(t.patch) * 16, u: u, v: min(max(v, 0), 1)),
                    in: plan.colorSpace)
            }
            return (foldKey(patch: t.patch, v: v, scale: plan.foldKeyScale), c)
        }
        // Each pixel's covering triangles, in drawing order: spans row by row.
        var covering = [[Int]](repeating: [], count: w * h)
        for (k, t) in triangles.enumerated() {
            // Every row (not the renderer's row lists, which are on trial).
            for y in 0..<h {
                guard let span = t.span(row: y, sampleX: 128, sampleY: 128, width: w) else { continue }
                for x in span { covering[y * w + x].append(k) }
            }
        }
        var decided = 0  // pixels where sheets of clearly different colors compete
        var wrong = 0
        var drawingOrderDiffers = 0  // pixels where the last covering triangle is not the winner
        for y in 0..<h {
            for x in 0..<w {
                let sheets = covering[y * w + x].map { color(triangles[$0], x: x, y: y) }
                guard
                    let winner = sheets.enumerated().max(by: { a, b in
                        a.element.key != b.element.key ? a.element.key < b.element.key : a.offset < b.offset
                    })?.element
                else { continue }
                if largestDifference(image[x, y], winner.color) > 1.0 / 255 { wrong += 1 }
                if sheets.contains(where: { largestDifference($0.color, winner.color) > 0.1 }) { decided += 1 }
                if largestDifference(sheets.last!.color, winner.color) > 0.1 { drawingOrderDiffers += 1 }
            }
        }
        #expect(decided >= 20, "the mesh should fold over pixels of different colors: \(decided)")
        if name == "s-fold" {
            #expect(drawingOrderDiffers >= 20, "drawing order alone would paint it right: \(drawingOrderDiffers)")
        }
        #expect(wrong == 0, "\(wrong) pixels are not the covering sheet of the largest v")
    }
}

/// The largest difference of two colors' channels.
private func largestDifference(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let d = a - b
    return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
}
