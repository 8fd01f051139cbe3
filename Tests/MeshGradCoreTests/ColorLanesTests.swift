import Foundation
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// The CPU renderer's 8-pixel lanes against its one-pixel functions: every
/// lane must give the same bits, or the renderer would draw a pixel
/// differently depending on whether it fell in a group of eight.
@Suite struct ColorLanesTests {
    /// Straight and premultiplied colors around every clamp: negative,
    /// zero and over-one alpha, channels past alpha, and plain values.
    static let samples: [SIMD4<Float>] = {
        var generator = SplitMix64(seed: 15)
        func unit() -> Float { Float(generator.next() >> 40) / Float(1 << 24) }
        var values: [SIMD4<Float>] = [
            SIMD4(0, 0, 0, 0), SIMD4(0.5, 0.2, 0.1, 0), SIMD4(1, 1, 1, 1), SIMD4(-0.1, 0.3, 1.2, 1.1),
            SIMD4(0.2, 0.4, 0.6, -0.2), SIMD4(0.9, 0.9, 0.9, 0.5), SIMD4(0.001, 0.999, 0.5, 0.0019),
            SIMD4(0.3, 0.3, 0.3, 0.998),
        ]
        for _ in 0..<4000 {
            values.append(SIMD4(unit() * 1.4 - 0.2, unit() * 1.4 - 0.2, unit() * 1.4 - 0.2, unit() * 1.3 - 0.1))
        }
        return values
    }()

    static func lanes(_ group: ArraySlice<SIMD4<Float>>) -> ColorLanes {
        let c = Array(group)
        return ColorLanes(
            r: SIMD8((0..<8).map { c[$0].x }), g: SIMD8((0..<8).map { c[$0].y }),
            b: SIMD8((0..<8).map { c[$0].z }), a: SIMD8((0..<8).map { c[$0].w }))
    }

    static func same(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool {
        (0..<4).allSatisfy { a[$0].bitPattern == b[$0].bitPattern }
    }

    @Test(arguments: ColorSpace.allCases)
    func finishMatchesOnePixel(space: ColorSpace) {
        var premultiplied = Self.samples
        if space == .perceptual {  // Oklab: L in 0…1, a and b around 0
            premultiplied = premultiplied.map { SIMD4($0.x, ($0.y - 0.5) * 0.6, ($0.z - 0.5) * 0.6, $0.w) }
        }
        for start in stride(from: 0, to: premultiplied.count - 7, by: 8) {
            let finished = finishColor8(Self.lanes(premultiplied[start..<start + 8]), in: space)
            for i in 0..<8 {
                let expected = finishColor(premultiplied[start + i], in: space)
                #expect(Self.same(finished[i], expected), "\(premultiplied[start + i]): \(finished[i]) vs \(expected)")
            }
        }
    }

    @Test(arguments: [true, false])
    func quantize8MatchesOnePixel(dithers: Bool) {
        let writer = RGBA8Writer(dithers: dithers)
        let colors = Self.samples.map { $0.clamped(lowerBound: SIMD4(repeating: -0.01), upperBound: .one * 1.01) }
        var lanes = [UInt8](repeating: 0, count: 32)
        var pixel = [UInt8](repeating: 0, count: 4)
        for (n, start) in stride(from: 0, to: colors.count - 7, by: 8).enumerated() {
            let x = n * 8 + 3  // not a multiple of 8: the noise must follow x itself
            // Every tenth group starts among the table's last 7 entries, so
            // its lanes wrap around to the first ones.
            let rowSeed = n % 10 == 0 ? UInt32(4089 + n % 7) &- UInt32(x) : ditherRowSeed(y: n)
            lanes.withUnsafeMutableBufferPointer {
                writer.write8(Self.lanes(colors[start..<start + 8]), x: x, rowSeed: rowSeed, to: $0.baseAddress!)
            }
            for i in 0..<8 {
                pixel.withUnsafeMutableBufferPointer {
                    writer.write(colors[start + i], x: x + i, rowSeed: rowSeed, to: $0.baseAddress!)
                }
                #expect(Array(lanes[i * 4..<i * 4 + 4]) == pixel, "\(colors[start + i])")
            }
        }
    }

    @Test func quantize16MatchesOnePixel() {
        let writer = RGBA16Writer()
        var lanes = [UInt16](repeating: 0, count: 32)
        var pixel = [UInt16](repeating: 0, count: 4)
        for start in stride(from: 0, to: Self.samples.count - 7, by: 8) {
            lanes.withUnsafeMutableBufferPointer {
                writer.write8(Self.lanes(Self.samples[start..<start + 8]), x: 0, rowSeed: 0, to: $0.baseAddress!)
            }
            for i in 0..<8 {
                pixel.withUnsafeMutableBufferPointer {
                    writer.write(Self.samples[start + i], x: i, rowSeed: 0, to: $0.baseAddress!)
                }
                #expect(Array(lanes[i * 4..<i * 4 + 4]) == pixel)
            }
        }
    }

    /// Every half step from below 0 to past the maximum, and values just
    /// beside each tie: where the 2²³ trick rounds to even, it must still floor.
    @Test(arguments: [Float(255), 4096, 65535])
    func floorClampedLanesMatchesScalar(maximum: Float) {
        var values: [Float] = [-.infinity, -1, 0, .leastNonzeroMagnitude, .infinity, .nan, maximum + 0.5, maximum + 1]
        for k in stride(from: Float(-2), through: maximum + 2, by: maximum > 300 ? 0.5 * 37 : 0.5) {
            values += [k, k.nextUp, k.nextDown]
        }
        while values.count % 8 != 0 { values.append(0.5) }
        for start in stride(from: 0, to: values.count, by: 8) {
            let lanes = floorClamped8(SIMD8(values[start..<start + 8]), maximum)
            for i in 0..<8 {
                #expect(lanes[i] == floorClamped(values[start + i], maximum), "\(values[start + i])")
            }
        }
    }

    /// Where a patch's alpha polynomial is the constant 1 (`opaqueAlpha`),
    /// skipping it gives the very lanes the full evaluation gives (alpha
    /// exactly 1): the premise of the renderer's opaque shortcut. Every
    /// preset and test mesh; some patches are opaque and some are not.
    @Test func opaqueShortcutIsTheFullEvaluation() {
        var opaque = 0
        var translucent = 0
        let meshes = Presets.all.compactMap { $0.document.animatedMesh?.mesh } + TestMeshes.all.map(\.mesh)
        for mesh in meshes {
            let plan = RenderPlan(mesh: mesh, width: 64, height: 48)
            let splats = ColorSplats(plan.colorPolynomials)
            defer { splats.deallocate() }
            plan.colorPolynomials.withUnsafeBufferPointer { polys in
                for patch in 0..<plan.colorPolynomials.count / 16 {
                    let poly = polys.baseAddress! + patch * 16
                    guard opaqueAlpha(poly) else {
                        translucent += 1
                        continue
                    }
                    opaque += 1
                    let u = SIMD8<Float>(0, 0.1, 0.25, 0.5, 0.6, 0.77, 0.9, 1)
                    let v = SIMD8<Float>(1, 0.95, 0.3, 0.5, 0.01, 0.42, 0.0, 0.6)
                    let full = evaluateColorPolynomial8(splats.patch(patch), u: u, v: v)
                    let skipped = evaluateColorPolynomial8(splats.patch(patch), u: u, v: v, opaque: true)
                    let run = ColorRun(poly, u0: -0.02, du: 0.0031, v0: 0.8, dv: -0.002)
                    for i in 0..<8 {
                        #expect(Self.same(full[i], skipped[i]) && full.a[i] == 1)
                        #expect(Self.same(run.at8(37)[i], run.at8(37, opaque: true)[i]))
                    }
                }
            }
        }
        #expect(opaque > 0 && translucent > 0, "\(opaque) opaque, \(translucent) translucent patches")
    }

    @Test func polynomialLanesMatchOnePixel() {
        let plan = RenderPlan(mesh: Presets.aurora.document.animatedMesh!.mesh, width: 64, height: 64)
        let splats = ColorSplats(plan.colorPolynomials)
        defer { splats.deallocate() }
        plan.colorPolynomials.withUnsafeBufferPointer { polys in
            for patch in 0..<plan.columns * plan.rows {
                let poly = polys.baseAddress! + patch * 16
                let u = SIMD8<Float>(0, 0.1, 0.25, 0.5, 0.6, 0.77, 0.9, 1)
                let v = SIMD8<Float>(1, 0.95, 0.3, 0.5, 0.01, 0.42, 0.0, 0.6)
                let lanes = evaluateColorPolynomial8(splats.patch(patch), u: u, v: v)
                let run = ColorRun(poly, u0: 0.05, du: 0.0031, v0: 0.8, dv: -0.002)
                let runLanes = run.at8(37)
                for i in 0..<8 {
                    #expect(Self.same(lanes[i], evaluateColorPolynomial(poly, u: u[i], v: v[i])))
                    #expect(Self.same(runLanes[i], run.at(Float(37 + i))))
                }
            }
        }
    }
}
