import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

/// The JavaScript animation (Sources/MeshGradWeb/JavaScript/Animation/ and
/// Support/SplitMix64.js) and document reader against Swift's: every mesh
/// preset and documents made here for every easing, waves, drift,
/// keyframes, loops and Bézier points, read from the same JSON text on both
/// sides and moved to the same times. Positions and colors agree within
/// 1e-9 (they differ at all only where `Math.cos`, `Math.exp` or
/// `Math.pow` round differently from glibc's); everything else exactly.
@Suite struct AnimationTwinTests {
    @Test func meshesAtTimesMatch() throws {
        let documents = Self.presetDocuments + Self.madeDocuments
        #expect(Self.presetDocuments.count >= 5)
        let differences = try MeshDocumentTwin.compare(documents)
        #expect(differences.positions <= 1e-9)
        #expect(differences.colors <= 1e-9)
        print(
            "AnimationTwinTests: \(documents.count) documents, \(differences.meshes) meshes; largest difference "
                + "\(differences.positions) in positions, \(differences.colors) in colors")
    }

    /// Every mesh preset, at eight times over twice its natural duration
    /// (ten seconds when it has none).
    static var presetDocuments: [TwinDocument] {
        Presets.all.compactMap { preset in
            guard preset.document.animatedMesh != nil else { return nil }
            let span = preset.document.naturalDuration ?? 10
            return TwinDocument(
                name: preset.name, text: preset.document.jsonText(),
                times: [0, 0.13, 0.29, 0.5, 0.71, 0.97, 1.37, 2.6].map { $0 * span })
        }
    }

    static func hex(_ text: String) -> RGBAColor { RGBAColor(hex: text)! }

    static func grid(_ xs: [Double], _ ys: [Double]) -> [SIMD2<Double>] {
        ys.flatMap { y in xs.map { x in SIMD2(x, y) } }
    }

    /// Keyframes with each easing, one after the other: 0–1 linear, –1.9
    /// easeIn, –2.7 easeOut, –3.4 easeInOut, –4.6 an under-damped spring,
    /// –5.6 a critically damped one, –6.7 an over-damped one.
    static var everyEasing: [Keyframe] {
        let moved = grid([0, 0.45, 1], [0, 0.6, 1])
        let lifted = grid([0, 0.55, 1], [0, 0.35, 1])
        let warm = [
            "#ff5e62", "#ff9966", "#ffc371", "#ee5253", "#ff6b6b", "#c44569", "#222f3e", "#3c1053", "#ffffff00",
        ]
        let cool = ["#0a3d62", "#54a0ff", "#8fd3fe", "#2e86de", "#00d2d3", "#01a3a4", "#341f97", "#5f27cd", "#c8d6e5"]
        return [
            Keyframe(duration: 1, easing: .linear, positions: moved, colors: warm.map(hex)),
            Keyframe(duration: 0.9, easing: .easeIn, background: hex("#123456")),
            Keyframe(duration: 0.8, easing: .easeOut, colors: cool.map(hex)),
            Keyframe(duration: 0.7, easing: .easeInOut, positions: lifted),
            Keyframe(
                duration: 1.2, easing: .spring(response: 0.5, dampingFraction: 0.6), positions: moved,
                colors: warm.map(hex)),
            Keyframe(duration: 1, easing: .spring(response: 0.4, dampingFraction: 1), colors: cool.map(hex)),
            Keyframe(
                duration: 1.1, easing: .spring(response: 0.6, dampingFraction: 1.8), positions: lifted,
                background: hex("#fedcba80")),
        ]
    }

    static let threeByThreeColors = [
        "#8fd3fe", "#b6e3ff", "#8fd3fe", "#2e86de", "#54a0ff80", "#2e86de", "#0a3d62", "#0c2461", "#0a3d62",
    ].map(hex)

    static func document(
        _ mesh: MeshGradient, _ animation: MeshAnimation?, size: CanvasSize? = nil, poster: Double = 0,
        grain: Grain? = nil
    ) -> String {
        var document = GradientDocument(mesh: mesh, size: size, animation: animation, poster: poster)
        document.grain = grain
        return document.jsonText()
    }

    /// Documents for what the presets may not show.
    static var madeDocuments: [TwinDocument] {
        let plain = MeshGradient(
            width: 3, height: 3, locations: .points(grid([0, 0.5, 1], [0, 0.5, 1])), colors: threeByThreeColors,
            background: hex("#0a3d62"), colorSpace: .perceptual)
        var device = plain
        device.colorSpace = .device
        device.smoothsColors = false

        let wavy = MeshGradient(
            width: 4, height: 3, locations: .points(grid([0, 0.3, 0.7, 1], [0, 0.45, 1])),
            colors: (threeByThreeColors + [hex("#ff9f43"), hex("#feca57"), hex("#ff9f4300")]),
            background: .clear)
        let waves = [
            VertexWaves(vertex: 5, x: Wave(base: 0.4, amplitude: 0.05, frequency: 1.3, phase: 0.2)),
            VertexWaves(vertex: 5, y: Wave(amplitude: -0.03, frequency: -2.1)),
            VertexWaves(
                vertex: 6, x: Wave(amplitude: 0.04, frequency: 0.77, phase: -1.1),
                y: Wave(base: 0.5, amplitude: 0.02, frequency: 3.3, phase: 4)),
            VertexWaves(vertex: 1, x: Wave(amplitude: 0.1, frequency: 0.01)),
        ]

        let handles: [BezierPoint] = grid([0, 0.5, 1], [0, 0.5, 1]).enumerated().map { index, p in
            let twist = SIMD2(0.04 * Double(index % 3) - 0.03, 0.02 * Double(index / 3) + 0.01)
            return BezierPoint(
                position: p, leading: p + SIMD2(-0.15, 0) + twist, top: p + SIMD2(0, -0.15) - twist,
                trailing: p + SIMD2(0.15, 0) - twist, bottom: p + SIMD2(0, 0.15) + twist)
        }
        let silk = MeshGradient(
            width: 3, height: 3, locations: .bezierPoints(handles), colors: threeByThreeColors,
            background: hex("#fdfbfb"), colorSpace: .perceptual)

        let uneven = MeshGradient(
            width: 5, height: 4, locations: .points(grid([0, 0.2, 0.45, 0.8, 1], [0, 0.3, 0.62, 1])),
            colors: (0..<20).map { k in
                RGBAColor(red: Double(k) / 19, green: 1 - Double(k % 5) / 4, blue: Double(k % 3) / 2, alpha: 1)
            })

        return [
            TwinDocument(
                name: "every easing, perceptual",
                text: document(
                    plain, MeshAnimation(keyframes: everyEasing), size: CanvasSize(width: 1179, height: 2556),
                    poster: 2.5, grain: Grain(amount: 0.1, size: 2.5, monochrome: true, seed: 42, animated: true)),
                times: [0, 0.42, 1.5, 2.3, 3.1, 4.05, 5.9, 9]),
            TwinDocument(
                name: "every easing, device, looping",
                text: document(
                    device, MeshAnimation(keyframes: everyEasing, loop: 8),
                    grain: Grain(amount: 1, size: 64, monochrome: false, seed: UInt32.max, animated: false)),
                times: [0, 1.2, 2.05, 3.3, 4.9, 5.2, 7.4, 12.9]),
            TwinDocument(
                name: "waves", text: document(wavy, MeshAnimation(waves: waves)),
                times: [0, 0.3, 1.7, 2.9, 4.4, 6.1, 11.3, 27.5]),
            TwinDocument(
                name: "waves and drift, looping",
                text: document(
                    wavy, MeshAnimation(waves: waves, drift: Drift(seed: 99, amplitude: 0.7, speed: 0.9), loop: 5),
                    grain: Grain(animated: true)),
                times: [0, 0.3, 1.7, 2.9, 4.4, 5, 11.3, -0.8]),
            TwinDocument(
                name: "Bézier points, drift, waves and keyframes, looping",
                text: document(
                    silk,
                    MeshAnimation(
                        waves: [VertexWaves(vertex: 4, x: Wave(amplitude: 0.05, frequency: 2))],
                        drift: Drift(seed: 1 << 53, amplitude: 0.5, speed: 0.5),
                        keyframes: [
                            Keyframe(duration: 1.5, easing: .easeOut, positions: grid([0, 0.6, 1], [0, 0.4, 1])),
                            Keyframe(duration: 2, easing: .spring(response: 0.8, dampingFraction: 0.7)),
                        ], loop: 6)),
                times: [0, 0.5, 1.6, 2.8, 4.2, 5.5, 6.5, 13.1]),
            TwinDocument(
                name: "drift alone",
                text: document(uneven, MeshAnimation(drift: Drift(seed: 0, amplitude: 1, speed: 2))),
                times: [0, 0.1, 0.77, 1.9, 3.3, 8.8, 21, 144.4]),
            TwinDocument(name: "still", text: document(device, nil), times: [0, 1]),
        ]
    }

    /// The functions the documents reach only at a few points, at many:
    /// timing curves, springs, easing progress, SplitMix64, frame
    /// schedules and loop-closed waves.
    @Test func functionsMatch() throws {
        let ts = (0...40).map { Double($0) / 40 } + [-0.1, 1.2, 1e-13, 0.999_999_999_999]
        let curves: [[Double]] = [
            [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.9, -0.5, 0.1, 1.5], [0, 1, 1, 0], [1, 0, 0, 1],
        ]
        let springs: [[Double]] = [[0.55, 0.825], [1.2, 0.6], [0.4, 1], [0.6, 1.8], [1e-9, 0.3], [2, 0.05]]
        let seconds = (0...30).map { Double($0) * 0.1 }
        let easings: [(Easing, Any)] = [
            (.linear, "linear"), (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.easeInOut, "easeInOut"),
            (
                .spring(response: 0.6, dampingFraction: 0.7),
                ["spring": ["response": 0.6, "dampingFraction": 0.7]] as [String: Any]
            ),
        ]
        let durations = [0.0, 0.5, 2, -1]
        let seeds = ["0", "1", "42", "9007199254740992", "11400714819323198485", "18446744073709551615"]
        let schedules: [[Double]] = [
            [1, 30, 0], [2.5, 1, 0], [6, 24, 0.25], [1e9, 30, 0], [0, 30, 0], [0.01, 10, -2],
        ]
        let waves: [[Double]] = [[0.8, 6], [-2.1, 5], [0.01, 12], [3.3, 0.7], [100, 3]]
        let driver = """
            const ts = \(try jsonLiteral(ts));
            const seconds = \(try jsonLiteral(seconds));
            const durations = \(try jsonLiteral(durations));
            const results = {
                cubic: \(try jsonLiteral(curves)).map((c) => ts.map((t) => cubicBezierTiming(t, ...c))),
                springs: \(try jsonLiteral(springs)).map(([r, z]) => seconds.map((t) => springPosition(t, r, z))),
                progress: \(try jsonLiteral(easings.map(\.1))).map((e) => durations.map((d) =>
                    seconds.map((t) => easingProgress(e, t, d)))),
                splitMix: \(try jsonLiteral(seeds)).map((s) => {
                    const g = splitMix64(BigInt(s));
                    const next = [0, 1, 2].map(() => splitMix64Next(g).toString());
                    return { next, units: [0, 1, 2, 3].map(() => splitMix64Unit(g)) };
                }),
                schedules: \(try jsonLiteral(schedules)).map(([d, f, s]) => {
                    const schedule = frameSchedule(d, f, s);
                    return [schedule.count, frameScheduleTime(schedule, 0), frameScheduleTime(schedule, 7),
                        frameScheduleTime(schedule, schedule.count - 1)];
                }),
                closedFrequencies: \(try jsonLiteral(waves)).map(([f, loop]) =>
                    waveClosingLoop({ base: null, amplitude: 1, frequency: f, phase: 0 }, loop).frequency),
            };
            console.log(JSON.stringify(JSON.stringify(results)));
            """
        let js = try #require(try exactTwins(driver) as? [String: Any])
        var largest = 0.0
        func close(_ a: [Double], _ b: [Double]?, _ label: String) {
            guard let b, a.count == b.count else {
                Issue.record("\(label): \(b?.count ?? -1) values, expected \(a.count)")
                return
            }
            for (x, y) in zip(a, b) { largest = max(largest, abs(x - y)) }
        }
        let cubic = js["cubic"] as? [[Double]] ?? []
        #expect(cubic.count == curves.count)
        for (c, values) in zip(curves, cubic) {
            // Only arithmetic: the same bits.
            #expect(ts.map { cubicBezierTiming($0, c[0], c[1], c[2], c[3]) } == values, "cubic-bezier \(c)")
        }
        let springValues = js["springs"] as? [[Double]] ?? []
        #expect(springValues.count == springs.count)
        for (s, values) in zip(springs, springValues) {
            close(
                seconds.map { springPosition(time: $0, response: s[0], dampingFraction: s[1]) }, values, "spring \(s)")
        }
        let progress = js["progress"] as? [[[Double]]] ?? []
        #expect(progress.count == easings.count)
        for ((easing, _), perDuration) in zip(easings, progress) {
            for (duration, values) in zip(durations, perDuration) {
                close(
                    seconds.map { easing.progress(elapsed: $0, duration: duration) }, values,
                    "\(easing) over \(duration)")
            }
        }
        let splitMix = js["splitMix"] as? [[String: Any]] ?? []
        #expect(splitMix.count == seeds.count)
        for (seed, values) in zip(seeds, splitMix) {
            var generator = SplitMix64(seed: UInt64(seed)!)
            let next = (0..<3).map { _ in String(generator.next()) }
            let units = (0..<4).map { _ in generator.unit() }
            #expect(values["next"] as? [String] == next, "SplitMix64(\(seed)).next()")
            #expect(values["units"] as? [Double] == units, "SplitMix64(\(seed)).unit()")
        }
        let scheduleValues = js["schedules"] as? [[Double]] ?? []
        #expect(scheduleValues.count == schedules.count)
        for (s, values) in zip(schedules, scheduleValues) {
            let schedule = FrameSchedule(duration: s[0], fps: s[1], start: s[2])
            let expected = [
                Double(schedule.count), schedule.time(ofFrame: 0), schedule.time(ofFrame: 7),
                schedule.time(ofFrame: schedule.count - 1),
            ]
            #expect(values == expected, "FrameSchedule(\(s))")
        }
        let frequencies = js["closedFrequencies"] as? [Double] ?? []
        #expect(frequencies == waves.map { Wave(amplitude: 1, frequency: $0[0]).closingLoop($0[1]).frequency })
        #expect(largest <= 1e-12)
        print("AnimationTwinTests: springs and easing progress differ by at most \(largest)")
    }
}

/// `runTwins` for a driver that prints its JSON as a JSON string, read with
/// JSONDecoder: JSONSerialization on Linux reads some doubles a few units
/// in the last place off (0.05999999865889549 as …547), which would hide
/// or fake a difference of that size.
func exactTwins(_ driver: String) throws -> Any {
    let text = try #require(try runTwins(driver) as? String, "the driver prints a JSON string")
    return try JSONDecoder().decode(ExactJSON.self, from: Data(text.utf8)).value
}

/// Any JSON value, its numbers Doubles read exactly (booleans stay Bool,
/// null is NSNull).
struct ExactJSON: Decodable {
    var value: Any

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = NSNull()
        } else if let flag = try? container.decode(Bool.self) {
            value = flag
        } else if let number = try? container.decode(Double.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = text
        } else if let array = try? container.decode([ExactJSON].self) {
            value = array.map(\.value)
        } else {
            value = try container.decode([String: ExactJSON].self).mapValues(\.value)
        }
    }
}

/// A mesh document given to Swift's reader and to the JavaScript reader as
/// the same JSON text, with the times to move it to.
struct TwinDocument {
    var name: String
    var text: String
    var times: [Double]
}

/// Reads documents on both sides, in one node run, and compares the meshes
/// at their times, the size, poster and grain, the grain's fields and the
/// natural duration.
enum MeshDocumentTwin {
    static let grainTimes = [0.5, 1.2345]

    struct Differences {
        var positions = 0.0
        var colors = 0.0
        var meshes = 0
    }

    static func compare(_ documents: [TwinDocument]) throws -> Differences {
        let input: [[String: Any]] = documents.map { ["text": $0.text, "times": $0.times] }
        let driver = """
            const grainTimes = \(try jsonLiteral(grainTimes));
            const results = \(try jsonLiteral(input)).map((c) => {
                try {
                    const document = readMeshDocument(JSON.parse(c.text));
                    const animation = document.animatedMesh.animation;
                    return {
                        meshes: c.times.map((t) => animatedMeshAt(document.animatedMesh, t)),
                        size: document.size, poster: document.poster, grain: document.grain,
                        fields: document.grain == null ? null : grainTimes.map((t) => grainField(document.grain, t)),
                        naturalDuration: animation == null ? null : meshAnimationNaturalDuration(animation),
                    };
                } catch (error) {
                    return { error: String(error.stack) };
                }
            });
            console.log(JSON.stringify(JSON.stringify(results)));
            """
        let results = try #require(try exactTwins(driver) as? [[String: Any]])
        #expect(results.count == documents.count)
        var differences = Differences()
        for (item, js) in zip(documents, results) {
            if let error = js["error"] {
                Issue.record("\(item.name): \(error)")
                continue
            }
            let document = try GradientDocument.decode(item.text)
            let animated = try #require(document.animatedMesh, "\(item.name)")
            let meshes = js["meshes"] as? [[String: Any]] ?? []
            #expect(meshes.count == item.times.count, "\(item.name): meshes")
            for (time, mesh) in zip(item.times, meshes) {
                compare(animated.mesh(at: time), mesh, "\(item.name) at \(time)", &differences)
            }
            compareFields(document, js, item.name)
        }
        return differences
    }

    /// Size, poster, grain, the grain's fields and the natural duration.
    static func compareFields(_ document: GradientDocument, _ js: [String: Any], _ label: String) {
        let size = document.size.map { [Double($0.width), Double($0.height)] }
        #expect(js["size"] as? [Double] == size && (size != nil || js["size"] is NSNull), "\(label): size")
        #expect(js["poster"] as? Double == document.poster, "\(label): poster")
        let natural = document.animatedMesh?.animation?.naturalDuration
        #expect(
            js["naturalDuration"] as? Double == natural && (natural != nil || js["naturalDuration"] is NSNull),
            "\(label): naturalDuration")
        guard let grain = document.grain else {
            #expect(js["grain"] is NSNull && js["fields"] is NSNull, "\(label): grain")
            return
        }
        let jsGrain = js["grain"] as? [String: Any] ?? [:]
        #expect(jsGrain["amount"] as? Double == grain.amount, "\(label): grain.amount")
        #expect(jsGrain["size"] as? Double == grain.size, "\(label): grain.size")
        #expect(jsGrain["monochrome"] as? Bool == grain.monochrome, "\(label): grain.monochrome")
        #expect(jsGrain["animated"] as? Bool == grain.animated, "\(label): grain.animated")
        #expect(jsGrain["seed"] as? Double == Double(grain.seed), "\(label): grain.seed")
        let fields = js["fields"] as? [[String: Any]] ?? []
        #expect(fields.count == grainTimes.count, "\(label): grain fields")
        for (time, field) in zip(grainTimes, fields) {
            let expected = grain.field(at: time)
            #expect(field["amount"] as? Double == Double(expected.amount), "\(label): field(at: \(time)).amount")
            #expect(
                field["inverseSize"] as? Double == Double(expected.inverseSize),
                "\(label): field(at: \(time)).inverseSize")
            #expect(field["monochrome"] as? Bool == expected.monochrome, "\(label): field(at: \(time)).monochrome")
            #expect(field["seed"] as? Double == Double(expected.seed), "\(label): field(at: \(time)).seed")
        }
    }

    /// One mesh: the same grid, flags and counts; positions and colors
    /// within the differences it records.
    static func compare(_ swift: MeshGradient, _ js: [String: Any], _ label: String, _ d: inout Differences) {
        d.meshes += 1
        #expect(
            js["width"] as? Double == Double(swift.width) && js["height"] as? Double == Double(swift.height),
            "\(label): grid")
        #expect(js["smoothsColors"] as? Bool == swift.smoothsColors, "\(label): smoothsColors")
        #expect(js["colorSpace"] as? String == swift.colorSpace.rawValue, "\(label): colorSpace")
        func record(_ a: [Double], _ b: [Double]?, into largest: inout Double, _ what: String) {
            guard let b, b.count == a.count else {
                Issue.record("\(label): \(what) is \(String(describing: b)), expected \(a)")
                return
            }
            for (x, y) in zip(a, b) { largest = max(largest, abs(x - y)) }
        }
        func pair(_ p: SIMD2<Double>) -> [Double] { [p.x, p.y] }
        switch swift.locations {
        case .points(let points):
            let jsPoints = js["points"] as? [[Double]] ?? []
            #expect(jsPoints.count == points.count && js["bezierPoints"] is NSNull, "\(label): points")
            for (p, q) in zip(points, jsPoints) { record(pair(p), q, into: &d.positions, "a point") }
        case .bezierPoints(let points):
            let jsPoints = js["bezierPoints"] as? [[String: [Double]]] ?? []
            #expect(jsPoints.count == points.count && js["points"] is NSNull, "\(label): bezierPoints")
            for (p, q) in zip(points, jsPoints) {
                let named = [
                    ("position", p.position), ("leading", p.leading), ("top", p.top), ("trailing", p.trailing),
                    ("bottom", p.bottom),
                ]
                for (name, value) in named { record(pair(value), q[name], into: &d.positions, name) }
            }
        }
        func rgba(_ c: RGBAColor) -> [Double] { [c.red, c.green, c.blue, c.alpha] }
        let colors = js["colors"] as? [[Double]] ?? []
        #expect(colors.count == swift.colors.count, "\(label): colors")
        for (c, q) in zip(swift.colors, colors) { record(rgba(c), q, into: &d.colors, "a color") }
        record(rgba(swift.background), js["background"] as? [Double], into: &d.colors, "background")
    }
}
