import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// Colors beyond sRGB through the document, SwiftUI code and import: each
/// comes back exactly. Documents and snippets written for these tests.
@Suite struct WideColorInterchangeTests {
    static let document = """
        {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
         "colors": ["color(display-p3 1 0.25 0.1)", "color(rec2020 0.1 0.9 0.3 / 0.8)", "#1E3A8A", "color(srgb-linear 1.5 1.2 0.9)"],
         "background": "oklch(0.3 0.12 300)"}
        """

    @Test func theDocumentWritesItsColorsBackAsRead() throws {
        let document = try GradientDocument.decode(Self.document)
        let text = document.jsonText()
        #expect(text.contains("\"color(display-p3 1 0.25 0.1)\""), "\(text)")
        #expect(text.contains("\"color(rec2020 0.1 0.9 0.3 / 0.8)\""), "\(text)")
        #expect(try GradientDocument.decode(text) == document)
    }

    @Test func swiftUICodeImportsBackExactly() throws {
        let document = try GradientDocument.decode(Self.document)
        let code = document.swiftUICode()
        #expect(code.contains("Color(.displayP3, red: 1.0, green: 0.25, blue: 0.1)"), "\(code)")
        let imported = try importOne(code)
        #expect(imported.mesh == document.animatedMesh?.mesh)
    }

    /// `Color(.displayP3, …)`, `Color(.sRGBLinear, …)` and their `white:`
    /// forms, against the same colors in the document's notation.
    @Test func displayP3AndLinearColorsImport() throws {
        let snippet = """
            struct Vivid: View {
                var body: some View {
                    MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [
                        Color(.displayP3, red: 0.95, green: 0.2, blue: 0.35),
                        Color(.displayP3, red: 0.1, green: 0.85, blue: 0.4, opacity: 0.9),
                        Color(.sRGBLinear, red: 0.02, green: 0.1, blue: 0.6),
                        Color(.displayP3, white: 0.9)
                    ])
                }
            }
            """
        let twin = try GradientDocument.decode(
            """
            {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
             "colors": ["color(display-p3 0.95 0.2 0.35)", "color(display-p3 0.1 0.85 0.4 / 0.9)",
                        "color(srgb-linear 0.02 0.1 0.6)", "color(display-p3 0.9 0.9 0.9)"]}
            """)
        #expect(try importOne(snippet).mesh.colors == twin.animatedMesh?.mesh.colors)
    }

    @Test func anUnknownColorSpaceIsRefusedNamingIt() throws {
        let snippet =
            "let m = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [Color(.adobeRGB, red: 1, green: 0, blue: 0), .red, .red, .red])"
        let result = try #require(SwiftImport.meshes(in: snippet, file: "s.swift").first)
        guard case .failure(let error) = result else {
            Issue.record("imported an unknown color space")
            return
        }
        #expect("\(error)".contains("expected the color space .sRGB, .sRGBLinear or .displayP3, found .adobeRGB"))
    }
}

extension WideColorInterchangeTests {
    /// CSS of a mesh beyond sRGB: fitted in Display P3, written with
    /// `color(display-p3 …)` stops interpolated `in display-p3`; an sRGB
    /// mesh's CSS as before.
    @Test func cssOfAWideMeshIsInDisplayP3() throws {
        let p3 = try GradientDocument.decode("""
            {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
             "colors": ["color(display-p3 1 0.2 0.1)", "color(display-p3 0.1 0.9 0.3)", "#1E3A8A", "#F5F0E8"]}
            """)
        let approximation = CSSApproximation(try #require(p3.animatedMesh).mesh)
        #expect(approximation.gamut == .displayP3)
        let css = approximation.css()
        #expect(css.contains(" in display-p3, color(display-p3 "), "\(css)")
        #expect(css.contains("background-color: color(display-p3 "), "\(css)")
        #expect(!css.contains("rgb("))
        #expect(approximation.meanError < 20, "\(approximation.meanError)")
        let srgb = CSSApproximation(try #require(Presets.named("aurora")).meshDocument.mesh)
        #expect(srgb.gamut == .sRGB && srgb.css().contains("rgb(") && !srgb.css().contains(" in display-p3"))
    }
}
