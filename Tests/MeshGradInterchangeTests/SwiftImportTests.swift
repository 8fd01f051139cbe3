import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// The fixtures: the seed tutorials' code (see each file's header).
func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name)
    return try String(contentsOf: url, encoding: .utf8)
}

/// The one mesh `text` holds, or the reader's error as a failure.
func importOne(_ text: String, file: String = "test.swift") throws -> ImportedMesh {
    let results = SwiftImport.meshes(in: text, file: file)
    guard results.count == 1 else { throw ImportTestFailure("found \(results.count) MeshGradients") }
    return try results[0].get()
}

struct ImportTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The largest per-channel difference between two documents' renders at
/// `time`, 8-bit, undithered.
func renderDifference(_ a: AnimatedMesh, _ b: AnimatedMesh, time: Double, size: Int = 96) -> Int {
    let renderer = CPURenderer()
    let imageA = renderer.render8(RenderPlan(mesh: a.mesh(at: time), width: size, height: size), dithers: false)
    let imageB = renderer.render8(RenderPlan(mesh: b.mesh(at: time), width: size, height: size), dithers: false)
    return ImageComparison(imageA, imageB).maximum
}

@Suite struct SwiftImportTests {
    @Test func onboardingTutorialIsTheOnboardingPreset() throws {
        let imported = try importOne(fixture("onboarding-tutorial.swift"), file: "onboarding-tutorial.swift")
        let preset = Presets.onboarding.meshDocument
        #expect(imported.mesh == preset.mesh)
        #expect(imported.animation == preset.animation)
        let document = AnimatedMesh(imported.mesh, animation: imported.animation)
        for time in [0, 1.7, 12.25] {
            #expect(renderDifference(document, preset, time: time) == 0)
        }
    }

    @Test func meshingTextTutorialIsItsPreset() throws {
        let imported = try importOne(fixture("meshing-text-tutorial.swift"))
        let preset = Presets.meshingText.meshDocument
        #expect(imported.mesh == preset.mesh)
        #expect(imported.animation == preset.animation)
        let document = AnimatedMesh(imported.mesh, animation: imported.animation)
        for time in [0, 2.5, 9.0] {
            #expect(renderDifference(document, preset, time: time) == 0)
        }
    }

    @Test func initializerPointAndColorForms() throws {
        let text = """
            let corner = SIMD2<Float>(1, 1)
            let tint = Color(hex: "#336699")
            var view: some View {
                MeshGradient(
                    width: 2, height: 2,
                    locations: .points([.init(0, 0), SIMD2(x: 1, y: 0), [0.0, 1.0], corner]),
                    colors: .colors([.red, Color.white.opacity(0.5), Color(.sRGB, red: 1, green: 0.5, blue: 0, opacity: 0.25), tint]),
                    background: Color(white: 0.2),
                    smoothsColors: false,
                    colorSpace: .perceptual
                )
            }
            """
        let mesh = try importOne(text).mesh
        #expect(mesh.locations == .points([SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, 1)]))
        #expect(mesh.colors[0] == RGBAColor(red8: 255, green8: 59, blue8: 48))
        #expect(mesh.colors[1] == RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5))
        #expect(mesh.colors[2] == RGBAColor(red: 1, green: 0.5, blue: 0, alpha: 0.25))
        #expect(mesh.colors[3] == RGBAColor(hex: "#336699"))
        #expect(mesh.background == RGBAColor(red: 0.2, green: 0.2, blue: 0.2))
        #expect(mesh.smoothsColors == false)
        #expect(mesh.colorSpace == .perceptual)
    }

    @Test func bezierPointsAndArithmetic() throws {
        let text = """
            MeshGradient(width: 2, height: 2, bezierPoints: [
                .init(position: [0, 0], leadingControlPoint: [0, 0], topControlPoint: [0, 0], trailingControlPoint: [1 / 3, 0.1], bottomControlPoint: [0, 1.0 / 3]),
                MeshGradient.BezierPoint(position: [1, 0], leadingControlPoint: [2.0 / 3, -0.1], topControlPoint: [1, 0], trailingControlPoint: [1, 0], bottomControlPoint: [1, 1 / 3.0]),
                .init(position: [0, 1], leadingControlPoint: [0, 1], topControlPoint: [0, 2 / 3.0], trailingControlPoint: [1 / 3.0, 1], bottomControlPoint: [0, 1]),
                .init(position: [1, 1], leadingControlPoint: [2 / 3.0, 1], topControlPoint: [1, 2 / 3.0], trailingControlPoint: [1, 1], bottomControlPoint: [1, 1])
            ], colors: [Color(red: 95 / 255, green: 71 / 255, blue: 202 / 255), .blue, .green, .black])
            """
        let mesh = try importOne(text).mesh
        guard case .bezierPoints(let points) = mesh.locations else {
            Issue.record("expected Bézier points")
            return
        }
        #expect(points[0].trailing == SIMD2(1.0 / 3, 0.1))
        #expect(points[1].leading == SIMD2(2.0 / 3, -0.1))
        #expect(mesh.colors[0] == RGBAColor(red8: 95, green8: 71, blue8: 202))
    }

    @Test func sineAndOffsetsBecomeWaves() throws {
        let text = """
            let start: [SIMD2<Float>] = [[0, 0], [1, 0], [0, 1], [1, 1]]
            func moving(at date: Date) -> [SIMD2<Float>] {
                let t = date.timeIntervalSinceReferenceDate
                var p = start
                p[3].x = 0.9 + 0.05 * Float(sin(2 * t)) + 0.05
                p[2] = SIMD2(0.1 * cos(t / 2 + 1), 1)
                return p
            }
            let m = MeshGradient(width: 2, height: 2, points: moving(at: .now), colors: [.red, .red, .blue, .blue])
            """
        let imported = try importOne(text)
        let waves = try #require(imported.animation?.waves)
        #expect(waves.count == 2)
        #expect(waves[0].vertex == 3)
        #expect(waves[0].x == Wave(base: 0.9 + 0.05, amplitude: 0.05, frequency: 2, phase: -Double.pi / 2))
        #expect(waves[1].vertex == 2)
        #expect(waves[1].x == Wave(amplitude: 0.1, frequency: 0.5, phase: 1))
        #expect(imported.mesh.locations.positions[2] == SIMD2(0, 1))
    }

    @Test func unreadableCodeIsReportedWithItsPlace() {
        let cases: [(String, String)] = [
            (
                "MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .red, .red, Color(hue: 0.5)])",
                "test.swift:1:104: expected a color"
            ),
            (
                "MeshGradient(width: 2, height: 2, points: pts, colors: [.red, .red, .red, .red])",
                "test.swift:1:43: “pts” is defined outside this file; expected an array of points written in it"
            ),
            (
                "MeshGradient(width: 3, height: 2,\n  points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .red, .red, .red])",
                "test.swift:2:11: expected width × height = 6 points, found 4"
            ),
            (
                "MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .red, .red, .rouge])",
                "test.swift:1:104: expected one of SwiftUI's system colors"
            ),
            (
                "MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1] colors: [])",
                "test.swift:1:75: expected “,” or “]” in the array, found “colors”"
            ),
            (
                "func f(d: Date) -> [SIMD2<Float>] {\n  var p: [SIMD2<Float>] = [[0, 0], [1, 0], [0, 1], [1, 1]]\n  p.shuffle()\n  return p\n}\nMeshGradient(width: 2, height: 2, points: f(d: .now), colors: [.red, .red, .red, .red])",
                "test.swift:3:3: expected a let, an assignment"
            ),
        ]
        for (text, expected) in cases {
            let results = SwiftImport.meshes(in: text, file: "test.swift")
            guard case .failure(let error)? = results.first else {
                Issue.record("no error for \(text)")
                continue
            }
            #expect(error.description.hasPrefix(expected), "\(error)")
        }
    }

    @Test func prosePastedAroundCodeIsSkipped() throws {
        let text = """
            Here's what I did: it's "fun". Don't worry.
            MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .red, .red, .red])
            And that's it!
            """
        #expect(try importOne(text).mesh.width == 2)
        #expect(SwiftImport.meshes(in: "no gradients here", file: "x").isEmpty)
    }
}

/// The seed pages as they were saved (prose, code and all; the second
/// flattened to one line of Markdown): the code is still found.
@Suite struct TutorialPageTests {
    @Test func onboardingPageImportsToItsPreset() throws {
        let imported = try importOne(fixture("onboarding-tutorial-page.txt"))
        #expect(imported.mesh == Presets.onboarding.meshDocument.mesh)
        #expect(imported.animation == Presets.onboarding.meshDocument.animation)
    }

    @Test func meshingTextPageHoldsItsPreset() throws {
        let results = SwiftImport.meshes(in: try fixture("meshing-text-tutorial-page.txt"), file: "page.txt")
        // The placeholder block ("// ... (MeshGradient parameters)") sits
        // inside a comment that a URL's "//" opened on the flattened line.
        #expect(results.count == 4)
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        let animated = results.compactMap { try? $0.get() }.filter { $0.animation != nil }
        #expect(animated.count == 3)
        for mesh in animated {
            #expect(mesh.mesh == Presets.meshingText.meshDocument.mesh)
            #expect(mesh.animation == Presets.meshingText.meshDocument.animation)
        }
    }
}

/// Hostile input: one clear error, never a crash or a hang.
@Suite struct HostileImportTests {
    @Test func deepNestingAndBlowUpAreRefused() {
        let deep = "MeshGradient(width: " + String(repeating: "(", count: 100_000) + "2"
        #expect(throws: SwiftImportError.self) { try importOne(deep) }
        let signs = "MeshGradient(width: " + String(repeating: "-", count: 100_000) + "2)"
        #expect(throws: SwiftImportError.self) { try importOne(signs) }
        var names = "let n0 = 1.0\n"
        for k in 1...40 { names += "let n\(k) = n\(k - 1) + n\(k - 1)\n" }
        names += "MeshGradient(width: n40, height: 2, points: [], colors: [])"
        #expect(throws: SwiftImportError.self) { try importOne(names) }
        let cycle = "let a = b\nlet b = a\nMeshGradient(width: a, height: 2, points: [], colors: [])"
        #expect(throws: SwiftImportError.self) { try importOne(cycle) }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("MeshGradient(width:height:points:colors:[]).,0123456789 \n\"/*-+SIMD2<Float>Color.red")
        for _ in 0..<200 {
            let text = String((0..<300).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            _ = SwiftImport.meshes(in: "MeshGradient(" + text, file: "random.swift")
        }
    }
}
