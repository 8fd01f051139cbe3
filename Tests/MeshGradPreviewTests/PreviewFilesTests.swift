import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import MeshGradTestSupport
import Testing

/// Files beyond the one opened: another opened in the same window (Ctrl-O,
/// the recent files), a preset's unsaved work recovered after a kill, and
/// Save on quitting a preset asking where. (An extension of
/// PreviewWindowTests: one window at a time.)
extension PreviewWindowTests {
    /// The state folder's recent-files list, newest first.
    func recentFiles(in state: URL) -> [String] {
        let file = state.appendingPathComponent("meshgrad/recent-files.json")
        guard let data = try? Data(contentsOf: file) else { return [] }
        return (try? JSONDecoder().decode([String].self, from: data)) ?? []
    }

    /// Ctrl-O, `path` typed, Return.
    func open(_ path: String, _ preview: Preview) throws {
        try key(preview, "ctrl+o")
        try preview.waitForFrame()
        try preview.xdotool(["type", "--delay", "20", path])
        try preview.waitForFrame()
        try key(preview, "Return")
    }

    /// a.json edited, Ctrl-O b.json: asked first, S saves a.json and opens
    /// b.json; the Document panel's recent files then reopen a.json.
    @Test func ctrlOOpensAnotherFileAfterAskingAndRecentFilesReopen() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let a = dir.appendingPathComponent("a.json")
        let b = dir.appendingPathComponent("b.json")
        try Data(Self.red9.jsonText().utf8).write(to: a)
        try Data(Self.stripes.jsonText().utf8).write(to: b)
        let layoutFile = dir.appendingPathComponent("layout.txt")
        let preview = try Preview(
            arguments: [a.path, "--window", "1200x800"], display: display,
            environment: ["MESHGRAD_PREVIEW_LAYOUT": layoutFile.path, "XDG_STATE_HOME": state.path])
        try key(preview, "Tab", "w")
        try preview.waitForFrame()
        try open("b.json", preview)
        try preview.waitForFrame()
        try key(preview, "s")
        #expect(waitForTitle(preview) { $0.hasPrefix("b.json") }, "title: \(preview.title)")
        let saved = try GradientDocument.load(path: a.path)
        #expect(saved.animatedMesh?.mesh.colors[0] != Self.red9.animatedMesh?.mesh.colors[0], "Tab, W: vertex 0's hue")
        #expect(recentFiles(in: state).prefix(2) == [b.path, a.path])
        let header = try #require(layout(layoutFile, waitingFor: "recent-files"))
        try click(preview, at: SIMD2(header.x + 40, header.y + header.w / 2))
        try press("recent-0", preview, layoutFile: layoutFile)
        #expect(waitForTitle(preview) { $0.hasPrefix("a.json") }, "title: \(preview.title)")
        #expect(recentFiles(in: state).prefix(2) == [a.path, b.path])
        let said = try preview.quit()
        #expect(said.contains("opened \(b.path)") && said.contains("opened \(a.path)"), "\(said)")
    }

    /// A preset edited, the process killed: the next preview of the preset
    /// offers the work kept in the state folder; recovered, Ctrl-Q's Save
    /// asks where (a preset has no file) and quits once it is saved there.
    @Test func aPresetsWorkIsRecoveredAndSavingOnQuitAsksWhere() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let arguments = ["--preset", "sunset", "--window", "300x200", "--hide-panels", "--paused"]
        let environment = ["XDG_STATE_HOME": state.path]
        let preview = try Preview(arguments: arguments, display: display, environment: environment)
        try key(preview, "Tab", "Tab", "Tab", "Tab", "w", "w", "w")
        let recoveryPath = state.appendingPathComponent("meshgrad/recovery/sunset.json").path
        let deadline = Date().addingTimeInterval(8)
        while !FileManager.default.fileExists(atPath: recoveryPath) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
        }
        let recovered = try GradientDocument.load(path: recoveryPath)
        #expect(recovered != Presets.named("sunset")!.document)
        kill(preview.process.processIdentifier, SIGKILL)
        preview.process.waitUntilExit()

        let next = try Preview(arguments: arguments, display: display, environment: environment)
        try key(next, "r")
        #expect(waitForTitle(next) { $0.contains("•") }, "recovered work is unsaved: \(next.title)")
        try key(next, "ctrl+q")
        try next.waitForFrame()
        try key(next, "s")
        try next.waitForFrame()
        let target = dir.appendingPathComponent("kept/sunset-edit.json").path
        try next.xdotool(["type", "--delay", "20", target])
        try next.waitForFrame()
        try key(next, "Return")
        let quitBy = Date().addingTimeInterval(10)
        while next.process.isRunning && Date() < quitBy { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!next.process.isRunning, "the preview did not quit once saved")
        #expect(try GradientDocument.load(path: target) == recovered)
        #expect(!FileManager.default.fileExists(atPath: recoveryPath), "saving removes the preset's recovery file")
        let said = try next.quit()
        #expect(said.contains("found unsaved work") && said.contains("saved \(target)"), "\(said)")
    }
}

extension PreviewWindowTests {
    /// A 3×3 mesh over the whole canvas and three named squares over it,
    /// apart from each other and from the mesh's middle vertex.
    static var squares: GradientDocument {
        var layers = [Layer(fill: .mesh(red9.animatedMesh!.mesh, nil))]
        for (n, name) in ["A", "B", "C"].enumerated() {
            var square = Layer(
                frame: UnitRect(x: 0.05 + 0.3 * Double(n), y: 0.7, width: 0.2, height: 0.2),
                fill: .solid(RGBAColor(hex: ["#00ff00", "#0000ff", "#ffff00"][n])!))
            square.name = name
            layers.append(square)
        }
        return GradientDocument(
            scene: Scene(layers: layers, points: SIMD2(600, 400)), size: CanvasSize(width: 600, height: 400))
    }

    /// C dragged onto A's line in the Layers panel goes to A's place; A
    /// and the mesh locked, a drag inside A and one from the mesh's middle
    /// vertex move nothing; the locks are saved.
    @Test func layersAreDraggedIntoPlaceAndLockedOnesStayPut() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (preview, spec, layoutFile) = try openWithPanels(
            Self.squares, named: "squares.json", in: dir, display: display, window: "1400x900")
        let from = try #require(layout(layoutFile, waitingFor: "layer-3"))
        let onto = try #require(layout(layoutFile, waitingFor: "layer-1"))
        try drag(preview, from: SIMD2(from.x + 60, from.y + from.w / 2), to: SIMD2(onto.x + 60, onto.y + onto.w / 2))
        try key(preview, "ctrl+s")
        let reordered = try #require(waitForDocument(at: spec.path, timeout: 15) { $0 != Self.squares })
        #expect(reordered.scene?.layers.map { $0.name ?? "mesh" } == ["mesh", "C", "A", "B"])

        try press("layer-2-locked", preview, layoutFile: layoutFile)
        try press("layer-0-locked", preview, layoutFile: layoutFile)
        let board = try #require(layout(layoutFile, waitingFor: "artboard"))
        func at(_ p: SIMD2<Double>) -> SIMD2<Int> {
            SIMD2(board.x + Int(p.x * Double(board.z)), board.y + Int(p.y * Double(board.w)))
        }
        try drag(preview, from: at(SIMD2(0.15, 0.8)), to: at(SIMD2(0.15, 0.8)) &+ SIMD2(60, -60))
        try drag(preview, from: at(SIMD2(0.5, 0.5)), to: at(SIMD2(0.5, 0.5)) &+ SIMD2(50, 30))
        try key(preview, "ctrl+s")
        let locked = try #require(waitForDocument(at: spec.path, timeout: 15) { $0.scene?.layers[0].locked == true })
        let layers = try #require(locked.scene?.layers)
        #expect(layers.map(\.locked) == [true, false, true, false])
        var expected = try #require(reordered.scene?.layers)
        expected[0].locked = true
        expected[2].locked = true
        #expect(layers == expected, "a locked layer moved")
        let said = try preview.quit()
        #expect(!said.contains("error"), "\(said)")
    }
}

extension PreviewWindowTests {
    /// A photo opened with Ctrl-O shows in the Image section; a click on
    /// its right half gives vertex 0 that half's color, a click on its left
    /// half gives the background the other.
    @Test func colorsAreTakenFromAnOpenedPhoto() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var photo = RGBAImage<UInt8>(width: 200, height: 100)
        for y in 0..<100 {
            for x in 0..<200 { photo[x, y] = x < 100 ? SIMD4(0x33, 0x66, 0xCC, 255) : SIMD4(0xCC, 0x33, 0x66, 255) }
        }
        let photoFile = dir.appendingPathComponent("halves.png")
        try Data(PNGEncoder().encode(photo)).write(to: photoFile)
        let (preview, spec, layoutFile) = try openWithPanels(Self.red9, named: "picked.json", in: dir, display: display)
        try key(preview, "Tab")
        try open("halves.png", preview)
        let image = try #require(layout(layoutFile, waitingFor: "image"))
        try click(preview, at: SIMD2(image.x + image.z * 3 / 4, image.y + image.w / 2))
        try key(preview, "b")
        try click(preview, at: SIMD2(image.x + image.z / 4, image.y + image.w / 2))
        try key(preview, "ctrl+s")
        let saved = try #require(waitForDocument(at: spec.path, timeout: 15) { $0 != Self.red9 })
        let mesh = try #require(saved.animatedMesh?.mesh)
        #expect(mesh.colors[0] == RGBAColor(hex: "#CC3366"), "\(mesh.colors[0].hexString)")
        #expect(mesh.background == RGBAColor(hex: "#3366CC"), "\(mesh.background.hexString)")
        #expect(Array(mesh.colors.dropFirst()) == Array(Self.red9.animatedMesh!.mesh.colors.dropFirst()))
        let said = try preview.quit()
        #expect(said.contains("showing \(photoFile.path) (200x100)"), "\(said)")
    }
}

extension PreviewWindowTests {
    /// A photo opened with Ctrl-O becomes a layer with "+ Image": saved as
    /// an image fill named relative to the document, in a frame of the
    /// photo's aspect.
    @Test func aPhotoIsAddedAsAnImageLayer() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("pics"), withIntermediateDirectories: true)
        var photo = RGBAImage<UInt8>(width: 40, height: 20)
        for i in 0..<800 { photo[i % 40, i / 40] = SIMD4(UInt8(i % 40 * 6), 120, UInt8(i / 40 * 12), 255) }
        try Data(PNGEncoder().encode(photo)).write(to: dir.appendingPathComponent("pics/ramp.png"))
        let (preview, spec, layoutFile) = try openWithPanels(
            Self.squares, named: "with-photo.json", in: dir, display: display, window: "1400x900")
        try open("pics/ramp.png", preview)
        try preview.waitForFrame()
        try press("add-image", preview, layoutFile: layoutFile)
        try key(preview, "ctrl+s")
        let saved = try #require(waitForDocument(at: spec.path, timeout: 15) { $0.scene?.layers.count == 5 })
        guard case .image(let image)? = saved.scene?.layers.last?.fill else {
            Issue.record("no image layer on top: \(saved.scene?.layers.map { $0.name ?? "-" } ?? [])")
            return
        }
        #expect(image.source == "pics/ramp.png" && image.pixels.image == photo && image.contentMode == .fill)
        let frame = try #require(saved.scene?.layers.last?.frame)
        // The frame has the photo's aspect on the 600 × 400 canvas.
        #expect(abs(frame.width * 600 / (frame.height * 400) - 2) < 1e-9, "\(frame)")
        _ = try preview.quit()
    }
}

extension PreviewWindowTests {
    /// Discarding edits to open a file that cannot be read keeps the
    /// edits, unsaved; discarding to open a good one opens it and leaves
    /// the first file as it was.
    @Test func discardingForABrokenFileKeepsTheEdits() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json")
        try Data(Self.red9.jsonText().utf8).write(to: a)
        try Data("{\"width\": 3".utf8).write(to: dir.appendingPathComponent("broken.json"))
        try Data(Self.stripes.jsonText().utf8).write(to: dir.appendingPathComponent("good.json"))
        let preview = try Preview(arguments: [a.path, "--window", "400x300", "--hide-panels"], display: display)
        try key(preview, "Tab", "w")
        try preview.waitForFrame()
        try open("broken.json", preview)
        try preview.waitForFrame()
        try key(preview, "d")
        try preview.waitForFrame()
        #expect(waitForTitle(preview) { $0.hasPrefix("a.json •") }, "title: \(preview.title)")
        try open("good.json", preview)
        try preview.waitForFrame()
        try key(preview, "d")
        #expect(waitForTitle(preview) { $0.hasPrefix("good.json") }, "title: \(preview.title)")
        #expect(try GradientDocument.load(path: a.path) == Self.red9)
        let said = try preview.quit()
        #expect(said.contains("broken.json") && said.contains("opened"), "\(said)")
    }
}
