import Foundation
import Testing

@testable import MeshGradCore

/// The properties mesh-math.md promises, checked on the math itself.
@Suite struct MathTests {
    static let grid3 = MeshGradient.regularGrid(width: 3, height: 3)
    static let colors9: [RGBAColor] = [
        "#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff", "#101010", "#808080", "#f0f0f0",
    ]
    .map { RGBAColor(hex: $0)! }

    @Test(arguments: [true, false], ColorSpace.allCases)
    func eachPatchInterpolatesItsCornerColors(smooth: Bool, space: ColorSpace) {
        let mesh = MeshGradient(
            width: 3, height: 3, locations: .points(Self.grid3), colors: Self.colors9, smoothsColors: smooth,
            colorSpace: space)
        let nets = PatchNets(mesh)
        for r in 0..<2 {
            for c in 0..<2 {
                let net = nets.colors[r * 2 + c]
                for (corner, (u, v)) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].enumerated() {
                    let vertex = (r + corner / 2) * 3 + c + corner % 2
                    let finished = finishColor(net.evaluate(u: u, v: v), in: space)
                    let expected = mesh.colors[vertex].vector
                    // Oklab's published matrices invert each other to about 1e-7.
                    let tolerance = space == .device ? 1e-12 : 1e-6
                    #expect(abs(finished - expected).max() < tolerance, "patch (\(c),\(r)) corner \(corner)")
                }
            }
        }
    }

    /// ∂color/∂x on both sides of the border between patches 0 and 1 of a
    /// regular grid (equal patch widths, so ∂/∂u compares directly).
    func derivativeJump(smooth: Bool, space: ColorSpace = .device) -> Double {
        let mesh = MeshGradient(
            width: 3, height: 3, locations: .points(Self.grid3), colors: Self.colors9, smoothsColors: smooth,
            colorSpace: space)
        let nets = PatchNets(mesh)
        var jump = 0.0
        for v in stride(from: 0.0, through: 1.0, by: 0.125) {
            let left = nets.colors[0].derivativeU(u: 1, v: v)
            let right = nets.colors[1].derivativeU(u: 0, v: v)
            jump = max(jump, abs(left - right).max())
        }
        return jump
    }

    @Test func smoothColorsAreC1AcrossPatchBorders() {
        #expect(derivativeJump(smooth: true) < 1e-12)
        #expect(derivativeJump(smooth: true, space: .perceptual) < 1e-12)
    }

    @Test func bilinearColorsCreaseAtPatchBorders() {
        #expect(derivativeJump(smooth: false) > 0.1)
    }

    @Test func monotoneDataNeverOvershoots() {
        // One row rising unevenly, the other with a peak: neither may leave
        // its range, and the rising one must keep rising.
        let values: [Double] = [0, 0.05, 0.9, 0.95, 1]
        let peak: [Double] = [0, 0.2, 1, 0.2, 0]
        let colors = (values + peak).map { RGBAColor(red: $0, green: $0, blue: $0) }
        let mesh = MeshGradient(
            width: 5, height: 2, locations: .points(MeshGradient.regularGrid(width: 5, height: 2)), colors: colors)
        let nets = PatchNets(mesh)
        var previous = -1.0
        for patch in 0..<4 {
            for u in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
                let top = nets.colors[patch].evaluate(u: u, v: 0).x
                #expect(top >= previous - 1e-12, "rising row falls at patch \(patch), u \(u)")
                #expect(top >= -1e-12 && top <= 1 + 1e-12)
                previous = top
                let bottom = nets.colors[patch].evaluate(u: u, v: 1).x
                #expect(bottom >= -1e-12 && bottom <= 1 + 1e-12, "peak row overshoots: \(bottom)")
                for v in stride(from: 0.0, through: 1.0, by: 0.25) {
                    let inside = nets.colors[patch].evaluate(u: u, v: v).x
                    #expect(inside >= -1e-9 && inside <= 1 + 1e-9)
                }
            }
        }
    }

    @Test func oklabRoundTrips() {
        var worst = 0.0
        for r in stride(from: 0.0, through: 1.0, by: 0.1) {
            for g in stride(from: 0.0, through: 1.0, by: 0.1) {
                for b in stride(from: 0.0, through: 1.0, by: 0.1) {
                    let back = Oklab.toSRGB(Oklab.fromSRGB(SIMD3(r, g, b)))
                    worst = max(worst, abs(back - SIMD3(r, g, b)).max())
                }
            }
        }
        #expect(worst < 1e-6)
        // White is L = 1, a = b = 0.
        let white = Oklab.fromSRGB(SIMD3(1, 1, 1))
        #expect(abs(white.x - 1) < 1e-4 && abs(white.y) < 1e-4 && abs(white.z) < 1e-4)
    }

    @Test func regularGridGivesStraightEdgesAndAffinePatches() {
        let mesh = MeshGradient(
            width: 4, height: 3, locations: .points(MeshGradient.regularGrid(width: 4, height: 3)),
            colors: Array(repeating: .white, count: 12))
        let nets = PatchNets(mesh)
        for (k, net) in nets.geometry.enumerated() {
            let origin = SIMD2(Double(k % 3) / 3, Double(k / 3) / 2)
            for u in stride(from: 0.0, through: 1.0, by: 0.125) {
                for v in stride(from: 0.0, through: 1.0, by: 0.125) {
                    let expected = origin + SIMD2(u / 3, v / 2)
                    #expect(abs(net.evaluate(u: u, v: v) - expected).max() < 1e-12)
                }
            }
        }
    }

    @Test func inferredHandlesFollowTheDesign() {
        let points: [SIMD2<Double>] = [
            SIMD2(0, 0), SIMD2(0.4, 0.1), SIMD2(1, 0), SIMD2(0, 1), SIMD2(0.5, 1), SIMD2(1, 1),
        ]
        let bezier = inferredBezierPoints(width: 3, height: 2, positions: points)
        let t = (points[2] - points[0]) / 6
        #expect(bezier[1].trailing == points[1] + t)
        #expect(bezier[1].leading == points[1] - t)
        #expect(bezier[0].trailing == points[0] + (points[1] - points[0]) / 3)
        #expect(bezier[2].leading == points[2] - (points[2] - points[1]) / 3)
        #expect(bezier[1].bottom == points[1] + (points[4] - points[1]) / 3)
    }

    @Test func colorPolynomialEqualsBezierNet() {
        let nets = PatchNets(MeshGradient(width: 3, height: 3, locations: .points(Self.grid3), colors: Self.colors9))
        for net in nets.colors {
            let poly = ColorPolynomial(net)
            for u in stride(from: 0.0, through: 1.0, by: 0.2) {
                for v in stride(from: 0.0, through: 1.0, by: 0.2) {
                    #expect(abs(poly.evaluate(u: u, v: v) - net.evaluate(u: u, v: v)).max() < 1e-12)
                }
            }
        }
    }

    @Test func colorRunMatchesDirectEvaluation() {
        let plan = RenderPlan(
            mesh: MeshGradient(width: 3, height: 3, locations: .points(Self.grid3), colors: Self.colors9), width: 64,
            height: 64)
        plan.colorPolynomials.withUnsafeBufferPointer { polys in
            for patch in 0..<4 {
                let poly = polys.baseAddress! + patch * 16
                let (u0, du, v0, dv): (Float, Float, Float, Float) = (0.05, 0.9 / 300, 0.8, -0.6 / 300)
                let run = ColorRun(poly, u0: u0, du: du, v0: v0, dv: dv)
                for s in stride(from: 0, through: 300, by: 7) {
                    let direct = evaluateColorPolynomial(poly, u: u0 + du * Float(s), v: v0 + dv * Float(s))
                    #expect(abs(run.at(Float(s)) - direct).max() < 2e-5)
                }
            }
        }
    }
}

private func abs(_ v: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z), Swift.abs(v.w))
}
private func abs(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z)) }
private func abs(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(Swift.abs(v.x), Swift.abs(v.y)) }
private func abs(_ v: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z), Swift.abs(v.w))
}
