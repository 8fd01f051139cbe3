import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradText
import Testing

/// Stacks laid out by SwiftUI's rules: each case's positions worked out by
/// hand from those rules (Docs/document-format.md, "Layout"): a stack
/// offers what spacing leaves, least flexible child first, each an equal
/// share of what is left; the root is centered in the canvas.
struct LayoutTests {
    typealias Case = (
        name: String, canvas: SIMD2<Double>, sizes: [Int: SIMD2<Double>], root: LayoutNode,
        expected: [Int: [Double]]
    )

    static func v(
        _ spacing: Double = 8, align alignment: LayoutAlignment = .center, padding: EdgeInsets = .zero,
        background: Int? = nil, _ children: [LayoutNode]
    ) -> LayoutNode {
        .stack(
            .init(
                axis: .vertical, spacing: spacing, alignment: alignment, padding: padding, background: background,
                children: children))
    }
    static func h(_ spacing: Double = 8, _ alignment: LayoutAlignment = .center, _ children: [LayoutNode]) -> LayoutNode {
        .stack(.init(axis: .horizontal, spacing: spacing, alignment: alignment, children: children))
    }
    static func z(_ alignment: LayoutAlignment = .center, _ children: [LayoutNode]) -> LayoutNode {
        .stack(.init(axis: .depth, alignment: alignment, children: children))
    }
    static func l(_ i: Int, width: Double? = nil, height: Double? = nil) -> LayoutNode {
        .layer(index: i, width: width, height: height)
    }
    static let spacer = LayoutNode.spacer(minLength: 8)
    static let leading = LayoutAlignment.names["leading"]!

    /// Layer 0 is 100 × 20 points, layer 1 is 50 × 30 (texts); layer 9 a
    /// color (flexible) unless a case says otherwise.
    static let a = SIMD2<Double>(100, 20)
    static let b = SIMD2<Double>(50, 30)
    static let canvas = SIMD2<Double>(400, 800)

    static let cases: [Case] = [
        ("vstack centers its children and itself", canvas, [0: a, 1: b], v(10, [l(0), l(1)]),
         [0: [150, 370, 100, 20], 1: [175, 400, 50, 30]]),
        ("vstack leading alignment", canvas, [0: a, 1: b], v(10, align: leading, [l(0), l(1)]),
         [0: [150, 370, 100, 20], 1: [150, 400, 50, 30]]),
        ("spacers share what is left around a text", canvas, [0: a], v(10, [spacer, l(0), spacer]),
         [0: [150, 390, 100, 20]]),
        ("one spacer pushes a text to the bottom", canvas, [0: a], v(0, [spacer, l(0)]),
         [0: [150, 780, 100, 20]]),
        ("hstack spacer pushes apart, cross-axis centered", canvas, [0: a, 1: b], h(8, .center, [l(0), spacer, l(1)]),
         [0: [0, 390, 100, 20], 1: [350, 385, 50, 30]]),
        ("padding grows the stack", canvas, [0: a], v(padding: EdgeInsets(16), [l(0)]),
         [0: [150, 390, 100, 20]]),
        ("a color takes what a text leaves", canvas, [0: a], v(0, [l(9), l(0)]),
         [9: [0, 0, 400, 780], 0: [150, 780, 100, 20]]),
        ("two colors share the height", canvas, [:], v(10, [l(8), l(9)]),
         [8: [0, 0, 400, 395], 9: [0, 405, 400, 395]]),
        ("zstack: a color fills, a text is centered", canvas, [0: a], z(.center, [l(9), l(0)]),
         [9: [0, 0, 400, 800], 0: [150, 390, 100, 20]]),
        ("zstack topLeading", canvas, [0: a], z(LayoutAlignment.names["topLeading"]!, [l(9), l(0)]),
         [9: [0, 0, 400, 800], 0: [0, 0, 100, 20]]),
        ("the tutorial's feature card: icon frame, leading texts, spacer", SIMD2(500, 800),
         [2: SIMD2(34, 40), 3: SIMD2(120, 25), 4: SIMD2(200, 18)],
         h(8, .center, [l(2, width: 50), v(8, align: leading, [l(3), l(4)]), spacer]),
         [2: [0, 380, 50, 40], 3: [58, 374.5, 120, 25], 4: [58, 407.5, 200, 18]]),
        ("the tutorial's screen: VStack(spacing: 30) with spacers, padded", SIMD2(393, 852),
         [1: SIMD2(200, 100), 3: SIMD2(300, 200), 5: SIMD2(120, 50)],
         v(30, padding: EdgeInsets(16), [spacer, l(1), spacer, l(3), spacer, l(5)]),
         [1: [96.5, 152.666_666_666_666_7, 200, 100], 3: [46.5, 419.333_333_333_333_3, 300, 200],
          5: [136.5, 786, 120, 50]]),
        ("a padded button's background covers the padding", canvas, [0: a],
         v(padding: EdgeInsets(top: 16, leading: 32, bottom: 16, trailing: 32), background: 7, [l(0)]),
         [7: [118, 374, 164, 52], 0: [150, 390, 100, 20]]),
        ("a spacer keeps its minimum length past the canvas", canvas, [0: SIMD2(100, 500), 1: SIMD2(100, 100)],
         v(0, [l(0), .spacer(minLength: 400), l(1)]),
         [0: [150, -100, 100, 500], 1: [150, 800, 100, 100]]),
    ]

    @Test(arguments: cases.indices)
    func stacksPlaceAsSwiftUIDoes(index: Int) {
        let c = Self.cases[index]
        let frames = SceneLayout(root: c.root).frames(points: c.canvas) { c.sizes[$0] }
        expectFrames(frames, c.expected, in: c.name)
    }

    static let document = """
        {"points": [393, 852], "layers": [
          {"fill": "#00264d"},
          {"fill": "#ffffff", "text": {"string": "Happy\\nMeshing!", "size": 48, "weight": "heavy"}},
          {"fill": "#ffffff", "text": {"string": "Get Started", "size": 17, "weight": "bold"}},
          {"fill": "#ffffff40", "shape": {"roundedRectangle": {"cornerRadius": 12}}},
          {"frame": [0, 0, 0.1, 0.1], "fill": "#ff0000"}
        ],
        "layout": {"vstack": {"spacing": 30, "padding": 16, "children": [
          {"spacer": {}}, {"layer": 1}, {"spacer": {}},
          {"vstack": {"padding": [16, 32, 16, 32], "background": 3, "children": [{"layer": 2}]}}
        ]}}}
        """

    /// A document's layout: text layers sized by their text (FreeType),
    /// the button's background around its padded text, a layer outside
    /// the layout keeping its own frame, and the layout written back.
    @Test func documentLayoutMeasuresText() throws {
        let document = try GradientDocument.decode(Self.document)
        let scene = try #require(document.scene)
        let title = try #require(scene.layers[1].text).sizeInPoints()
        let label = try #require(scene.layers[2].text).sizeInPoints()
        func points(_ f: UnitRect) -> [Double] { [f.x * 393, f.y * 852, f.width * 393, f.height * 852] }
        let titleFrame = points(scene.layers[1].frame)
        #expect(abs(titleFrame[2] - title.x) < 1e-9 && abs(titleFrame[3] - title.y) < 1e-9)
        #expect(abs(titleFrame[0] - (393 - title.x) / 2) < 1e-9)
        let button = points(scene.layers[3].frame)
        #expect(abs(button[2] - (label.x + 64)) < 1e-9 && abs(button[3] - (label.y + 32)) < 1e-9)
        #expect(abs(button[1] + button[3] - (852 - 16)) < 1e-9, "the button sits on the bottom padding: \(button)")
        let labelFrame = points(scene.layers[2].frame)
        #expect(abs(labelFrame[0] - (button[0] + 32)) < 1e-9 && abs(labelFrame[1] - (button[1] + 16)) < 1e-9)
        #expect(scene.layers[4].frame == UnitRect(x: 0, y: 0, width: 0.1, height: 0.1))
        #expect(scene.layers[0].frame == .full)
        #expect(try GradientDocument.decode(document.jsonText()) == document)
    }

    static let errors: [(json: String, message: String)] = [
        (##"{"layers": [{"fill": "#ffffff"}], "layout": {"layer": 3}}"##, "layout: names layer 3"),
        (
            ##"{"layers": [{"fill": "#ffffff"}], "layout": {"vstack": {"children": [{"layer": 0}, {"layer": 0}]}}}"##,
            "layout: names layer 0 twice"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff"}], "layout": {"vstack": {"spacing": -1, "children": []}}}"##,
            "layout.vstack.spacing: -1 is out of range"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff"}], "layout": {"vstack": {"alignment": "middle", "children": []}}}"##,
            #"layout.vstack.alignment: "middle" is not an alignment"#
        ),
        (
            ##"{"layers": [{"fill": "#ffffff"}], "layout": {"stack": {}}}"##,
            "layout.stack: unknown key in a layout node"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff"}], "layout": {"vstack": {"padding": [1, 2], "children": []}}}"##,
            "layout.vstack.padding: expected points or [top, leading, bottom, trailing]"
        ),
        (
            ##"{"layers": [{"fill": "#ffffff"}], "layout": "##
                + String(repeating: ##"{"zstack": {"children": ["##, count: 9)
                + String(repeating: "]}}", count: 9) + "}",
            "layout: nests 9 deep; expected at most 8"
        ),
    ]

    @Test(arguments: errors.indices)
    func reportsBadLayouts(index: Int) {
        let (json, message) = Self.errors[index]
        do {
            _ = try GradientDocument.decode(json)
            Issue.record("decoded without error: \(json)")
        } catch {
            #expect(error.description.contains(message), "got \(error.description)")
        }
    }
}

/// Expects each layer's laid-out frame to be its `[x, y, width, height]`
/// (points) in `expected`, naming the case and the layer when not.
func expectFrames(_ frames: [Int: PointRect], _ expected: [Int: [Double]], in name: String) {
    for (layer, rect) in expected {
        guard let frame = frames[layer] else {
            Issue.record("\(name): layer \(layer) has no frame")
            continue
        }
        let got = [frame.origin.x, frame.origin.y, frame.size.x, frame.size.y]
        #expect(zip(got, rect).allSatisfy { abs($0 - $1) < 1e-9 }, "\(name): layer \(layer) at \(got), not \(rect)")
    }
}
