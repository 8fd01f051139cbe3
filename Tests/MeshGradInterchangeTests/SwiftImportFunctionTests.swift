import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// Functions with parameters: time passed to a helper that returns the
/// points, a number or the colors, and a mesh written inside a function the
/// `TimelineView` calls. Each snippet (written for these tests) against its
/// plain twin, the same motion written inline.
@Suite struct SwiftImportFunctionTests {
    static let twin = """
        struct Plain: View {
            var body: some View {
                TimelineView(.animation) { context in
                    let t = context.date.timeIntervalSince1970
                    MeshGradient(width: 3, height: 3, points: [
                        [0, 0], [0.5, 0], [1, 0],
                        [0, 0.5], [0.5 + Float(sin(t * 1.5)) * 0.08, 0.5 + 0.1 * Float(cos(t * 0.7))], [1, 0.5],
                        [0, 1], [0.5, 1], [1, 1]
                    ], colors: [
                        .black, .indigo, .purple,
                        .blue, .pink, .orange,
                        .teal, .mint, .yellow
                    ])
                }
            }
        }
        """

    static let snippets: [(name: String, text: String)] = [
        (
            "points from a function of time",
            """
            struct A: View {
                var body: some View {
                    TimelineView(.animation) { context in
                        let now = context.date.timeIntervalSince1970
                        MeshGradient(width: 3, height: 3, points: points(at: now), colors: palette)
                    }
                }
                private let palette: [Color] = [.black, .indigo, .purple, .blue, .pink, .orange, .teal, .mint, .yellow]
                func points(at time: TimeInterval) -> [SIMD2<Float>] {
                    let across = Float(sin(time * 1.5)) * 0.08
                    return [
                        [0, 0], [0.5, 0], [1, 0],
                        [0, 0.5], [0.5 + across, 0.5 + 0.1 * Float(cos(time * 0.7))], [1, 0.5],
                        [0, 1], [0.5, 1], [1, 1],
                    ]
                }
            }
            """
        ),
        (
            "a number from a function with a default argument",
            """
            func sway(_ t: Double, rate: Double, by amount: Double = 0.1) -> Float {
                Float(cos(t * rate) * amount)
            }
            struct B: View {
                var body: some View {
                    TimelineView(.animation) { timeline in
                        let t = timeline.date.timeIntervalSince1970
                        MeshGradient(width: 3, height: 3, points: [
                            [0, 0], [0.5, 0], [1, 0],
                            [0, 0.5], [0.5 + sway(t - .pi / 3, rate: 1.5, by: 0.08), 0.5 + sway(t, rate: 0.7)], [1, 0.5],
                            [0, 1], [0.5, 1], [1, 1]
                        ], colors: [.black, .indigo, .purple, .blue, .pink, .orange, .teal, .mint, .yellow])
                    }
                }
            }
            """
        ),
        (
            "the mesh inside a function the timeline calls",
            """
            struct C: View {
                var body: some View {
                    TimelineView(.animation(minimumInterval: 1 / 60)) { timeline in
                        background(phase: timeline.date.timeIntervalSince1970)
                    }
                }
                @ViewBuilder
                func background(phase: Double) -> some View {
                    MeshGradient(width: 3, height: 3, points: [
                        [0, 0], [0.5, 0], [1, 0],
                        [0, 0.5], [0.5 + Float(sin(phase * 1.5)) * 0.08, 0.5 + 0.1 * Float(cos(phase * 0.7))], [1, 0.5],
                        [0, 1], [0.5, 1], [1, 1]
                    ], colors: colors(dark: true))
                    .ignoresSafeArea()
                }
                func colors(dark: Bool) -> [Color] {
                    [.black, .indigo, .purple, .blue, .pink, .orange, .teal, .mint, .yellow]
                }
            }
            """
        ),
        (
            "a motion function taking a number",
            """
            let resting: [SIMD2<Float>] = [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.5, 0.5], [1, 0.5], [0, 1], [0.5, 1], [1, 1]]
            func moved(_ seconds: Double) -> [SIMD2<Float>] {
                var p = resting
                p[4].x = 0.5 + Float(sin(seconds * 1.5)) * 0.08
                p[4].y = 0.5 + 0.1 * Float(cos(seconds * 0.7))
                return p
            }
            struct D: View {
                var body: some View {
                    TimelineView(.animation) { context in
                        MeshGradient(width: 3, height: 3, points: moved(context.date.timeIntervalSinceReferenceDate),
                                     colors: [.black, .indigo, .purple, .blue, .pink, .orange, .teal, .mint, .yellow])
                    }
                }
            }
            """
        ),
    ]

    @Test(arguments: snippets.map(\.name))
    func aSnippetMovesAsItsTwin(name: String) throws {
        let text = try #require(Self.snippets.first { $0.name == name }).text
        let imported = try importOne(text)
        let twin = try importOne(Self.twin)
        #expect(twin.animation?.waves.isEmpty == false)
        let document = AnimatedMesh(imported.mesh, animation: imported.animation)
        let plain = AnimatedMesh(twin.mesh, animation: twin.animation)
        for time in [0, 0.9, 2.6] {
            #expect(renderDifference(document, plain, time: time) <= 1, "\(name) t = \(time)")
        }
    }

    @Test func aParameterNoCallGivesIsRefusedNamingIt() throws {
        let text = """
            func backdrop(shift: Double) -> some View {
                MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [Float(1 - shift), 1]],
                             colors: [.red, .orange, .yellow, .green])
            }
            """
        let result = try #require(SwiftImport.meshes(in: text, file: "p.swift").first)
        guard case .failure(let error) = result else {
            Issue.record("imported a parameter nothing gives")
            return
        }
        #expect(
            "\(error)"
                == "p.swift:2:83: expected a number: no call in this file gives the parameter “shift” of backdrop(shift:) a number or the time",
            "\(error)")
    }

    @Test func aCallWithOtherLabelsIsRefusedNamingTheFunction() throws {
        let text = """
            func spot(at t: Double) -> Float { Float(t) }
            let m = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [spot(from: 1), 1]],
                                 colors: [.red, .orange, .yellow, .green])
            """
        let result = try #require(SwiftImport.meshes(in: text, file: "q.swift").first)
        guard case .failure(let error) = result else {
            Issue.record("imported a call with the wrong labels")
            return
        }
        #expect("\(error)".contains("expected the arguments of spot(at:), found (from:)"), "\(error)")
    }

    @Test func aFunctionCallingItselfIsRefused() throws {
        let text = """
            func far(_ x: Double) -> Double { far(x + 1) }
            let m = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [far(0), 1]],
                                 colors: [.red, .orange, .yellow, .green])
            """
        let result = try #require(SwiftImport.meshes(in: text, file: "r.swift").first)
        guard case .failure(let error) = result else {
            Issue.record("imported a function that never ends")
            return
        }
        #expect("\(error)".contains("expected far(_:) to end; it calls itself too deeply"), "\(error)")
    }
}
