import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradPNG
import MeshGradTestSupport
import Testing

/// The preview window for real, on an X display (Xvfb): the mouse and the
/// keyboard through xdotool's XTEST events, the window's pixels through
/// the X server. Each test runs its own `meshgrad preview` process.
@Suite(.serialized) struct PreviewWindowTests {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("meshgrad")
    }

    /// The display, or a recorded failure saying what is missing.
    func display() -> String? {
        switch XDisplay.name {
        case .success(let name): return name
        case .failure(let error):
            Issue.record("window tests need an X display: \(error)")
            return nil
        }
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-preview-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A running preview: its process, its X window id, its output.
    final class Preview {
        let process = Process()
        let display: String
        let output = Pipe()
        var window = ""
        /// Where frames are asked for (MESHGRAD_PREVIEW_FRAME_REQUEST) and written.
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-frames-\(UUID())")

        init(arguments: [String], display: String, environment: [String: String] = [:]) throws {
            self.display = display
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            process.executableURL = PreviewWindowTests.binary
            process.arguments = ["preview"] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
                .merging(["MESHGRAD_PREVIEW_FRAME_REQUEST": frames.appendingPathComponent("request").path]) { $1 }
                // Recent files and a preset's recovery: the test's own, not the user's.
                .merging(["XDG_STATE_HOME": frames.appendingPathComponent("state").path]) { $1 }
                .merging(environment) { $1 }
            process.standardOutput = output
            process.standardError = output
            try process.run()
            // Wait for the window to be mapped.
            for _ in 0..<200 {
                // Its own window (by process id): never another test's.
                let found = try runOnDisplay(
                    "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(process.processIdentifier)"],
                    display: display)
                if let id = found.split(separator: "\n").first {
                    window = String(id)
                    break
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            guard !window.isEmpty else {
                if process.isRunning { process.terminate() }
                process.waitUntilExit()
                let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw PreviewError(description: "the preview window never appeared; it said: \(said)")
            }
            try waitForFrame()
            try xdotool(["windowfocus", "--sync", window])
        }

        func xdotool(_ arguments: [String]) throws {
            try runOnDisplay("/usr/bin/xdotool", arguments, display: display)
        }

        /// The window's top-left corner on the screen.
        func origin() throws -> SIMD2<Int> {
            let text = try runOnDisplay("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window], display: display)
            var values: [String: Int] = [:]
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "=")
                if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
            }
            return SIMD2(values["X"] ?? 0, values["Y"] ?? 0)
        }

        var title: String {
            (try? runOnDisplay("/usr/bin/xdotool", ["getwindowname", window], display: display))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }

        /// The frame the preview draws once it has handled everything sent
        /// before this call (input, a change to its file), as it drew it:
        /// asked for and answered by the preview (``FrameRequest``), so the
        /// wait is for that frame, however long a loaded machine takes.
        func screenshot(timeout: Double = 60) throws -> RGBAImage<UInt8> {
            let target = frames.appendingPathComponent("frame-\(UUID()).png")
            let request = frames.appendingPathComponent("request")
            try Data(target.path.utf8).write(to: frames.appendingPathComponent("request.new"))
            try FileManager.default.moveItem(at: frames.appendingPathComponent("request.new"), to: request)
            let deadline = Date().addingTimeInterval(timeout)
            while !FileManager.default.fileExists(atPath: target.path) {
                guard process.isRunning, Date() < deadline else {
                    let said =
                        process.isRunning
                        ? "" : String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
                    throw PreviewError(
                        description: "no frame came in \(Int(timeout)) s (running: \(process.isRunning)) \(said)")
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
            defer { try? FileManager.default.removeItem(at: target) }
            return try PNGDecoder.decode(Array(Data(contentsOf: target))).image8
        }

        /// The same: a frame is drawn only when something changed, and the
        /// one asked for is drawn after every change sent before.
        func settledScreenshot() throws -> RGBAImage<UInt8> { try screenshot() }

        /// Returns once the preview has drawn a frame after everything sent so far.
        func waitForFrame() throws { _ = try screenshot() }

        func quit() throws -> String {
            try? xdotool(["key", "--clearmodifiers", "ctrl+q"])
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            stop()
            return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }

        /// Ends the process for sure (a preview asking about unsaved
        /// changes does not quit on Ctrl-Q).
        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        deinit {
            stop()
            try? FileManager.default.removeItem(at: frames)
        }
    }

    struct PreviewError: Error, CustomStringConvertible {
        var description: String
    }

    static func grid3(colors: [String]) -> GradientDocument {
        GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3, locations: .points(MeshGradient.regularGrid(width: 3, height: 3)),
                colors: colors.map { RGBAColor(hex: $0)! }))
    }

    /// Each way the window can draw a mesh shows what the headless path
    /// renders: the CPU renderer's picture (`cpu`, and `auto` on a CPU
    /// rasterizer) byte for byte, GL's within the GPU = CPU tolerance.
    @Test(arguments: ["gl", "cpu", "auto"])
    func windowShowsWhatTheHeadlessRendererRenders(backend: String) throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("shot.png").path
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = [
            "preview", "--preset", "sunset", "--window", "320x200", "--frames", "3", "--screenshot", shot,
            "--hide-panels", "--backend", backend,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let said = Pipe()
        process.standardOutput = said
        try process.run()
        let firstLine = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let window = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: shot)))).image8
        #expect(window.width == 320 && window.height == 200)
        let plan = RenderPlan(mesh: Presets.sunset.document.animatedMesh!.mesh, width: 320, height: 200)
        let reference = CPURenderer().render8(plan)
        let comparison = ImageComparison(window, reference, border: BorderBand(plan: plan))
        #expect(comparison.isWithinTolerance, "\(comparison.summary)")
        // The first line says who draws: "meshes on the CPU, over llvmpipe …".
        #expect(firstLine.contains("meshes on the CPU") == (backend != "gl") || backend == "auto", "\(firstLine)")
        if firstLine.contains("meshes on the CPU") {
            #expect(window.components == reference.components, "\(backend): \(comparison.summary)")
        }
    }

    /// The real mouse and keyboard: drag the center vertex, save.
    @Test func draggingAVertexAndSavingMovesThePoint() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("grid.json")
        let original = Self.grid3(colors: [
            "#102030", "#405060", "#708090", "#a0b0c0", "#ff8800", "#00ff88", "#8800ff", "#123456", "#654321",
        ])
        try Data(original.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        let origin = try preview.origin()
        let start = origin &+ SIMD2(200, 150)  // vertex 4, at (0.5, 0.5)
        try preview.xdotool(["mousemove", "\(start.x)", "\(start.y)"])
        try preview.xdotool(["mousedown", "1"])
        for step in 1...4 {
            try preview.xdotool(["mousemove", "\(start.x + 10 * step)", "\(start.y + 6 * step)"])
        }
        try preview.xdotool(["mouseup", "1"])
        try preview.xdotool(["key", "--clearmodifiers", "ctrl+s"])
        try preview.waitForFrame()
        let output = try preview.quit()
        let saved = try GradientDocument.load(path: spec.path)
        let moved = saved.animatedMesh!.mesh.locations.positions[4]
        #expect(abs(moved.x - (0.5 + 40.0 / 400)) < 0.5 / 400, "x \(moved.x); \(output)")
        #expect(abs(moved.y - (0.5 + 24.0 / 300)) < 0.5 / 300, "y \(moved.y)")
        // Everything else is as it was.
        var expected = original
        if case .points(var points) = expected.animatedMesh!.mesh.locations {
            points[4] = moved
            expected[.document]?.mesh.locations = .points(points)
        }
        #expect(saved == expected)
    }

    @Test func undoRestoresThePreviousDocumentExactly() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("undo.json")
        var original = Presets.aurora.document
        original[.document]?.animation = nil
        try Data(original.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "300x200", "--hide-panels"], display: display)
        // Select a vertex, nudge it, recolor it, toggle smooth colors; undo all four.
        for key in ["Tab", "Tab", "Tab", "Tab", "Right", "Right", "w", "m"] {
            try preview.xdotool(["key", "--clearmodifiers", key])
        }
        try preview.xdotool(["key", "--clearmodifiers", "ctrl+s"])
        // The save lands when the preview has handled the keys: within
        // 0.4 s on a quiet machine, later under load, so wait for it (up to
        // 5 s) rather than for a fixed time.
        let edited = waitForDocument(at: spec.path) { $0 != original }
        #expect(edited != original)
        for _ in 0..<4 { try preview.xdotool(["key", "--clearmodifiers", "ctrl+z"]) }
        try preview.xdotool(["key", "--clearmodifiers", "ctrl+s"])
        let restored = waitForDocument(at: spec.path) { $0 == original }
        _ = try preview.quit()
        #expect(restored == original)
    }

    @Test func fileChangesShowUpAndBrokenFilesKeepTheLastPicture() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("live.json")
        let red = Self.grid3(colors: Array(repeating: "#ff0000", count: 9))
        let blue = Self.grid3(colors: Array(repeating: "#0000ff", count: 9))
        try Data(red.jsonText().utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "200x150", "--hide-panels"], display: display)
        /// The window's center, within dithering's one level of `expected`.
        func centerIs(_ expected: SIMD4<Int>) throws -> Bool {
            let pixel = SIMD4<Int>(truncatingIfNeeded: try preview.screenshot()[100, 75])
            let d = pixel &- expected
            return [d.x, d.y, d.z, d.w].allSatisfy { abs($0) <= 1 }
        }
        #expect(try centerIs(SIMD4(255, 0, 0, 255)))

        try AtomicFile.write(Data(blue.jsonText().utf8), to: spec)
        try preview.waitForFrame()
        #expect(try centerIs(SIMD4(0, 0, 255, 255)))

        try Data("{\"width\": 3, oops".utf8).write(to: spec)
        try preview.waitForFrame()
        #expect(try centerIs(SIMD4(0, 0, 255, 255)))
        #expect(preview.title.contains("error: "), "title: \(preview.title)")

        try AtomicFile.write(Data(red.jsonText().utf8), to: spec)
        try preview.waitForFrame()
        #expect(try centerIs(SIMD4(255, 0, 0, 255)))
        #expect(!preview.title.contains("error"))
        let output = try preview.quit()
        #expect(output.contains("live.json:1:"), "\(output)")
    }

    /// A scene whose text cannot be set (its font is gone) is a broken file
    /// like any other: the last picture stays, and fixing it recovers.
    @Test func sceneWithUnsettableTextKeepsTheLastPicture() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("scene.json")
        func scene(font: String?) -> String {
            let fontKey = font.map { ", \"font\": \"\($0)\"" } ?? ""
            return """
                {"size": [200, 150], "points": [200, 150], "background": "#0000ff", "layers": [
                  {"frame": [0, 0, 1, 0.3], "fill": "#ffffff", "text": {"string": "Hi", "size": 30\(fontKey)}}
                ]}
                """
        }
        try Data(scene(font: nil).utf8).write(to: spec)
        let preview = try Preview(arguments: [spec.path, "--window", "200x150", "--hide-panels"], display: display)
        func centerIsBlue() throws -> Bool {
            let pixel = SIMD4<Int>(truncatingIfNeeded: try preview.screenshot()[100, 110])
            return abs(pixel.x) <= 1 && abs(pixel.y) <= 1 && abs(pixel.z - 255) <= 1
        }
        #expect(try centerIsBlue())

        try AtomicFile.write(Data(scene(font: "/nonexistent/font.ttf").utf8), to: spec)
        try preview.waitForFrame()
        #expect(try centerIsBlue())
        #expect(preview.title.contains("error: "), "title: \(preview.title)")

        try AtomicFile.write(Data(scene(font: nil).utf8), to: spec)
        try preview.waitForFrame()
        #expect(!preview.title.contains("error"), "title: \(preview.title)")
        let output = try preview.quit()
        #expect(output.contains("scene.json: layers[0].text: cannot read the font"), "\(output)")
        #expect(output.contains("is valid again"), "\(output)")
    }

    /// The C key prints what `meshgrad code` prints: for a scene, the
    /// whole SwiftUI view.
    @Test func cKeyPrintsWhatCodePrints() throws {
        guard let display = display() else { return }
        let preview = try Preview(
            arguments: ["--preset", "se-wallpaper", "--window", "150x267", "--hide-panels"], display: display)
        try preview.xdotool(["key", "--clearmodifiers", "c"])
        try preview.waitForFrame()
        let output = try preview.quit()
        let code = try runOnDisplay(Self.binary.path, ["code", "--preset", "se-wallpaper"], display: display)
        #expect(code.contains("struct SeWallpaper: View {"))
        #expect(output.contains(code + "meshgrad preview: SwiftUI code copied to the clipboard\n"), "\(output)")
    }

    /// The document at `path` once `condition` holds of it, polled for up
    /// to `timeout` seconds; the last one read otherwise (nil if none could
    /// be).
    func waitForDocument(
        at path: String, timeout: Double = 5, _ condition: (GradientDocument) -> Bool
    ) -> GradientDocument? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: GradientDocument?
        repeat {
            Thread.sleep(forTimeInterval: 0.1)
            last = try? GradientDocument.load(path: path)
            if let last, condition(last) { return last }
        } while Date() < deadline
        return last
    }
}
