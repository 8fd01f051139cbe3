import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import MeshGradTestSupport
import Testing

/// The editor's panels and its "nothing lost" rules, driven for real on
/// an X display: xdotool clicks the widgets where the preview says they
/// are (MESHGRAD_PREVIEW_LAYOUT), types, and presses keys; the window's
/// pixels come from the X server, the documents from disk.
/// (An extension of PreviewWindowTests: its suite is serialized, and
/// only one preview window may be open at a time.)
extension PreviewWindowTests {
    static let red9 = grid3(colors: Array(repeating: "#ff0000", count: 9))

    /// Widgets' rectangles as the preview wrote them (window pixels).
    func layout(_ file: URL, waitingFor name: String, timeout: Double = 8) -> SIMD4<Int>? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let text = try? String(contentsOf: file, encoding: .utf8) {
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: " ")
                    if parts.count == 5, parts[0] == name {
                        let v = parts[1...].compactMap { Int($0) }
                        if v.count == 4 { return SIMD4(v[0], v[1], v[2], v[3]) }
                    }
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return nil
    }

    func click(_ preview: Preview, at point: SIMD2<Int>) throws {
        let origin = try preview.origin()
        let p = origin &+ point
        try preview.xdotool(["mousemove", "\(p.x)", "\(p.y)"])
        // The widget under the pointer hovered in a drawn frame before the press.
        try preview.waitForFrame()
        try preview.xdotool(["click", "1"])
        try preview.waitForFrame()
    }

    func key(_ preview: Preview, _ keys: String...) throws {
        for k in keys { try preview.xdotool(["key", "--clearmodifiers", k]) }
    }

    /// The pixel at (x, y), transparent black outside the image.
    func pixel(_ image: RGBAImage<UInt8>, _ x: Int, _ y: Int) -> SIMD4<UInt8> {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return .zero }
        return image[x, y]
    }

    /// Within `tolerance` levels of `expected` in every channel.
    func near(_ pixel: SIMD4<UInt8>, _ expected: SIMD3<Int>, tolerance: Int = 2) -> Bool {
        abs(Int(pixel.x) - expected.x) <= tolerance && abs(Int(pixel.y) - expected.y) <= tolerance
            && abs(Int(pixel.z) - expected.z) <= tolerance
    }

    /// Waits until `condition` holds of the window's title (up to 5 s).
    func waitForTitle(_ preview: Preview, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        repeat {
            if condition(preview.title) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return false
    }

    // MARK: - Navigation

    /// F frames the selection: the top-left vertex selected, the artboard
    /// zooms to the most it allows (4×) with that corner at the center of
    /// the space the panels leave, where the artboard's center was.
    @Test func fZoomsToTheSelectedVertex() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (preview, _, layoutFile) = try openWithPanels(Self.red9, named: "zoom.json", in: dir, display: display)
        try preview.waitForFrame()
        try preview.waitForFrame()
        let before = try #require(layout(layoutFile, waitingFor: "artboard"))
        try key(preview, "Tab", "f")
        let after = try artboard(layoutFile, changedFrom: before, preview)
        #expect(abs(after.z - 4 * before.z) <= 2 && abs(after.w - 4 * before.w) <= 2, "\(before) -> \(after)")
        #expect(abs(after.x - (before.x + before.z / 2)) <= 2, "\(before) -> \(after)")
        #expect(abs(after.y - (before.y + before.w / 2)) <= 2, "\(before) -> \(after)")
        #expect(preview.title.contains("meshgrad"))
        try key(preview, "0")
        #expect(try artboard(layoutFile, changedFrom: after, preview) == before)
        preview.stop()
    }

    /// The artboard's rectangle once it differs from `previous` (up to 8 s
    /// of frames; `previous` if it never does).
    func artboard(_ layoutFile: URL, changedFrom previous: SIMD4<Int>, _ preview: Preview) throws -> SIMD4<Int> {
        var now = previous
        let deadline = Date().addingTimeInterval(8)
        while now == previous && Date() < deadline {
            try preview.waitForFrame()
            now = layout(layoutFile, waitingFor: "artboard") ?? previous
        }
        return now
    }

    /// A vertex dragged to within a few pixels of another vertex's x takes
    /// it exactly, and a guide shows along it while the button is down.
    @Test func aDraggedVertexSnapsToAnotherPointsXWithAGuide() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("snap.json")
        try Data(Self.red9.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        let origin = try preview.origin()
        // The top-left corner to 3 px right of the middle column (x = 0.5).
        try preview.xdotool(["mousemove", "\(origin.x + 1)", "\(origin.y + 1)"])
        try preview.waitForFrame()
        try preview.xdotool(["mousedown", "1"])
        for p in [SIMD2(100, 30), SIMD2(180, 50), SIMD2(203, 60)] {
            try preview.xdotool(["mousemove", "\(origin.x + p.x)", "\(origin.y + p.y)"])
            try preview.waitForFrame()
        }
        let during = try preview.screenshot()
        try preview.xdotool(["mouseup", "1"])
        try preview.waitForFrame()
        let guide = (240..<290).filter { y in
            let p = pixel(during, 200, y)
            return p.z > 100 && p.y < 120
        }
        #expect(guide.count > 40, "the guide runs down x = 200: \(pixel(during, 200, 260)), \(pixel(during, 199, 260))")
        try key(preview, "ctrl+s")
        let saved = waitForDocument(at: spec.path, timeout: 15) {
            $0.animatedMesh?.mesh.locations.positions[0] != SIMD2(0, 0)
        }
        let moved = try #require(saved?.animatedMesh?.mesh.locations.positions[0])
        #expect(moved.x == 0.5, "\(moved)")
        #expect(abs(moved.y - 60.0 / 300) < 1.5 / 300, "\(moved)")
        preview.stop()
    }

    // MARK: - The color picker and the hex field

    @Test func hexFieldAndPickerSetTheColorShownAndSaved() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("color.json")
        try Data(Self.red9.jsonText().utf8).write(to: spec)
        let layoutFile = dir.appendingPathComponent("layout.txt")
        let preview = try Preview(
            arguments: [spec.path, "--window", "1400x900"], display: display,
            environment: ["MESHGRAD_PREVIEW_LAYOUT": layoutFile.path])
        // Select the center vertex (the fifth), then type its color.
        for _ in 0..<5 { try key(preview, "Tab") }
        try type("00ff88", into: "hex", preview, layoutFile: layoutFile)
        try key(preview, "ctrl+s")
        let typed = waitForDocument(at: spec.path, timeout: 15) {
            $0.animatedMesh?.mesh.colors[4] != RGBAColor(hex: "#ff0000")
        }
        #expect(typed?.animatedMesh?.mesh.colors[4] == RGBAColor(hex: "#00FF88"))
        #expect(try String(contentsOf: spec, encoding: .utf8).contains("\"#00FF88\""))
        // Just below the vertex's marker: the vertex's color (the surface is flat there).
        let artboard = try #require(layout(layoutFile, waitingFor: "artboard"))
        let below = (Int(artboard.x + artboard.z / 2), Int(artboard.y + artboard.w / 2) + 12)
        let center = pixel(try preview.screenshot(), below.0, below.1)
        #expect(near(center, SIMD3(0, 255, 136), tolerance: 4), "the center shows the typed color: \(center)")

        // The picker's square: its top-left corner is white (saturation 0, value 1).
        let picker = try #require(layout(layoutFile, waitingFor: "picker"))
        try click(preview, at: SIMD2(picker.x + 1, picker.y + 1))
        try key(preview, "ctrl+s")
        let picked = waitForDocument(at: spec.path, timeout: 15) {
            $0.animatedMesh?.mesh.colors[4] != RGBAColor(hex: "#00FF88")
        }
        let color = try #require(picked?.animatedMesh?.mesh.colors[4])
        #expect(color.red > 0.95 && color.green > 0.95 && color.blue > 0.95, "\(color)")
        #expect(color.exact8BitComponents != nil, "a picked color is saved as #RRGGBB")
        #expect(try String(contentsOf: spec, encoding: .utf8).contains("\"\(color.hexString)\""))
        let shown = pixel(try preview.screenshot(), below.0, below.1)
        let expected = SIMD3(Int(color.red * 255), Int(color.green * 255), Int(color.blue * 255))
        #expect(near(shown, expected, tolerance: 4), "shown \(shown), saved \(color.hexString)")
        _ = try preview.quit()
    }

    // MARK: - Handles of a points mesh

    @Test func draggingAnInferredHandleMakesBezierPointsAndMovesOnlyThatCurve() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("handles.json")
        let original = Self.grid3(colors: [
            "#102030", "#405060", "#708090", "#a0b0c0", "#ff8800", "#00ff88", "#8800ff", "#123456", "#654321",
        ])
        try Data(original.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "600x400", "--hide-panels"], display: display)
        let before = try preview.screenshot()
        // Vertex 3 (left, middle): its inferred trailing handle, with the overlay on.
        let inferred = original.animatedMesh!.mesh.bezierPoints
        let handle = inferred[3].trailing
        let start = try preview.origin() &+ SIMD2(Int((handle.x * 600).rounded()), Int((handle.y * 400).rounded()))
        try key(preview, "o")
        try preview.waitForFrame()
        try preview.xdotool(["mousemove", "\(start.x)", "\(start.y)"])
        try preview.xdotool(["mousedown", "1"])
        for step in 1...4 {
            try preview.xdotool(["mousemove", "\(start.x + 5 * step)", "\(start.y + 8 * step)"])
        }
        try preview.xdotool(["mouseup", "1"])
        try key(preview, "o", "ctrl+s")
        let saved = waitForDocument(at: spec.path, timeout: 15) { $0 != original }
        let mesh = try #require(saved?.animatedMesh?.mesh)
        guard case .bezierPoints(let points) = mesh.locations else {
            Issue.record("saved as \(mesh.locations), not bezierPoints")
            return
        }
        let moved = points[3].trailing
        #expect(abs(moved.x - (handle.x + 20.0 / 600)) < 1.0 / 600, "x \(moved.x)")
        #expect(abs(moved.y - (handle.y + 32.0 / 400)) < 1.0 / 400, "y \(moved.y)")
        // Every other handle stays where it was inferred.
        for (i, point) in points.enumerated() {
            var expected = inferred[i]
            if i == 3 { expected.trailing = moved }
            #expect(length(point.position - expected.position) < 1e-9)
            for (a, b) in [
                (point.leading, expected.leading), (point.top, expected.top), (point.bottom, expected.bottom),
                (point.trailing, expected.trailing),
            ] {
                #expect(length(a - b) < 1e-9, "vertex \(i)")
            }
        }
        // The right column of patches does not touch vertex 3: its pixels are unchanged.
        try preview.waitForFrame()
        let after = try preview.screenshot()
        try #require(before.width == 600 && before.height == 400 && after.width == 600 && after.height == 400)
        // Right of x = 320 nothing may move by more than dithering's level
        // (the tessellation of untouched patches can shift a triangle).
        var changedRight = 0
        var largestRight = 0
        var changedLeft = 0
        for y in 0..<400 {
            for x in 0..<600 where before[x, y] != after[x, y] {
                let d = SIMD4<Int>(truncatingIfNeeded: before[x, y]) &- SIMD4<Int>(truncatingIfNeeded: after[x, y])
                let largest = [d.x, d.y, d.z].map(abs).max()!
                if x >= 320 {
                    changedRight += largest > 1 ? 1 : 0
                    largestRight = max(largestRight, largest)
                } else {
                    changedLeft += 1
                }
            }
        }
        #expect(
            changedRight == 0, "\(changedRight) pixels changed right of the edited patches (largest \(largestRight))")
        #expect(changedLeft > 100, "the edited curve moved pixels (\(changedLeft))")
        _ = try preview.quit()
    }

    @Test func shiftDragSnapsToTheGrid() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("snap.json")
        try Data(Self.red9.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        let start = try preview.origin() &+ SIMD2(200, 150)
        try preview.xdotool(["mousemove", "\(start.x)", "\(start.y)"])
        try preview.xdotool(["keydown", "shift"])
        try preview.xdotool(["mousedown", "1"])
        for step in 1...4 {
            try preview.xdotool(["mousemove", "\(start.x + 6 * step - 1)", "\(start.y + 4 * step + 1)"])
        }
        try preview.xdotool(["mouseup", "1"])
        try preview.xdotool(["keyup", "shift"])
        try key(preview, "ctrl+s")
        let saved = waitForDocument(at: spec.path, timeout: 15) { $0 != Self.red9 }
        // 0.5 + 23/400 and 0.5 + 17/300, snapped to the 5 % grid.
        let p = try #require(saved?.animatedMesh?.mesh.locations.positions[4])
        #expect(abs(p.x - 0.55) < 1e-9 && abs(p.y - 0.55) < 1e-9, "\(p)")
        _ = try preview.quit()
    }

    // MARK: - Nothing lost

    @Test func quittingWithUnsavedChangesAsksAndTouchesNothingUntilTold() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("quit.json")
        try Data(Self.red9.jsonText().utf8).write(to: spec)
        let bytes = try Data(contentsOf: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        let clean = pixel(try preview.screenshot(), 200, 40)
        try key(preview, "Tab", "Right", "w", "ctrl+q")
        try preview.waitForFrame()
        #expect(preview.process.isRunning, "the preview quit without asking")
        // The dialog dims the window (ImGui's modal background).
        let dimmed = pixel(try preview.screenshot(), 200, 40)
        #expect(abs(Int(dimmed.y) - Int(clean.y)) > 20, "no dialog: \(dimmed) vs \(clean)")
        #expect(try Data(contentsOf: spec) == bytes)
        // Cancel: still running, still unsaved.
        try key(preview, "Escape")
        try preview.waitForFrame()
        #expect(preview.process.isRunning)
        #expect(preview.title.contains("•"), "title: \(preview.title)")
        // Quit again and discard: the file is as it was.
        try key(preview, "ctrl+q")
        try preview.waitForFrame()
        try key(preview, "d")
        let deadline = Date().addingTimeInterval(5)
        while preview.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!preview.process.isRunning, "discard did not quit")
        #expect(try Data(contentsOf: spec) == bytes)
        #expect(!FileManager.default.fileExists(atPath: spec.path + ".recovery"))
        _ = try preview.quit()

        // And Save saves, then quits.
        let second = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        try key(second, "Tab", "w", "ctrl+q")
        try second.waitForFrame()
        try key(second, "s")
        let end = Date().addingTimeInterval(5)
        while second.process.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!second.process.isRunning)
        #expect(try GradientDocument.load(path: spec.path) != Self.red9)
        _ = try second.quit()
    }

    @Test func anExternalChangeWhileDirtyKeepsTheEdits() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("external.json")
        try Data(Self.red9.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        // Edit: the center vertex becomes a hue step away from red.
        try key(preview, "Tab", "Tab", "Tab", "Tab", "Tab", "w", "w", "w", "w", "w", "w", "w", "w")
        #expect(waitForTitle(preview) { $0.contains("•") })
        let edited = pixel(try preview.screenshot(), 200, 150)
        #expect(!near(edited, SIMD3(255, 0, 0), tolerance: 20), "the edit shows: \(edited)")
        let blue = Self.grid3(colors: Array(repeating: "#0000ff", count: 9))
        try AtomicFile.write(Data(blue.jsonText().utf8), to: spec)
        try preview.waitForFrame()
        // Not replaced: the edit is still on screen while it asks.
        let asking = pixel(try preview.screenshot(), 200, 150)
        #expect(!near(asking, SIMD3(0, 0, 255), tolerance: 40), "replaced without asking: \(asking)")
        try key(preview, "k")
        try preview.waitForFrame()
        #expect(near(pixel(try preview.screenshot(), 200, 150), SIMD3(Int(edited.x), Int(edited.y), Int(edited.z))))
        #expect(try GradientDocument.load(path: spec.path) == blue, "the file on disk is the other program's")
        try key(preview, "ctrl+s")
        let saved = waitForDocument(at: spec.path, timeout: 15) { $0 != blue }
        #expect(saved?.animatedMesh?.mesh.colors[4] != RGBAColor(hex: "#0000ff"))
        #expect(saved?.animatedMesh?.mesh.colors[0] == RGBAColor(hex: "#ff0000"), "the edits, not the reload")
        _ = try preview.quit()
    }

    @Test func theRecoveryFileSurvivesAKillAndIsOfferedNextTime() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("crash.json")
        let recoveryPath = spec.path + ".recovery"
        try Data(Self.red9.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "300x200", "--hide-panels"], display: display)
        try key(preview, "Tab", "Tab", "Tab", "Tab", "Tab", "w", "w", "w")
        // Written every 3 s while unsaved.
        let deadline = Date().addingTimeInterval(8)
        while !FileManager.default.fileExists(atPath: recoveryPath) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
        }
        let recovered = try GradientDocument.load(path: recoveryPath)
        #expect(recovered != Self.red9)
        kill(preview.process.processIdentifier, SIGKILL)
        preview.process.waitUntilExit()
        #expect(try GradientDocument.load(path: spec.path) == Self.red9)

        let next = try Preview(arguments: [spec.path, "--window", "300x200", "--hide-panels"], display: display)
        try next.waitForFrame()
        try key(next, "r")
        #expect(waitForTitle(next) { $0.contains("•") }, "recovered work is unsaved: \(next.title)")
        try key(next, "ctrl+s")
        let saved = waitForDocument(at: spec.path, timeout: 15) { $0 != Self.red9 }
        #expect(saved == recovered)
        #expect(!FileManager.default.fileExists(atPath: recoveryPath), "saving removes the recovery file")
        let output = try next.quit()
        #expect(output.contains("found unsaved work"), "\(output)")
    }

    @Test func aNewFileStartsFromTheTemplateAndIsSavedThere() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("new.json")
        let preview = try Preview(arguments: [spec.path, "--window", "300x200", "--hide-panels"], display: display)
        #expect(preview.title.contains("(new)"), "title: \(preview.title)")
        try key(preview, "ctrl+s")
        let saved = waitForDocument(at: spec.path, timeout: 15) { _ in true }
        #expect(saved?.animatedMesh?.mesh.width == 3 && saved?.animatedMesh?.mesh.height == 3)
        _ = try preview.quit()

        let other = dir.appendingPathComponent("from.json")
        let fromPreset = try Preview(
            arguments: [other.path, "--from", "sunset", "--window", "300x200", "--hide-panels"], display: display)
        try key(fromPreset, "ctrl+s")
        #expect(waitForDocument(at: other.path, timeout: 15) { _ in true } == Presets.sunset.document)
        _ = try fromPreset.quit()
    }

    // MARK: - Scenes

    @Test func aSceneLayerIsMovedAndResizedOnTheCanvas() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("scene.json")
        try Data(
            """
            {"size": [400, 300], "points": [400, 300], "background": "#000000", "layers": [
              {"frame": [0.25, 0.25, 0.5, 0.5], "fill": "#ffffff"}
            ]}
            """.utf8
        ).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        let origin = try preview.origin()
        // Press inside the frame (selects the layer) and drag it 40 px right, 30 down.
        let inside = origin &+ SIMD2(200, 150)
        try preview.xdotool(["mousemove", "\(inside.x)", "\(inside.y)"])
        try preview.xdotool(["mousedown", "1"])
        for step in 1...4 {
            try preview.xdotool(["mousemove", "\(inside.x + 10 * step)", "\(inside.y + 15 * step / 2)"])
        }
        try preview.xdotool(["mouseup", "1"])
        // Its bottom-right corner, now at (340, 255): 20 px wider, 15 taller.
        let corner = origin &+ SIMD2(340, 255)
        try preview.xdotool(["mousemove", "\(corner.x)", "\(corner.y)"])
        try preview.xdotool(["mousedown", "1"])
        for step in 1...4 {
            try preview.xdotool(["mousemove", "\(corner.x + 5 * step)", "\(corner.y + 15 * step / 4)"])
        }
        try preview.xdotool(["mouseup", "1"])
        try key(preview, "ctrl+s")
        let saved = waitForDocument(at: spec.path, timeout: 15) {
            $0.scene?.layers.first?.frame != UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        }
        let frame = try #require(saved?.scene?.layers.first?.frame)
        #expect(abs(frame.x - (0.25 + 40.0 / 400)) < 1.5 / 400, "\(frame)")
        #expect(abs(frame.y - (0.25 + 30.0 / 300)) < 1.5 / 300, "\(frame)")
        #expect(abs(frame.width - (0.5 + 20.0 / 400)) < 1.5 / 400, "\(frame)")
        #expect(abs(frame.height - (0.5 + 15.0 / 300)) < 1.5 / 300, "\(frame)")
        _ = try preview.quit()
    }

    /// On a scene without a mesh the mesh keys change nothing and say so.
    @Test func meshKeysOnASceneWithoutAMeshSaySo() throws {
        guard let display = display() else { return }
        let preview = try Preview(arguments: ["--preset", "se-wallpaper", "--window", "150x267"], display: display)
        try key(preview, "Tab", "r", "g")
        try preview.waitForFrame()
        #expect(!preview.title.contains("•"), "a mesh key edited a scene with no mesh: \(preview.title)")
        let output = try preview.quit()
        #expect(output.contains("no mesh to edit"), "\(output)")
    }

    /// The keys are in the window: F1 (or ?) shows them over the picture,
    /// Esc hides them again.
    @Test func f1ShowsTheHelpInTheWindow() throws {
        guard let display = display() else { return }
        let preview = try Preview(
            arguments: ["--preset", "sunset", "--window", "800x600", "--hide-panels"], display: display)
        let before = try preview.settledScreenshot()
        try key(preview, "F1")
        func changedSamples(_ help: RGBAImage<UInt8>) -> Int {
            var changed = 0
            for y in stride(from: 60, to: 500, by: 4) {
                for x in stride(from: 100, to: 700, by: 4) where pixel(before, x, y) != pixel(help, x, y) {
                    changed += 1
                }
            }
            return changed
        }
        // The overlay appears with the next frame, which a loaded machine
        // (CI runs the suites side by side) may take more than a second to
        // draw: look until it is there, for up to 10 s.
        var changed = 0
        let deadline = Date().addingTimeInterval(10)
        repeat {
            changed = changedSamples(try preview.screenshot())
        } while changed <= 5000 && Date() < deadline
        #expect(changed > 5000, "the help overlay covers the middle of the window (\(changed) samples changed)")
        try key(preview, "Escape")
        try preview.waitForFrame()
        let after = try preview.settledScreenshot()
        #expect(ImageDifference(before, after).differingPixels == 0, "Esc closes the help")
        let output = try preview.quit()
        #expect(output.contains("Ctrl-Q or close"), "\(output)")
    }

    // MARK: - Hidden panels are the picture alone

    @Test func hidingThePanelsLeavesExactlyWhatRenderDraws() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let preview = try Preview(arguments: ["--preset", "sunset", "--window", "640x400"], display: display)
        let withPanels = try preview.settledScreenshot()
        try key(preview, "h")
        try preview.waitForFrame()
        let hidden = try preview.settledScreenshot()
        _ = try preview.quit()
        // The window and `render` choose their backend by the same rule (a
        // CPU rasterizer: the CPU renderer; a GPU: GL), so the same pixels.
        let reference = dir.appendingPathComponent("render.png")
        try runOnDisplay(
            Self.binary.path,
            ["render", "--preset", "sunset", "--backend", "auto", "--size", "640x400", "-o", reference.path],
            display: display)
        let rendered = try PNGDecoder.decode(Array(Data(contentsOf: reference))).image8
        let difference = ImageDifference(hidden, rendered)
        #expect(difference.differingPixels == 0, "max \(difference.maximum), \(difference.differingPixels) pixels")
        #expect(ImageDifference(withPanels, rendered).differingPixels > 1000, "the panels were shown at first")
    }
}

private func length(_ p: SIMD2<Double>) -> Double { (p * p).sum().squareRoot() }
