import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradText
import Testing

/// Icons (SF Symbol names drawn with Font Awesome), SwiftUI's text styles
/// and `Color.gradient` fills.
struct IconTextStyleTests {
    /// Every mapped symbol has its glyph in Debian's Font Awesome, and the
    /// glyph draws ink.
    @Test(arguments: IconSymbols.glyphs.keys.sorted())
    func everySymbolHasItsGlyph(name: String) throws {
        let icon = TextMask(text: String(IconSymbols.glyphs[name]!), size: 34, fontPath: IconSymbols.fontPath)
        let layout = try TextLayout(
            icon.text, style: icon.style(pixelsPerPoint: 3), in: PixelRect(x: 0, y: 0, width: 200, height: 200))
        let ink = try #require(layout.inkBounds, "\(name) draws nothing")
        #expect(ink.width > 40 && ink.height > 40, "\(name): \(ink)")
    }

    @Test func iconsAndStylesDecode() throws {
        let json = """
            {"layers": [
              {"fill": {"gradient": "#ffffff"}, "icon": {"name": "wand.and.stars", "style": "largeTitle"}},
              {"fill": "#ffffff", "text": {"string": "Create Gradients", "style": "title3", "weight": "bold"}},
              {"fill": "#ffffff", "text": {"string": "Get Started", "style": "headline"}},
              {"fill": "#ffffff", "text": {"string": "Design", "style": "subheadline", "size": 16}}
            ]}
            """
        let document = try GradientDocument.decode(json)
        let layers = try #require(document.scene).layers
        let icon = try #require(layers[0].text)
        #expect(icon.symbol == "wand.and.stars" && icon.size == 34 && icon.fontPath == IconSymbols.fontPath)
        #expect(icon.text == "\u{f0d0}")
        #expect(layers[1].text?.size == 20 && layers[1].text?.weight == .bold)
        #expect(layers[2].text?.size == 17 && layers[2].text?.weight == .bold, "headline is semibold, drawn bold")
        #expect(layers[3].text?.size == 16 && layers[3].text?.style == .subheadline)
        guard case .linearGradient(let gradient) = layers[0].fill else {
            Issue.record("a color's gradient is a linear gradient")
            return
        }
        #expect(gradient.start == SIMD2(0.5, 0) && gradient.end == SIMD2(0.5, 1))
        #expect(gradient.stops.first?.color == .white)
        #expect(abs(gradient.stops.last!.color.red - 0.88) < 1e-12)
        #expect(try GradientDocument.decode(document.jsonText()) == document)
    }

    static let errors: [(json: String, message: String)] = [
        (
            ##"{"layers": [{"fill": "#ffffff", "icon": {"name": "globe"}}]}"##,
            #"layers[0].icon.name: "globe" is not a known symbol"#
        ),
        (
            ##"{"layers": [{"fill": "#ffffff", "text": {"string": "a", "style": "huge"}}]}"##,
            #"layers[0].text.style: "huge" is not a text style"#
        ),
        (
            ##"{"layers": [{"fill": "#ffffff", "text": {"string": "a", "size": 3}, "icon": {"name": "camera"}}]}"##,
            "layers[0].icon: a layer has a text or an icon, not both"
        ),
        (##"{"layers": [{"fill": {"gradient": "white"}}]}"##, "layers[0].fill.gradient"),
    ]

    @Test(arguments: errors.indices)
    func reportsBadIconsAndStyles(index: Int) {
        let (json, message) = Self.errors[index]
        do {
            _ = try GradientDocument.decode(json)
            Issue.record("decoded without error: \(json)")
        } catch {
            #expect(error.description.contains(message), "got \(error.description)")
        }
    }
}
