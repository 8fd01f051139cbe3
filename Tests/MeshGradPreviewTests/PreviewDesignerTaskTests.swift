import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradPNG
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

    /// `document` written as `name` in `dir` and opened, panels shown, in a
    /// preview that writes its layout.
    func openWithPanels(
        _ document: GradientDocument, named name: String, in dir: URL, display: String, window: String = "1200x800"
    ) throws -> (preview: Preview, spec: URL, layoutFile: URL) {
        let spec = dir.appendingPathComponent(name)
        try Data(document.jsonText().utf8).write(to: spec)
        let layoutFile = dir.appendingPathComponent("layout.txt")
        let preview = try Preview(
            arguments: [spec.path, "--window", window], display: display,
            environment: ["MESHGRAD_PREVIEW_LAYOUT": layoutFile.path])
        return (preview, spec, layoutFile)
    }

    /// Clicks into the text field the layout calls `field` until it has the
    /// keyboard, replaces what it holds with `text`, and presses Return.
    func type(_ text: String, into field: String, _ preview: Preview, layoutFile: URL) throws {
        var editing = false
        for _ in 0..<4 {
            // Two frames first: a panel that just grew settles on its second.
            try preview.waitForFrame()
            try preview.waitForFrame()
            let rect = try #require(layout(layoutFile, waitingFor: field))
            try click(preview, at: SIMD2(rect.x + 20, rect.y + rect.w / 2))
            editing = layout(layoutFile, waitingFor: field + "-editing", timeout: 3) != nil
            if editing { break }
        }
        try #require(editing, "\(field) never took the keyboard")
        // Clicked into, the field has selected all it held (ImGui's
        // AutoSelectAll): typing replaces it, no modifier needed.
        try preview.xdotool(["type", "--delay", "30", text])
        try key(preview, "Return")
        try preview.waitForFrame()
    }

    /// Clicks the middle of the widget the layout calls `name`.
    func press(_ name: String, _ preview: Preview, layoutFile: URL) throws {
        let rect = try #require(layout(layoutFile, waitingFor: name))
        try click(preview, at: SIMD2(rect.x + rect.z / 2, rect.y + rect.w / 2))
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
        let (preview, spec, layoutFile) = try openWithPanels(
            original, named: "title.json", in: dir, display: display, window: "1400x900")
        try press("add-text", preview, layoutFile: layoutFile)
        try type("Subtitle", into: "layer-name", preview, layoutFile: layoutFile)
        try press("layer-down", preview, layoutFile: layoutFile)
        try key(preview, "ctrl+s")
        let edited = try #require(waitForDocument(at: spec.path, timeout: 15) { $0.scene?.layers.count == 2 })
        let layers = try #require(edited.scene?.layers)
        #expect(layers.first?.name == "Subtitle" && layers.first?.text?.text == "Text", "\(layers.map { $0.name ?? "-" })")
        #expect(layers.last == original.scene?.layers.first)
        for _ in 0..<3 { try key(preview, "ctrl+z") }
        try key(preview, "ctrl+s")
        let undone = waitForDocument(at: spec.path, timeout: 15) { $0.scene?.layers.count == 1 }
        #expect(undone == original)
        _ = try preview.quit()
    }
}

extension PreviewWindowTests {
    /// Red, with a blue center that the task moves; small, so its video is quick.
    static var blueCenter: GradientDocument {
        var document = grid3(
            colors: ["#ff0000", "#ff0000", "#ff0000", "#ff0000", "#0000ff", "#ff0000", "#ff0000", "#ff0000", "#ff0000"])
        document.size = CanvasSize(width: 320, height: 180)
        return document
    }

    /// Record keyframes, take the playhead to 2 s, drag the center point:
    /// a keyframe at 2 s; export a 3 s video: its frame at 2 s shows the
    /// blue point where it was dragged, not where it started.
    @Test func aKeyframeDraggedAtTwoSecondsIsInTheVideo() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (preview, spec, layoutFile) = try openWithPanels(Self.blueCenter, named: "keyed.json", in: dir, display: display)
        try key(preview, "k")
        try preview.xdotool(["key", "--repeat", "60", "--delay", "15", "period"])
        try preview.waitForFrame()
        let board = try #require(layout(layoutFile, waitingFor: "artboard"))
        let center = SIMD2(board.x + board.z / 2, board.y + board.w / 2)
        try drag(preview, from: center, to: center &+ SIMD2(60, 0))
        try key(preview, "ctrl+s")
        let saved = try #require(waitForDocument(at: spec.path, timeout: 15) { $0.isAnimated })
        let animation = try #require(saved.animatedMesh?.animation)
        #expect(animation.keyframes.count == 1 && abs(animation.keyframeDuration - 2) <= 1.0 / 120)
        let moved = try #require(animation.keyframes.first?.positions?[4])
        #expect(abs(moved.x - (0.5 + 60.0 / Double(board.z))) < 2.0 / Double(board.z), "\(moved), board \(board)")
        #expect(saved.animatedMesh?.mesh == Self.blueCenter.animatedMesh?.mesh)

        // Export 3 s: the Seconds slider typed into (Ctrl-click), then Export
        // video (the vertex deselected first: the Selection panel folds up).
        try key(preview, "Escape")
        try preview.waitForFrame()
        try press("export", preview, layoutFile: layoutFile)
        let seconds = try #require(layout(layoutFile, waitingFor: "video-seconds"))
        try preview.xdotool(["keydown", "ctrl"])
        try click(preview, at: SIMD2(seconds.x + seconds.z / 3, seconds.y + seconds.w / 2))
        try preview.xdotool(["keyup", "ctrl"])
        try key(preview, "ctrl+a")
        try preview.xdotool(["type", "--delay", "30", "3"])
        try key(preview, "Return")
        try preview.waitForFrame()
        try press("export-video", preview, layoutFile: layoutFile)
        let video = dir.appendingPathComponent("keyed-1.mp4")
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: video.path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        _ = try preview.quit()
        try checkFrameAtTwoSeconds(of: video, movedTo: moved, in: dir)
    }

    /// The video lasts 3 s, and along its middle row the bluest pixel is
    /// at `moved` in the frame at 2 s, in the middle in the first frame.
    func checkFrameAtTwoSeconds(of video: URL, movedTo moved: SIMD2<Double>, in dir: URL) throws {
        let probe = try ChildProcess.run(
            "/usr/bin/ffprobe",
            ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", video.path])
        let duration = Double(probe.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(abs(duration - 3) < 0.05, "duration \(duration)")
        let bluest = try [0, 60].map { n in try bluestColumn(ofFrame: n, of: video, in: dir) }
        print("the blue point along the middle row: at 0 s \(bluest[0]), at 2 s \(bluest[1]) (dragged to \(moved.x))")
        #expect(abs(bluest[0] - 0.5) < 0.02)
        #expect(abs(bluest[1] - moved.x) < 0.02)
    }

    /// Where along the middle row of frame `n` blue most exceeds red (0…1).
    func bluestColumn(ofFrame n: Int, of video: URL, in dir: URL) throws -> Double {
        let frame = dir.appendingPathComponent("frame\(n).png")
        let decode = try ChildProcess.run(
            "/usr/bin/ffmpeg", ["-v", "error", "-i", video.path, "-vf", "select=eq(n\\,\(n))", "-frames:v", "1", frame.path])
        #expect(decode.status == 0, "\(decode.err)")
        let image = try PNGDecoder.decode(Array(Data(contentsOf: frame))).image8
        let y = image.height / 2
        let best = (0..<image.width).max { a, b in
            Int(image[a, y].z) - Int(image[a, y].x) < Int(image[b, y].z) - Int(image[b, y].x)
        }!
        return (Double(best) + 0.5) / Double(image.width)
    }
}

extension PreviewWindowTests {
    /// An export goes where the Export panel says: a folder typed (made
    /// when missing, relative to the document's) and a name typed.
    @Test func anExportGoesToTheChosenFolderAndName() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (preview, _, layoutFile) = try openWithPanels(Self.blueCenter, named: "plain.json", in: dir, display: display)
        try press("export", preview, layoutFile: layoutFile)
        try type("renders/today", into: "export-folder", preview, layoutFile: layoutFile)
        try type("poster", into: "export-name", preview, layoutFile: layoutFile)
        try key(preview, "e")
        let png = dir.appendingPathComponent("renders/today/poster-320x180-1.png")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: png.path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let said = try preview.quit()
        #expect(FileManager.default.fileExists(atPath: png.path), "\(said)")
        #expect(try PNGDecoder.decode(Array(Data(contentsOf: png))).image8.width == 320)
    }
}
