import Foundation
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// The JavaScript `renderPlan` (Sources/MeshGradWeb/JavaScript/Render/RenderPlan.js
/// and the twins it calls) against Swift's ``RenderPlan``: the same level,
/// the same triangles, the same flags, positions within 1e-3 px (bit for
/// bit, in practice) and color polynomials within 1e-6.
///
/// One node run computes every case; it answers with counts, flags,
/// hashes of the arrays' bits and the (small) color polynomials, and only
/// where a hash differs a second run sends the positions themselves.
@Suite struct RenderPlanTwinTests {
    struct Case {
        var name: String
        var mesh: MeshGradient
        var width: Int
        var height: Int
    }

    static let sizes = [(480, 270), (1920, 1080)]

    /// Every mesh preset at three times of its animation.
    static var presetCases: [Case] {
        Presets.all.flatMap { preset -> [Case] in
            guard let animated = preset.document.animatedMesh else { return [] }
            return [0, 1.7, 4.2].flatMap { time in
                sizes.map { w, h in
                    Case(name: "\(preset.name)@\(time)", mesh: animated.mesh(at: time), width: w, height: h)
                }
            }
        }
    }

    /// Meshes made here for what the presets may not show, and the shared
    /// test meshes.
    static var madeCases: [Case] {
        let meshes = MadeMeshes.all + TestMeshes.all.map { ("TestMeshes.\($0.name)", $0.mesh) }
        return meshes.flatMap { name, mesh in
            (sizes + [(333, 517)]).map { w, h in Case(name: name, mesh: mesh, width: w, height: h) }
        }
    }

    @Test func presetPlansMatch() throws {
        try Self.compare(Self.presetCases)
    }

    @Test func madePlansMatch() throws {
        let cases = Self.madeCases
        try Self.compare(cases)
        // The meshes do reach what they were made for.
        let plans = Dictionary(
            cases.filter { $0.width == 480 }.map { ($0.name, RenderPlan(mesh: $0.mesh, width: 480, height: 270)) },
            uniquingKeysWith: { a, _ in a })
        #expect(plans["folded"]?.folds == true)
        #expect(plans["inset"]?.antialiasesBorder == true)
        #expect(plans["transparent"]?.colorsAreOpaque == false)
        #expect(plans["random6x5"]?.folds == false)
        #expect(plans["bilinear"]?.antialiasesBorder == false)
    }

    /// Runs every case in Swift and in node and compares them.
    static func compare(_ cases: [Case]) throws {
        let plans = cases.map { RenderPlan(mesh: $0.mesh, width: $0.width, height: $0.height) }
        let results = try runDriver(cases, positionsFor: [])
        #expect(results.count == cases.count)
        var mismatched: [Int] = []
        var largestPolynomialDifference = 0.0
        var polynomialsNotBitEqual = 0
        for (index, (item, plan)) in zip(cases, plans).enumerated() where index < results.count {
            let checked = check(results[index], item, plan)
            if checked.positionsDiffer { mismatched.append(index) }
            largestPolynomialDifference = max(largestPolynomialDifference, checked.polynomialDifference)
            if !checked.polynomialsBitEqual { polynomialsNotBitEqual += 1 }
        }
        #expect(largestPolynomialDifference <= 1e-6)
        let largestPositionDifference = try positionDifference(of: mismatched, cases, plans)
        #expect(largestPositionDifference <= 1e-3)
        print(
            "RenderPlanTwinTests: \(cases.count) cases; positions not bit-equal in \(mismatched.count) "
                + "(largest difference \(largestPositionDifference) px); color polynomials not bit-equal in "
                + "\(polynomialsNotBitEqual) (largest difference \(largestPolynomialDifference))")
    }

    /// One case's node summary against Swift's plan: everything but the
    /// positions (compared by hash) and the polynomials (by difference).
    static func check(_ js: [String: Any], _ item: Case, _ plan: RenderPlan)
        -> (positionsDiffer: Bool, polynomialDifference: Double, polynomialsBitEqual: Bool)
    {
        let label = "\(item.name) \(item.width)x\(item.height)"
        let t = plan.tessellation
        #expect(js["level"] as? Int == t.level, "\(label): level")
        if item.width == 480 {
            // The preview rule (levelFor with TessellationLevel.preview's tolerances) too, on the small canvas.
            let level = TessellationLevel.preview.level(
                for: PatchNets(item.mesh), canvasWidth: item.width, canvasHeight: item.height)
            #expect(js["previewLevel"] as? Int == level, "\(label): preview level")
        }
        #expect(js["vertices"] as? Int == t.vertices.count, "\(label): vertex count")
        #expect(js["indices"] as? Int == t.indices.count, "\(label): index count")
        #expect(js["columns"] as? Int == plan.columns && js["rows"] as? Int == plan.rows, "\(label): grid")
        #expect(js["folds"] as? Bool == plan.folds, "\(label): folds")
        #expect(js["antialiasesBorder"] as? Bool == plan.antialiasesBorder, "\(label): antialiasesBorder")
        #expect(js["colorsAreOpaque"] as? Bool == plan.colorsAreOpaque, "\(label): colorsAreOpaque")
        #expect(js["colorSpace"] as? String == plan.colorSpace.rawValue, "\(label): colorSpace")
        // Doubles travel as bits: JSONSerialization reads some decimals a bit off.
        let numbers = doubles(js["numbers"])
        #expect(numbers == [Double(plan.foldKeyScale)] + plan.background.components, "\(label): foldKeyScale, background")
        let parameters = t.vertices.flatMap { [$0.u.bitPattern, $0.v.bitPattern] }
        #expect(js["parametersHash"] as? Int == Int(hash(parameters)), "\(label): parameters")
        #expect(js["patchesHash"] as? Int == Int(hash(t.vertices.map(\.patch))), "\(label): patches")
        #expect(js["indicesHash"] as? Int == Int(hash(t.indices)), "\(label): indices")
        let positionsDiffer =
            js["positionsHash"] as? Int != Int(hash(t.vertices.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }))
        let polynomials = floats(js["colorPolynomials"])
        let expected = plan.colorPolynomials.flatMap { [$0.x, $0.y, $0.z, $0.w] }
        #expect(polynomials.count == expected.count, "\(label): colorPolynomials count")
        // Relative to the value, or absolute below 1 (a coefficient that cancels to about 0).
        let difference = zip(expected, polynomials).map { a, b in Double(abs(a - b)) / max(1, Double(abs(a))) }.max() ?? 0
        return (positionsDiffer, difference, polynomials == expected)
    }

    /// How far apart the positions of the cases at `mismatched` are (their
    /// bits differed): asked of node again, in full.
    static func positionDifference(of mismatched: [Int], _ cases: [Case], _ plans: [RenderPlan]) throws -> Double {
        guard !mismatched.isEmpty else { return 0 }
        var largest = 0.0
        let again = try runDriver(mismatched.map { cases[$0] }, positionsFor: Set(mismatched.indices))
        for (k, index) in mismatched.enumerated() {
            let expected = plans[index].tessellation.vertices.flatMap { [$0.x, $0.y] }
            let positions = floats(again[k]["positions"])
            #expect(positions.count == expected.count, "\(cases[index].name): positions count")
            for (a, b) in zip(expected, positions) { largest = max(largest, Double(abs(a - b))) }
        }
        return largest
    }

    /// The node run: every case's summary, with the positions as base64
    /// floats for the cases at `positionsFor`.
    static func runDriver(_ cases: [Case], positionsFor: Set<Int>) throws -> [[String: Any]] {
        let input: [[String: Any]] = cases.enumerated().map { index, item in
            [
                "mesh": meshJSON(item.mesh), "width": item.width, "height": item.height,
                "sendPositions": positionsFor.contains(index),
            ]
        }
        let driver = """
            const fnv = (words) => {
                let h = 2166136261;
                for (let k = 0; k < words.length; k++) h = Math.imul(h ^ words[k], 16777619) >>> 0;
                return h;
            };
            const bits = (floats) => new Uint32Array(floats.buffer, floats.byteOffset, floats.length);
            const base64 = (floats) =>
                Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString("base64");
            const preview = {
                ...tessellationLevel(), colorTolerance: 8 / 255, minimumTolerance: 1 / 4, judgesInteriorByColor: true,
            };
            const results = \(try jsonLiteral(input)).map((c) => {
                const plan = renderPlan(c.mesh, c.width, c.height);
                const t = plan.tessellation;
                return {
                    level: t.level, vertices: t.patches.length, indices: t.indices.length,
                    columns: plan.columns, rows: plan.rows, folds: plan.folds,
                    antialiasesBorder: plan.antialiasesBorder, colorsAreOpaque: plan.colorsAreOpaque,
                    colorSpace: plan.colorSpace,
                    numbers: base64(new Float64Array([plan.foldKeyScale, ...plan.background])),
                    previewLevel: c.width === 480 ? levelFor(preview, patchNets(c.mesh), c.width, c.height) : null,
                    positionsHash: fnv(bits(t.positions)), parametersHash: fnv(bits(t.parameters)),
                    patchesHash: fnv(t.patches), indicesHash: fnv(t.indices),
                    colorPolynomials: base64(plan.colorPolynomials),
                    positions: c.sendPositions ? base64(t.positions) : null,
                };
            });
            console.log(JSON.stringify(results));
            """
        return try #require(try runTwins(driver) as? [[String: Any]])
    }

    /// A mesh in the shape the JavaScript takes.
    static func meshJSON(_ mesh: MeshGradient) -> [String: Any] {
        func point(_ p: SIMD2<Double>) -> [Double] { [p.x, p.y] }
        var json: [String: Any] = [
            "width": mesh.width, "height": mesh.height, "colors": mesh.colors.map(\.components),
            "background": mesh.background.components, "smoothsColors": mesh.smoothsColors,
            "colorSpace": mesh.colorSpace.rawValue, "points": NSNull(), "bezierPoints": NSNull(),
        ]
        switch mesh.locations {
        case .points(let points):
            json["points"] = points.map(point)
        case .bezierPoints(let points):
            json["bezierPoints"] = points.map {
                [
                    "position": point($0.position), "leading": point($0.leading), "top": point($0.top),
                    "trailing": point($0.trailing), "bottom": point($0.bottom),
                ]
            }
        }
        return json
    }

    /// 32-bit FNV-1a over whole words, as the driver computes it.
    static func hash(_ words: [UInt32]) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for word in words { h = (h ^ word) &* 16_777_619 }
        return h
    }

    /// Base64 of little-endian doubles, as the driver writes them.
    static func doubles(_ value: Any?) -> [Double] {
        guard let text = value as? String, let data = Data(base64Encoded: text) else { return [] }
        return stride(from: 0, to: data.count - 7, by: 8).map { offset in
            let bytes = data[offset..<offset + 8].enumerated()
            return Double(bitPattern: bytes.reduce(UInt64(0)) { $0 | UInt64($1.1) << (8 * $1.0) })
        }
    }

    /// Base64 of little-endian floats, as the driver writes them.
    static func floats(_ value: Any?) -> [Float] {
        guard let text = value as? String, let data = Data(base64Encoded: text) else { return [] }
        return stride(from: 0, to: data.count - 3, by: 4).map { offset in
            let bytes = data[offset..<offset + 4].enumerated()
            return Float(bitPattern: bytes.reduce(UInt32(0)) { $0 | UInt32($1.1) << (8 * $1.0) })
        }
    }
}

extension RGBAColor {
    fileprivate var components: [Double] { [red, green, blue, alpha] }
}

/// Meshes made for the twin tests, one for each thing the plan must get
/// right beyond the presets.
enum MadeMeshes {
    static let rainbow: [RGBAColor] = [
        RGBAColor(red: 0.95, green: 0.2, blue: 0.3), RGBAColor(red: 1, green: 0.8, blue: 0.1),
        RGBAColor(red: 0.2, green: 0.9, blue: 0.4), RGBAColor(red: 0.1, green: 0.5, blue: 1),
        RGBAColor(red: 0.6, green: 0.2, blue: 0.9), RGBAColor(red: 0.05, green: 0.05, blue: 0.1),
        RGBAColor(red: 1, green: 1, blue: 1), RGBAColor(red: 0.9, green: 0.4, blue: 0.7),
        RGBAColor(red: 0.3, green: 0.3, blue: 0.3),
    ]

    static let grid3 = MeshGradient.regularGrid(width: 3, height: 3)

    /// Explicit handles that curve every edge, some past the canvas.
    static let bezier: MeshGradient = {
        var points = grid3.map { BezierPoint(position: $0) }
        for (k, p) in grid3.enumerated() {
            let swirl = SIMD2(0.12 * sin(7 * p.y + 1), 0.1 * cos(5 * p.x + 2))
            points[k].leading = p + SIMD2(-0.2, 0.05) + swirl
            points[k].trailing = p + SIMD2(0.18, -0.07) + swirl
            points[k].top = p + SIMD2(0.06, -0.17) - swirl
            points[k].bottom = p + SIMD2(-0.04, 0.21) - swirl
        }
        return MeshGradient(width: 3, height: 3, locations: .bezierPoints(points), colors: rainbow)
    }()

    /// Bilinear colors on a warped grid.
    static let bilinear: MeshGradient = {
        var points = grid3
        points[4] = SIMD2(0.62, 0.41)
        points[1] = SIMD2(0.45, 0)
        return MeshGradient(
            width: 3, height: 3, locations: .points(points), colors: rainbow, smoothsColors: false)
    }()

    /// Oklab blending, with extended-range (negative and above 1) colors.
    static let perceptual: MeshGradient = {
        var colors = rainbow
        colors[2] = RGBAColor(red: -0.1, green: 1.1, blue: 0.3)
        colors[6] = RGBAColor(red: 1.2, green: 0.9, blue: -0.05, alpha: 0.8)
        var points = grid3
        points[4] = SIMD2(0.4, 0.6)
        return MeshGradient(width: 3, height: 3, locations: .points(points), colors: colors, colorSpace: .perceptual)
    }()

    /// Colors with alpha below 1 over a background.
    static let transparent: MeshGradient = {
        let colors = rainbow.enumerated().map { k, color in
            RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: [1, 0.5, 0.2, 0.9, 0][k % 5])
        }
        return MeshGradient(
            width: 3, height: 3, locations: .points(grid3), colors: colors,
            background: RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.6))
    }()

    /// The centre vertex dragged across its right neighbour: a patch folds.
    static let folded: MeshGradient = {
        var points = grid3
        points[4] = SIMD2(1.25, 0.5)
        return MeshGradient(width: 3, height: 3, locations: .points(points), colors: rainbow)
    }()

    /// The whole mesh inside the canvas, perceptual: its border needs anti-aliasing.
    static let inset: MeshGradient = {
        let points = grid3.map { SIMD2(0.1, 0.15) + $0 * SIMD2(0.75, 0.7) }
        return MeshGradient(
            width: 3, height: 3, locations: .points(points), colors: rainbow, background: .white,
            colorSpace: .perceptual)
    }()

    /// A 6 × 5 grid with every inner vertex moved by a seeded amount.
    static let random6x5: MeshGradient = {
        var random = SplitMix64(seed: 20_240_611)
        let points = MeshGradient.regularGrid(width: 6, height: 5).map { p -> SIMD2<Double> in
            let inner = p.x > 0 && p.x < 1 && p.y > 0 && p.y < 1
            guard inner else { return p }
            return p + SIMD2(random.unit() - 0.5, random.unit() - 0.5) * SIMD2(0.12, 0.15)
        }
        let colors = (0..<30).map { _ in
            RGBAColor(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: 1)
        }
        return MeshGradient(width: 6, height: 5, locations: .points(points), colors: colors)
    }()

    static let all: [(String, MeshGradient)] = [
        ("bezier", bezier), ("bilinear", bilinear), ("perceptual", perceptual), ("transparent", transparent),
        ("folded", folded), ("inset", inset), ("random6x5", random6x5),
    ]
}
