import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradText
import Testing

/// Wrapping texts in stacks, by SwiftUI's rules: a stack offers its
/// children a width (a vstack and a zstack their whole width less
/// padding; an hstack a share), a text wraps to it and is as wide as its
/// widest line and as tall as its lines. The table's texts are models
/// whose wrapping is worked out by hand; the documents' are set by
/// FreeType.
struct LayoutWrappingTests {
    typealias Case = (name: String, canvas: SIMD2<Double>, root: LayoutNode, expected: [Int: [Double]])

    /// Layers 0 and 3: ten words 40 points wide, 10-point spaces, lines 20
    /// points high (490 × 20 on one line). Layer 1: three such words
    /// (140 × 20). Layer 2: an icon, 34 × 40. Layer 9: a color.
    /// Offered W, a text sets max(1, ⌊(W + 10) / 50⌋) words a line.
    static func measure(_ index: Int, _ width: Double?) -> SIMD2<Double>? {
        let words: Double
        switch index {
        case 0, 3: words = 10
        case 1: words = 3
        case 2: return SIMD2(34, 40)
        default: return nil
        }
        let perLine = min(words, max(1, width.map { (($0 + 10) / 50).rounded(.down) } ?? words))
        let lines = (words / perLine).rounded(.up)
        return SIMD2(perLine * 50 - 10, lines * 20)
    }

    static func v(
        _ children: [LayoutNode], spacing: Double = 8, align: LayoutAlignment = .center, padding: EdgeInsets = .zero
    ) -> LayoutNode {
        .stack(.init(axis: .vertical, spacing: spacing, alignment: align, padding: padding, children: children))
    }
    static func h(_ children: [LayoutNode], spacing: Double = 8) -> LayoutNode {
        .stack(.init(axis: .horizontal, spacing: spacing, children: children))
    }
    static func l(_ i: Int, width: Double? = nil) -> LayoutNode { .layer(index: i, width: width, height: nil) }
    static let spacer = LayoutNode.spacer(minLength: 8)
    static let leading = LayoutAlignment(horizontal: -1)
    static let canvas = SIMD2<Double>(400, 800)

    static let cases: [Case] = [
        // Offered 400: 8 words a line, 2 lines of 390 × 20.
        ("a vstack offers its width; the text wraps to it", canvas, v([l(0)]), [0: [5, 380, 390, 40]]),
        // Offered 400 − 32 = 368: 7 words a line (340), 2 lines; the stack
        // 372 × 72 centered at (14, 364).
        ("padding narrows the width offered", canvas, v([l(0)], padding: EdgeInsets(16)), [0: [30, 380, 340, 40]]),
        // .frame(width: 120) offers 120: 2 words a line, 5 lines.
        ("a fixed width wraps the text to it", canvas, v([l(0, width: 120)], spacing: 0), [0: [140, 350, 120, 100]]),
        // Offered 300: 6 words a line (290), 2 lines; under it the short
        // text at its own 140; the stack 290 × 70.
        ("a wrapped and a short text, leading", SIMD2(300, 800), v([l(0), l(1)], spacing: 10, align: leading),
         [0: [5, 365, 290, 40], 1: [5, 415, 140, 20]]),
        // The row less spacing and the spacer's minimum: 384, 7 words a
        // line (340); the spacer takes the other 52.
        ("an hstack's text gets the row less the spacer's minimum", canvas, h([l(0), spacer]),
         [0: [0, 380, 340, 40]]),
        // 400 − 16 − 8 = 376: the icon (least flexible) is offered 188 and
        // is 50; the texts' vstack 326: 6 words a line (290), 2 lines,
        // under the 140-wide title; the row 68 high.
        ("the tutorial's card: icon, wrapped texts, spacer", canvas,
         h([l(2, width: 50), v([l(1), l(0)], align: leading), spacer]),
         [2: [0, 380, 50, 40], 1: [58, 366, 140, 20], 0: [58, 394, 290, 40]]),
        // Equally flexible: the first is offered 200 (4 words, 190), the
        // second what is left, 210 (4 words, 190); 3 lines each.
        ("two texts side by side share the row", canvas, h([l(0), l(3)], spacing: 0),
         [0: [10, 370, 190, 60], 3: [200, 370, 190, 60]]),
        // A zstack offers all of its width: 6 words a line at 300.
        ("a zstack offers its whole width", SIMD2(300, 800),
         .stack(.init(axis: .depth, children: [l(9), l(0)])), [9: [0, 0, 300, 800], 0: [5, 380, 290, 40]]),
        ("a text narrower than offered keeps its own width", canvas, v([l(1)]), [1: [130, 390, 140, 20]]),
        // Offered 40 − 0: one word a line, 10 lines; the spacers share
        // what is left of the 800 (600) equally.
        ("a narrow column: a word a line, spacers around", SIMD2(40, 800), v([spacer, l(0), spacer], spacing: 0),
         [0: [0, 300, 40, 200]]),
    ]

    @Test(arguments: cases.indices)
    func wrappedTextsPlaceAsSwiftUIDoes(index: Int) {
        let c = Self.cases[index]
        let frames = SceneLayout(root: c.root).frames(points: c.canvas, measure: Self.measure)
        expectFrames(frames, c.expected, in: c.name)
    }

    static let description = "Extract colors from your photos to generate unique gradients"

    static func document(fixedSize: String?, padding: Double = 16) -> String {
        let fixed = fixedSize.map { ", \"fixedSize\": \($0)" } ?? ""
        return """
            {"points": [393, 852], "layers": [
              {"fill": "#00264d"},
              {"fill": "#ffffff", "text": {"string": "\(description)", "style": "subheadline", "alignment": "leading"\(fixed)}}
            ],
            "layout": {"vstack": {"padding": \(padding), "children": [{"layer": 1}]}}}
            """
    }

    /// A document's text wraps to the width its vstack offers (393 − 32),
    /// set by FreeType: as wide as its widest line, as high as its lines
    /// (DejaVu's line is 2384/2048 em), drawn wrapped at its frame's width;
    /// written back with its fixedSize.
    @Test func documentTextWrapsToTheOfferedWidth() throws {
        let document = try GradientDocument.decode(Self.document(fixedSize: #"{"horizontal": false, "vertical": true}"#))
        let scene = try #require(document.scene)
        let text = try #require(scene.layers[1].text)
        #expect(text.fixedSize == TextFixedSize(horizontal: false, vertical: true))
        let frame = scene.layers[1].frame
        let width = frame.width * 393
        let height = frame.height * 852
        let unwrapped = try text.sizeInPoints()
        #expect(unwrapped.x > 361, "the description is wider than the screen on one line")
        #expect(width <= 361 && width > 300, "\(width)")
        let layout = try TextLayout(text.text, style: text.style(pixelsPerPoint: 1), in: PixelRect(x: 0, y: 0, width: 0, height: 0), wrapWidth: 361)
        #expect(layout.lines.count == 2)
        #expect(abs(height - Double(layout.lines.count) * 15 * 2384 / 2048) < 1e-9)
        #expect(abs(width - layout.blockSize.x) < 1e-9)
        #expect(text.wrapWidth.map { abs($0 - width) < 1e-9 } == true)
        #expect(try GradientDocument.decode(document.jsonText()) == document)

        // Narrower padding, a wider offer: still within it.
        let wide = try #require(try GradientDocument.decode(Self.document(fixedSize: nil, padding: 100)).scene)
        #expect(wide.layers[1].frame.width * 393 <= 193 && wide.layers[1].frame.height * 852 > height)
    }

    /// `"fixedSize": true` (`.fixedSize()`) keeps the text on its lines,
    /// wider than the screen, as SwiftUI's does.
    @Test func fixedHorizontallyDoesNotWrap() throws {
        let document = try GradientDocument.decode(Self.document(fixedSize: "true"))
        let scene = try #require(document.scene)
        let text = try #require(scene.layers[1].text)
        #expect(text.fixedSize == .both && text.wrapWidth == nil)
        #expect(abs(scene.layers[1].frame.width * 393 - (try text.sizeInPoints()).x) < 1e-9)
        #expect(try GradientDocument.decode(document.jsonText()) == document)
        let none = try #require(try GradientDocument.decode(Self.document(fixedSize: "false")).scene)
        #expect(none.layers[1].text?.fixedSize == nil && none.layers[1].text?.wrapWidth != nil)
    }

    static let errors: [(fixedSize: String, message: String)] = [
        ("3", #"layers[1].text.fixedSize: expected true, false or {"horizontal": true|false, "vertical": true|false}"#),
        (#""yes""#, "layers[1].text.fixedSize: expected true, false or"),
        (#"{"horizontal": true}"#, "layers[1].text.fixedSize.vertical: missing; expected true or false"),
        (#"{"horizontal": 1, "vertical": true}"#, "layers[1].text.fixedSize.horizontal: found number; expected true or false"),
        (#"{"horizontal": true, "vertical": true, "width": 1}"#, "layers[1].text.fixedSize.width: unknown key in a fixedSize"),
    ]

    @Test(arguments: errors.indices)
    func reportsBadFixedSizes(index: Int) {
        let (fixedSize, message) = Self.errors[index]
        do {
            _ = try GradientDocument.decode(Self.document(fixedSize: fixedSize))
            Issue.record("decoded without error: \(fixedSize)")
        } catch {
            #expect(error.description.contains(message), "got \(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }
}
