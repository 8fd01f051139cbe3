import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// Names resolved by scope: the declaration visible at the mesh, through
/// computed properties, functions without parameters, `Self.` and a type's
/// static members; each snippet against its plain twin with the values
/// inline. Snippets written for these tests.
@Suite struct SwiftImportScopeTests {
    static let plain = """
        MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                     colors: [.red, .orange, .yellow, .green])
        """

    static func mesh(_ text: String) throws -> MeshGradient {
        let results = SwiftImport.meshes(in: text, file: "scope.swift")
        let last = try #require(results.last)
        return try last.get().mesh
    }

    static let snippets: [(name: String, text: String)] = [
        ("a computed property", """
            struct A: View {
                var colors: [Color] { [.red, .orange, .yellow, .green] }
                var body: some View {
                    MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: colors)
                }
            }
            """),
        ("a computed property with return", """
            struct B: View {
                private var colors: [Color] {
                    return [.red, .orange, .yellow, .green]
                }
                var body: some View {
                    MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: colors)
                }
            }
            """),
        ("functions without parameters", """
            struct C: View {
                func corners() -> [SIMD2<Float>] { [[0, 0], [1, 0], [0, 1], [1, 1]] }
                func palette() -> [Color] {
                    return [.red, .orange, .yellow, .green]
                }
                var body: some View {
                    MeshGradient(width: 2, height: 2, points: corners(), colors: palette())
                }
            }
            """),
        ("another function's local of the same name", """
            struct D: View {
                let points: [SIMD2<Float>] = [[0, 0], [1, 0], [0, 1], [1, 1]]
                func reset() {
                    var points: [SIMD2<Float>] = []
                    points.removeAll()
                }
                var body: some View {
                    MeshGradient(width: 2, height: 2, points: points, colors: [.red, .orange, .yellow, .green])
                }
            }
            """),
        ("a local before a property", """
            struct E: View {
                let colors: [Color] = [.blue, .blue, .blue, .blue]
                var body: some View {
                    let colors: [Color] = [.red, .orange, .yellow, .green]
                    return MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: colors)
                }
            }
            """),
        ("Self. and a type's static member", """
            enum Palette {
                static let warm: [Color] = [.red, .orange, .yellow, .green]
            }
            struct F: View {
                static let corners: [SIMD2<Float>] = [[0, 0], [1, 0], [0, 1], [1, 1]]
                var body: some View {
                    MeshGradient(width: 2, height: 2, points: Self.corners, colors: Palette.warm)
                }
            }
            """),
    ]

    /// What the file cannot give is refused naming it: a function or a
    /// name of another file, a value that changes on every run.
    @Test(arguments: [
        ("let pts = makePoints()\nMeshGradient(width: 2, height: 2, points: pts, colors: [.red, .red, .red, .red])",
         "scope.swift:1:11: “makePoints()” is defined outside this file; expected an array of points written in it"),
        ("MeshGradient(width: 2, height: 2, points: Layout.corners, colors: [.red, .red, .red, .red])",
         "scope.swift:1:43: “Layout.corners” is defined outside this file; expected an array of points written in it"),
        ("MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [Float.random(in: 0.8...1), 1]], colors: [.red, .red, .red, .red])",
         "scope.swift:1:75: “.random” gives a new value on every run; expected the value the mesh should have"),
    ])
    func whatTheFileCannotGiveIsNamed(text: String, message: String) throws {
        let result = try #require(SwiftImport.meshes(in: text, file: "scope.swift").last)
        guard case .failure(let error) = result else {
            Issue.record("imported: \(text)")
            return
        }
        #expect("\(error)" == message)
    }

    @Test(arguments: 0..<snippets.count)
    func aNameIsItsVisibleDeclaration(index: Int) throws {
        let (name, text) = Self.snippets[index]
        let twin = try Self.mesh(Self.plain)
        let imported = try Self.mesh(text)
        #expect(imported == twin, "\(name)")
        #expect(renderDifference(AnimatedMesh(imported), AnimatedMesh(twin), time: 0) == 0, "\(name)")
    }
}
