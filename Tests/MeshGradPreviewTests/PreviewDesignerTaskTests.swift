import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradTestSupport
import Testing

/// Designer tasks, scripted as a designer does them (xdotool on an X
/// display, each step waiting for the frame that shows it), each checked by
/// the file it saves. (An extension of PreviewWindowTests: one window at a
/// time.)
extension PreviewWindowTests {
    /// A 3×3 mesh whose middle row stands inside the canvas, so that a
    /// marquee can be drawn round it in the window.
    static var insetRow: GradientDocument {
        var points = MeshGradient.regularGrid(width: 3, height: 3)
        points[3] = SIMD2(0.1, 0.5)
        points[5] = SIMD2(0.9, 0.5)
        var mesh = red9.animatedMesh!.mesh
        mesh.locations = .points(points)
        return GradientDocument(mesh: mesh)
    }

    /// Drags with the left button from `from` to `to` (window pixels), in steps.
    func drag(_ preview: Preview, from: SIMD2<Int>, to: SIMD2<Int>) throws {
        let origin = try preview.origin()
        try preview.xdotool(["mousemove", "\(origin.x + from.x)", "\(origin.y + from.y)"])
        try preview.waitForFrame()
        try preview.xdotool(["mousedown", "1"])
        for step in 1...4 {
            let p = from &+ (to &- from) &* step / 4
            try preview.xdotool(["mousemove", "\(origin.x + p.x)", "\(origin.y + p.y)"])
            try preview.waitForFrame()
        }
        try preview.xdotool(["mouseup", "1"])
        try preview.waitForFrame()
    }

    /// Select three vertices by marquee, move them 10 px, save as a new
    /// file in a new folder: the new file has exactly those moved, the
    /// old one is untouched.
    @Test func marqueeNudgeAndSaveAsIntoANewFolder() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("row.json")
        try Data(Self.insetRow.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        // Round the middle row (x 40, 200, 360 at y 150), none of the others.
        try drag(preview, from: SIMD2(20, 120), to: SIMD2(380, 180))
        try key(preview, "shift+Right")
        try preview.waitForFrame()
        try key(preview, "ctrl+shift+s")
        try preview.waitForFrame()
        try preview.xdotool(["type", "--delay", "20", "made/moved.json"])
        try preview.waitForFrame()
        try key(preview, "Return")
        let target = dir.appendingPathComponent("made/moved.json").path
        let saved = try #require(waitForDocument(at: target, timeout: 15) { _ in true }, "nothing saved at \(target)")
        let before = Self.insetRow.animatedMesh!.mesh.locations.positions
        let after = try #require(saved.animatedMesh?.mesh.locations.positions)
        for i in 0..<9 {
            let expected = (3...5).contains(i) ? before[i] + SIMD2(10.0 / 400, 0) : before[i]
            #expect(abs(after[i].x - expected.x) < 1e-9 && abs(after[i].y - expected.y) < 1e-9, "vertex \(i): \(after[i])")
        }
        #expect(try GradientDocument.load(path: spec.path) == Self.insetRow)
        #expect(waitForTitle(preview) { $0.contains("moved.json") }, "title: \(preview.title)")
        _ = try preview.quit()
    }
}

extension PreviewWindowTests {
    /// Red on the left, blue on the right, green down the middle.
    static var stripes: GradientDocument {
        grid3(colors: ["#ff0000", "#00c000", "#0000ff", "#ff0000", "#00c000", "#0000ff", "#ff0000", "#00c000", "#0000ff"])
    }

    /// The eyedropper takes a color from the canvas onto another vertex:
    /// the saved vertex has the color the mesh shows where the click was.
    @Test func eyedropperTakesAColorFromTheCanvas() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("stripes.json")
        try Data(Self.stripes.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        try click(preview, at: SIMD2(0, 150))  // vertex 3, red, on the left edge
        try key(preview, "i")
        try preview.waitForFrame()
        // Between the green middle and the blue right: a mix only the render knows.
        // (A pixel whose corner and center fall in one pixel of the eyedropper's 512² render.)
        let spot = SIMD2(290, 75)
        try click(preview, at: spot)
        try key(preview, "ctrl+s")
        let saved = try #require(waitForDocument(at: spec.path, timeout: 15) { $0 != Self.stripes })
        let expected = try #require(
            Editor(document: Self.stripes).color(at: SIMD2(290.0 / 400, 75.0 / 300), time: 0))
        let taken = try #require(saved.animatedMesh?.mesh.colors[3])
        #expect(taken == expected.rounded8, "\(taken.hexString) vs \(expected.hexString)")
        #expect(taken != RGBAColor(hex: "#ff0000")! && taken.blue > 0.2 && taken.green > 0.2)
        let others = saved.animatedMesh!.mesh.colors.enumerated().filter { $0.offset != 3 }.map(\.element)
        #expect(others == Self.stripes.animatedMesh!.mesh.colors.enumerated().filter { $0.offset != 3 }.map(\.element))
        _ = try preview.quit()
    }
}

extension PreviewWindowTests {
    /// Add a text layer to meshing-text, name it, move it below the mesh,
    /// save; then undo all three and save again: the file is the preset's.
    @Test func aTextLayerIsAddedNamedMovedAndUndone() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try #require(Presets.named("meshing-text")).document
        let spec = dir.appendingPathComponent("title.json")
        try Data(original.jsonText().utf8).write(to: spec)
        let layoutFile = dir.appendingPathComponent("layout.txt")
        let preview = try Preview(
            arguments: [spec.path, "--window", "1400x900"], display: display,
            environment: ["MESHGRAD_PREVIEW_LAYOUT": layoutFile.path])
        let add = try #require(layout(layoutFile, waitingFor: "add-text"))
        try click(preview, at: SIMD2(add.x + add.z / 2, add.y + add.w / 2))
        let name = try #require(layout(layoutFile, waitingFor: "layer-name"))
        for _ in 0..<3 {
            try click(preview, at: SIMD2(name.x + 20, name.y + name.w / 2))
            if layout(layoutFile, waitingFor: "layer-name-editing", timeout: 3) != nil { break }
        }
        try preview.xdotool(["type", "--delay", "30", "Subtitle"])
        try key(preview, "Return")
        try preview.waitForFrame()
        let down = try #require(layout(layoutFile, waitingFor: "layer-down"))
        try click(preview, at: SIMD2(down.x + down.z / 2, down.y + down.w / 2))
        try key(preview, "ctrl+s")
        let edited = try #require(waitForDocument(at: spec.path, timeout: 15) { $0.scene?.layers.count == 2 })
        let layers = try #require(edited.scene?.layers)
        #expect(layers.first?.name == "Subtitle" && layers.first?.text?.text == "Text")
        #expect(layers.last == original.scene?.layers.first)
        for _ in 0..<3 { try key(preview, "ctrl+z") }
        try key(preview, "ctrl+s")
        let undone = waitForDocument(at: spec.path, timeout: 15) { $0.scene?.layers.count == 1 }
        #expect(undone == original)
        _ = try preview.quit()
    }
}
