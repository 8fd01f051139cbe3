import CGLFW
import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradGL
import MeshGradPNG
import MeshGradPipeline
import MeshGradText

/// How a preview runs.
public struct PreviewOptions: Sendable {
    /// Window size in screen units.
    public var windowWidth = 1280
    public var windowHeight = 720
    /// Stop after this many drawn frames (scripted runs, benchmarks).
    public var frames: Int?
    /// With `frames`: write the last frame's pixels here as a PNG.
    public var screenshot: String?
    /// The size `E` exports at.
    public var exportSize = CanvasSize(width: 3840, height: 2160)
    /// Start with the animation paused.
    public var paused = false
    /// Print the frame rate when the preview ends.
    public var reportsFrameRate = false

    public init() {}
}

/// The live preview and editor: a GLFW window drawing a document with the
/// same GL renderer as the headless path, redrawing only when something
/// changed (or continuously while an animation plays), reloading the file
/// when it changes on disk, and editing it with the mouse and keys
/// (``KeyBindings``). Runs on the main thread.
public final class PreviewSession {
    var editor: Editor
    var path: String?
    var label: String
    var watcher: FileWatcher?
    let options: PreviewOptions
    let output: (String) -> Void
    let errorOutput: (String) -> Void

    var window: WindowContext!
    /// Draws whatever the document is (mesh or scene): the pipeline decides.
    var presenter: GLFramePresenter!
    let textMasks = TextMaskCache()
    var overlay: OverlayRenderer!

    var time = 0.0
    var playing: Bool
    var speed = 1.0
    var showsOverlay = false
    var needsRedraw = true
    var dragging: (target: Selection, grab: SIMD2<Double>)?
    var cursor = SIMD2<Double>(0, 0)
    var reloadError: String?
    var randomSeed: UInt64 = UInt64(Date().timeIntervalSince1970)
    var framesDrawn = 0
    var fpsWindowStart = Date()
    var fpsWindowFrames = 0
    var framesPerSecond = 0.0

    /// `path` is the document's file (watched and saved to); nil for a preset,
    /// named by `label`.
    public init(
        document: GradientDocument, path: String?, label: String, options: PreviewOptions,
        output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void
    ) {
        editor = Editor(document: document)
        self.path = path
        self.label = label
        watcher = path.map(FileWatcher.init(path:))
        self.options = options
        self.output = output
        self.errorOutput = errorOutput
        playing = !options.paused
    }

    /// Opens the window and runs until it is closed (or `frames` are drawn).
    public func run() throws {
        window = try WindowContext(
            title: "\(label) — meshgrad", width: options.windowWidth, height: options.windowHeight)
        presenter = try GLFramePresenter()
        overlay = try OverlayRenderer()
        installCallbacks()
        output("meshgrad preview: \(label) (\(presenter.rendererName)); press H for keys\n")

        var lastPoll = Date()
        var lastTick = Date()
        let start = Date()
        while !window.shouldClose {
            let animating = playing && documentMoves
            if animating || needsRedraw {
                glfwPollEvents()
            } else {
                glfwWaitEventsTimeout(0.05)
            }
            let now = Date()
            if now.timeIntervalSince(lastPoll) >= 0.05 {
                lastPoll = now
                pollFile()
            }
            if animating {
                time += now.timeIntervalSince(lastTick) * speed
                needsRedraw = true
            }
            // A scripted run (--frames) draws every turn, still or not.
            if options.frames != nil { needsRedraw = true }
            lastTick = now
            guard needsRedraw else { continue }
            needsRedraw = false
            try draw()
            framesDrawn += 1
            countFrame()
            if let limit = options.frames, framesDrawn >= limit {
                if let screenshot = options.screenshot { try writeScreenshot(to: screenshot) }
                window.swapBuffers()
                break
            }
            window.swapBuffers()
        }
        if options.reportsFrameRate {
            let seconds = Date().timeIntervalSince(start)
            output(
                String(format: "%d frames in %.2f s: %.1f fps\n", framesDrawn, seconds, Double(framesDrawn) / seconds))
        }
        overlay = nil
        presenter = nil
        window = nil
    }

    // MARK: - Drawing

    /// The edited mesh as drawn now; nil for a scene without a mesh layer.
    var displayedMesh: MeshGradient? { editor.mesh?.mesh(at: time) }

    /// Whether the picture changes with time from now on.
    var documentMoves: Bool { editor.document.moves(after: time) }

    /// The document at the current time on a canvas.
    func frame(width: Int, height: Int, tolerance: TessellationLevel = .preview) throws -> FramePlan {
        try FramePlan(
            editor.document, label: label, width: width, height: height, time: time, tolerance: tolerance,
            textMasks: textMasks)
    }

    func draw() throws {
        let (width, height) = window.framebufferSize
        guard width > 0 && height > 0 else { return }
        try presenter.present(try frame(width: width, height: height))
        if showsOverlay || editor.selection != nil {
            buildOverlay(width: width, height: height)
            try overlay.draw(framebufferWidth: width, framebufferHeight: height)
        }
        updateTitle()
    }

    /// Vertex markers, and with the overlay on, the mesh edges and handles.
    func buildOverlay(width: Int, height: Int) {
        overlay.clear()
        guard let mesh = displayedMesh else { return }
        let scale = SIMD2(Float(width), Float(height))
        func px(_ p: SIMD2<Double>) -> SIMD2<Float> { SIMD2<Float>(p) * scale }
        let white = SIMD4<Float>(1, 1, 1, 0.9)
        let shadow = SIMD4<Float>(0, 0, 0, 0.55)
        let accent = SIMD4<Float>(1, 0.8, 0.1, 1)
        let points = mesh.bezierPoints
        if showsOverlay {
            let nets = PatchNets(mesh)
            for net in nets.geometry {
                for edge in [(0, 0, 1, 0), (0, 0, 0, 1), (3, 0, 0, 1), (0, 3, 1, 0)] {
                    var previous = px(net.evaluate(u: Double(edge.0) / 3, v: Double(edge.1) / 3))
                    for step in 1...24 {
                        let s = Double(step) / 24
                        let u = edge.2 == 1 ? s : Double(edge.0) / 3
                        let v = edge.3 == 1 ? s : Double(edge.1) / 3
                        let next = px(net.evaluate(u: u, v: v))
                        overlay.line(from: previous, to: next, width: 1.5, color: SIMD4(1, 1, 1, 0.45))
                        previous = next
                    }
                }
            }
            if case .bezierPoints = mesh.locations {
                for p in points {
                    for handle in [p.leading, p.top, p.trailing, p.bottom] where handle != p.position {
                        overlay.line(from: px(p.position), to: px(handle), width: 1.5, color: SIMD4(0.6, 0.85, 1, 0.8))
                        overlay.square(at: px(handle), size: 6, color: SIMD4(0.6, 0.85, 1, 1))
                    }
                }
            }
            for (i, p) in points.enumerated() where editor.selection?.vertex != i {
                overlay.square(at: px(p.position), size: 10, color: shadow)
                overlay.square(at: px(p.position), size: 7, color: white)
            }
        }
        if let selected = editor.selection?.vertex, selected < points.count {
            let p = px(points[selected].position)
            overlay.square(at: p, size: 14, color: shadow)
            overlay.square(at: p, size: 10, color: accent)
        }
    }

    func updateTitle() {
        var parts = [label + (editor.hasUnsavedChanges ? " •" : ""), "meshgrad"]
        if editor.document.isAnimated {
            parts.append(String(format: "t %.1f s%@", time, playing ? "" : " (paused)"))
        }
        // The frame rate means something only while frames keep coming.
        let animating = editor.document.isAnimated && playing
        if framesPerSecond > 0 && (animating || options.frames != nil) {
            parts.append(String(format: "%.0f fps", framesPerSecond))
        }
        if let reloadError { parts.append("error: " + reloadError) }
        window.setTitle(parts.joined(separator: " — "))
    }

    func countFrame() {
        fpsWindowFrames += 1
        let elapsed = Date().timeIntervalSince(fpsWindowStart)
        if elapsed >= 1 {
            framesPerSecond = Double(fpsWindowFrames) / elapsed
            fpsWindowFrames = 0
            fpsWindowStart = Date()
        }
    }

    // MARK: - The file

    func pollFile() {
        guard let path, watcher?.poll() == true else { return }
        do {
            let fresh = try GradientDocument.load(path: path)
            try checkText(of: fresh, path: path)
            editor.reload(fresh)
            editor.markSaved()
            if reloadError != nil { output("meshgrad preview: \(path) is valid again\n") }
            reloadError = nil
        } catch {
            let message = "\(error)"
            if message != reloadError { errorOutput("meshgrad preview: \(message)\n") }
            reloadError = message
        }
        presenter.forgetUpload()
        needsRedraw = true
    }

    struct ReloadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Sets a scene's text once (into the mask cache the next frame draws
    /// from), so that text that cannot be set, a missing font say, counts
    /// as a broken file: the last good picture stays, instead of the
    /// preview ending at its next frame.
    func checkText(of document: GradientDocument, path: String) throws {
        let (width, height) = window.map(\.framebufferSize) ?? (1, 1)
        _ = try FramePlan(
            document, label: path, width: max(width, 1), height: max(height, 1), time: time, tolerance: .preview,
            textMasks: textMasks)
    }

    func save(asNewFile: Bool) {
        let target: String
        if let path, !asNewFile {
            target = path
        } else {
            let directory =
                path.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
            let stem = path.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? label
            target = freeName(in: directory, stem: stem, extension: "json")
        }
        do {
            try AtomicFile.write(Data(editor.document.jsonText().utf8), to: URL(fileURLWithPath: target))
            if target != path {
                path = target
                label = (target as NSString).lastPathComponent
            }
            watcher = FileWatcher(path: target)
            editor.markSaved()
            output("meshgrad preview: saved \(target)\n")
        } catch {
            errorOutput("meshgrad preview: \(error)\n")
        }
        needsRedraw = true
    }

    /// `stem-1.ext`, `stem-2.ext`, …: the first that does not exist, so
    /// nothing a user has is overwritten.
    func freeName(in directory: String, stem: String, extension ext: String) -> String {
        var n = 1
        while true {
            let candidate = (directory as NSString).appendingPathComponent("\(stem)-\(n).\(ext)")
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
            n += 1
        }
    }

    func exportPNG() {
        let size = options.exportSize
        let directory =
            path.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
        let stem = ((label as NSString).deletingPathExtension) + "-\(size.width)x\(size.height)"
        let target = freeName(in: directory, stem: stem, extension: "png")
        do {
            let image = try presenter.render8(
                try frame(width: size.width, height: size.height, tolerance: TessellationLevel()))
            try AtomicFile.write(PNGEncoder().encode(image), to: URL(fileURLWithPath: target))
            output("meshgrad preview: exported \(target)\n")
        } catch {
            errorOutput("meshgrad preview: export failed: \(error)\n")
        }
        needsRedraw = true
    }

    func writeScreenshot(to path: String) throws {
        let (width, height, pixels) = try window.readPixels()
        var image = RGBAImage<UInt8>(width: width, height: height, components: pixels)
        // The window is opaque on screen whatever the gradient's alpha.
        for i in stride(from: 3, to: image.components.count, by: 4) { image.components[i] = 255 }
        try AtomicFile.write(PNGEncoder().encode(image), to: URL(fileURLWithPath: path))
    }
}
