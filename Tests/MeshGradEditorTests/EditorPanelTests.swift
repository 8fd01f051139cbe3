import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradEditor

/// The edits behind the preview's panels: exact colors, handles made
/// explicit without moving the picture, scene layers.
@Suite struct EditorPanelTests {
    static let grid = GradientDocument(
        mesh: MeshGradient(
            width: 3, height: 3, locations: .points(MeshGradient.regularGrid(width: 3, height: 3)),
            colors: ["#102030", "#405060", "#708090", "#a0b0c0", "#ff8800", "#00ff88", "#8800ff", "#123456", "#654321"]
                .map { RGBAColor(hex: $0)! }))

    @Test func colorEditsAreSavedAsHex() throws {
        var editor = Editor(document: Self.grid)
        editor.selection = .vertex(4)
        // The old defect: a key step saved [0, 0.7499941855892089, 0.5045567679180601].
        editor.adjustColor(hue: 15)
        editor.adjustColor(lightness: 0.05)
        editor.adjustColor(chroma: -0.02)
        let color = editor.mesh!.mesh.colors[4]
        #expect(color.exact8BitComponents != nil, "\(color)")
        #expect(editor.document.jsonText().contains("\"\(color.hexString)\""))
        // A picker's floats are rounded to what #RRGGBB can say.
        editor.setSelectedColor(RGBAColor(red: 0.3333, green: 0.5, blue: 0.9999, alpha: 1))
        #expect(editor.mesh!.mesh.colors[4] == RGBAColor(hex: "#5580FF"))
        editor.selection = .background
        editor.setSelectedColor(RGBAColor(hex: "#11223344")!)
        #expect(editor.mesh!.mesh.background == RGBAColor(hex: "#11223344"))
        #expect(editor.document.jsonText().contains("\"#11223344\""))
    }

    /// Colors a file brought that are not 8-bit are saved rounded to 4
    /// decimals, in meshes, keyframes and every kind of scene fill.
    @Test func loadedColorsAreSavedAtFourDecimals() throws {
        let mesh = try GradientDocument.decode(
            """
            {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
             "colors": [[0, 0.7499941855892089, 0.5045567679180601], "#102030", "#405060", [0.1, 0.2, 0.3, 0.123456]],
             "background": [0.33333333, 0.5, 1],
             "animation": {"keyframes": [{"duration": 1, "colors": [[0.987654321, 0, 0], "#000000", "#000000", "#000000"]}]}}
            """)
        let text = mesh.savedText
        #expect(text.contains("[0, 0.75, 0.5046]"), "\(text)")
        #expect(text.contains("[0.1, 0.2, 0.3, 0.1235]"))
        #expect(text.contains("[0.3333, 0.5, 1]"))
        #expect(text.contains("[0.9877, 0, 0]"))
        #expect(text.contains("\"#102030\""))
        #expect(!text.contains("749994"))
        // Saved text reads back as the rounded document.
        #expect(try GradientDocument.decode(text) == mesh.withColorsRoundedForSaving)
        let scene = try GradientDocument.decode(
            """
            {"points": [100, 100], "background": [0.123456, 0, 0], "layers": [
              {"fill": {"linearGradient": {"stops": [{"location": 0, "color": [0.555555, 0, 0]},
                                                     {"location": 1, "color": "#FFFFFF"}]}},
               "shadow": {"color": [0, 0, 0, 0.333333], "radius": 4}},
              {"shape": "circle", "stroke": {"color": [0.777777, 1, 1], "width": 2}}]}
            """)
        let sceneText = scene.savedText
        for expected in ["0.1235", "0.5556", "0.3333", "0.7778"] {
            #expect(sceneText.contains(expected), "\(sceneText)")
        }
        #expect(
            !sceneText.contains("123456") && !sceneText.contains("555555") && !sceneText.contains("333333")
                && !sceneText.contains("777777"))
    }

    /// The aspect lock: the typed width, the current aspect's height.
    @Test func canvasSizeKeepsTheAspect() {
        var editor = Editor(document: Self.grid)
        editor.setCanvasSize(keepingAspectOf: CanvasSize(width: 640, height: 640))
        #expect(editor.document.size == CanvasSize(width: 640, height: 640), "no size yet: taken as typed")
        editor.setCanvasSize(CanvasSize(width: 1920, height: 1080))
        editor.setCanvasSize(keepingAspectOf: CanvasSize(width: 1280, height: 1280))
        #expect(editor.document.size == CanvasSize(width: 1280, height: 720))
        editor.setCanvasSize(keepingAspectOf: CanvasSize(width: 1001, height: 5))
        #expect(editor.document.size == CanvasSize(width: 1001, height: 563))
        editor.setCanvasSize(CanvasSize(width: 65536, height: 2))
        editor.setCanvasSize(keepingAspectOf: CanvasSize(width: 1, height: 1))
        #expect(editor.document.size == CanvasSize(width: 1, height: 1), "never below one pixel")
        let undone = editor.undo()
        #expect(undone && editor.document.size == CanvasSize(width: 65536, height: 2), "one undo step")
    }

    @Test func resampledAndRandomColorsAreSavedAsHex() {
        var editor = Editor(document: Self.grid)
        editor.resizeGrid(width: 5, height: 4)
        #expect(editor.mesh!.mesh.colors.allSatisfy { $0.exact8BitComponents != nil })
        editor.randomize(seed: 7)
        #expect(editor.mesh!.mesh.colors.allSatisfy { $0.exact8BitComponents != nil })
        #expect(editor.mesh!.mesh.background.exact8BitComponents != nil)
        // Every color and the background written as "#RRGGBB".
        let hexes = editor.document.jsonText().components(separatedBy: "\"#").count - 1
        #expect(hexes == editor.mesh!.mesh.colors.count + 1)
    }

    @Test func makingHandlesExplicitKeepsThePictureAndReinferringUndoesIt() {
        var editor = Editor(document: Self.grid)
        let before = PatchNets(editor.mesh!.mesh).geometry
        editor.makeHandlesExplicit()
        #expect(editor.hasExplicitHandles)
        #expect(PatchNets(editor.mesh!.mesh).geometry == before)
        editor.reinferHandles()
        #expect(editor.document == Self.grid)
    }

    @Test func draggingAnInferredHandleKeepsEveryOtherHandle() throws {
        var editor = Editor(document: Self.grid)
        let inferred = Self.grid.animatedMesh!.mesh.bezierPoints
        #expect(editor.position(of: .handle(3, .trailing)) == inferred[3].trailing)
        editor.move(.handle(3, .trailing), to: SIMD2(0.3, 0.6))
        guard case .bezierPoints(let points) = editor.mesh!.mesh.locations else {
            Issue.record("not bezierPoints")
            return
        }
        var expected = inferred
        expected[3].trailing = SIMD2(0.3, 0.6)
        #expect(points == expected)
        // One undo step brings the points document back.
        editor.undo()
        #expect(editor.document == Self.grid)
    }

    @Test func aBezierVertexMovesAloneOrWithItsHandles() {
        var editor = Editor(document: Presets.silk.document)
        let before = editor.mesh!.mesh.bezierPoints[4]
        editor.move(.vertex(4), to: before.position + SIMD2(0.05, 0), withHandles: false)
        let alone = editor.mesh!.mesh.bezierPoints[4]
        #expect(alone.leading == before.leading && alone.trailing == before.trailing)
        #expect(alone.position == before.position + SIMD2(0.05, 0))
    }

    @Test func gridSizeEachWay() {
        var editor = Editor(document: Self.grid)
        editor.resizeGrid(width: 5, height: 2)
        #expect(editor.mesh!.mesh.width == 5 && editor.mesh!.mesh.height == 2)
        editor.resizeGrid(width: 99, height: 1)
        #expect(editor.mesh!.mesh.width == Editor.maximumGrid && editor.mesh!.mesh.height == 2)
    }

    static let scene = try! GradientDocument.decode(
        """
        {"size": [400, 300], "background": "#000000", "layers": [
          {"frame": [0, 0, 1, 1], "fill": {"mesh": {"width": 2, "height": 2,
            "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#ff0000","#00ff00","#0000ff","#ffffff"]}}},
          {"frame": [0.25, 0.25, 0.5, 0.5], "fill": "#ffffff", "text": {"string": "Hi", "size": 30}}
        ]}
        """)

    @Test func layersAreMovedReorderedAndTheirTextEdited() {
        var editor = Editor(document: Self.scene)
        #expect(editor.target == .layer(0))
        editor.setFrame(ofLayer: 1, to: UnitRect(x: 0.1, y: 0.2, width: -1, height: .infinity))
        #expect(editor.layers[1].frame == UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), "non-finite: ignored")
        editor.setFrame(ofLayer: 1, to: UnitRect(x: 0.1, y: 0.2, width: -1, height: 0.3))
        #expect(editor.layers[1].frame == UnitRect(x: 0.1, y: 0.2, width: Editor.minimumFrameSide, height: 0.3))
        editor.setOpacity(ofLayer: 1, to: 2)
        #expect(editor.layers[1].opacity == 1)
        editor.editText(ofLayer: 1) {
            $0.text = "Hello"
            $0.weight = .bold
            $0.size = 0
        }
        #expect(editor.layers[1].text?.text == "Hello" && editor.layers[1].text?.weight == .bold)
        #expect(editor.layers[1].text?.size == 1)
        // Reordering keeps editing the same mesh.
        #expect(editor.moveLayer(0, by: 1) == 1)
        #expect(editor.target == .layer(1))
        #expect(editor.mesh != nil)
        #expect(editor.moveLayer(1, by: 1) == 1, "the top layer cannot go higher")
    }
}
