import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// The shapes views put a mesh in: point spellings, the mesh as a
/// `ShapeStyle`, an availability check, several meshes in one file. Each
/// snippet (written for these tests) renders as its plain twin, within
/// 1/255. The other ways of writing meshes have their own suites:
/// modifiers (SwiftImportModifierTests), colors (SwiftImportColorTests),
/// names and scope (SwiftImportScopeTests), functions and `TimelineView`
/// (SwiftImportFunctionTests), state animations
/// (SwiftImportStateAnimationTests).
@Suite struct SwiftImportIdiomTests {
    static let twin = """
        let m = MeshGradient(width: 3, height: 3, points: [
            SIMD2<Float>(0, 0), SIMD2<Float>(0.5, 0), SIMD2<Float>(1, 0),
            SIMD2<Float>(0, 0.4), SIMD2<Float>(0.6, 0.55), SIMD2<Float>(1, 0.5),
            SIMD2<Float>(0, 1), SIMD2<Float>(0.45, 1), SIMD2<Float>(1, 1)
        ], colors: [.red, .orange, .yellow, .purple, .white, .green, .blue, .indigo, .cyan])
        """

    static let grid = "[.red, .orange, .yellow, .purple, .white, .green, .blue, .indigo, .cyan]"

    static func mesh(points: String) -> String {
        "MeshGradient(width: 3, height: 3, points: \(points), colors: \(grid))"
    }

    static let snippets: [(name: String, text: String)] = [
        (
            "[x, y] points",
            mesh(points: "[[0, 0], [0.5, 0], [1, 0], [0, 0.4], [0.6, 0.55], [1, 0.5], [0, 1], [0.45, 1], [1, 1]]")
        ),
        (
            ".init(x, y) and .init(x:y:)",
            mesh(
                points: """
                    [.init(0, 0), .init(x: 0.5, y: 0), .init(1, 0), .init(0, 0.4), .init(x: 0.6, y: 0.55),
                     .init(1, 0.5), .init(0, 1), .init(0.45, 1), .init(x: 1, y: 1)]
                    """)
        ),
        (
            "SIMD2(…) without its type argument",
            mesh(
                points: """
                    [SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(1, 0), SIMD2(0, 0.4), SIMD2(0.6, 0.55), SIMD2(1, 0.5),
                     SIMD2(0, 1), SIMD2(0.45, 1), SIMD2(1, 1)]
                    """)
        ),
        (
            "the mesh as a foreground style",
            """
            struct Card: View {
                var body: some View {
                    RoundedRectangle(cornerRadius: 24)
                        .foregroundStyle(\(mesh(points: "corners")))
                        .padding()
                }
                let corners: [SIMD2<Float>] = [[0, 0], [0.5, 0], [1, 0], [0, 0.4], [0.6, 0.55], [1, 0.5], [0, 1], [0.45, 1], [1, 1]]
            }
            """
        ),
        (
            "the mesh in a background closure",
            """
            struct Welcome: View {
                var body: some View {
                    VStack { Text("Hello") }
                        .frame(maxWidth: .infinity, maxHeight: .infinity)
                        .background {
                            \(mesh(points: "[[0, 0], [0.5, 0], [1, 0], [0, 0.4], [0.6, 0.55], [1, 0.5], [0, 1], [0.45, 1], [1, 1]]"))
                                .ignoresSafeArea()
                        }
                }
            }
            """
        ),
        (
            "inside an availability check",
            """
            struct Backdrop: View {
                var body: some View {
                    if #available(iOS 18.0, macOS 15.0, *) {
                        \(mesh(points: "[[0, 0], [0.5, 0], [1, 0], [0, 0.4], [0.6, 0.55], [1, 0.5], [0, 1], [0.45, 1], [1, 1]]"))
                    } else {
                        LinearGradient(colors: [.red, .cyan], startPoint: .top, endPoint: .bottom)
                    }
                }
            }
            """
        ),
    ]

    static func render(_ text: String) throws -> [AnimatedMesh] {
        try SwiftImport.meshes(in: text, file: "idiom.swift").map {
            let imported = try $0.get()
            return AnimatedMesh(imported.mesh, animation: imported.animation)
        }
    }

    @Test(arguments: snippets.map(\.name))
    func aSnippetRendersAsItsTwin(name: String) throws {
        let text = try #require(Self.snippets.first { $0.name == name }).text
        let meshes = try Self.render(text)
        let twin = try #require(Self.render(Self.twin).first)
        #expect(meshes.count == 1, "\(name)")
        for mesh in meshes {
            #expect(renderDifference(mesh, twin, time: 0) <= 1, "\(name)")
        }
    }

    /// Several meshes in one file: each read in file order, each its own.
    @Test func severalMeshesInOneFile() throws {
        let text = """
            struct Pages: View {
                var body: some View {
                    TabView {
                        \(Self.mesh(points: "[[0, 0], [0.5, 0], [1, 0], [0, 0.4], [0.6, 0.55], [1, 0.5], [0, 1], [0.45, 1], [1, 1]]"))
                        MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.black, .gray, .gray, .white])
                    }
                }
            }
            """
        let meshes = try Self.render(text)
        #expect(meshes.count == 2)
        let first = try #require(Self.render(Self.twin).first)
        let second = try #require(
            Self.render(
                "let m = MeshGradient(width: 2, height: 2, points: [SIMD2<Float>(0, 0), SIMD2<Float>(1, 0), SIMD2<Float>(0, 1), SIMD2<Float>(1, 1)], colors: [.black, .gray, .gray, .white])"
            ).first)
        #expect(renderDifference(meshes[0], first, time: 0) <= 1)
        #expect(renderDifference(meshes[1], second, time: 0) <= 1)
        #expect(renderDifference(meshes[0], meshes[1], time: 0) > 10)
    }
}
