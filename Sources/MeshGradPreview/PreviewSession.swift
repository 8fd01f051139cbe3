import CGLFW
import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradGL
import MeshGradImGui
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
    /// With `frames`: write where the artboard and the panels are here.
    public var layoutJSON: String?
    /// The size `E` exports at.
    public var exportSize = CanvasSize(width: 3840, height: 2160)
    /// Start with the animation paused.
    public var paused = false
    /// Print the frame rate when the preview ends.
    public var reportsFrameRate = false
    /// Start with the panels hidden (H shows them).
    public var hidesPanels = false
    /// Draw at most as often as the display refreshes (60 Hz where it does
    /// not say); off only to measure how fast frames could come.
    public var capsFrameRate = true
    /// The file does not exist yet: the document is a template, saved there.
    public var isNewFile = false
    /// Who draws a mesh: `auto` the CPU renderer where the window's OpenGL
    /// is a CPU rasterizer (where it is the faster, as for `meshgrad
    /// render`), else the GPU. Scenes and the overlay are always GL's.
    public var backend = Backend.auto

    public init() {}
}

/// The live preview and editor: a GLFW window drawing a document with the
/// same renderers as the headless path (GL's, or the CPU renderer's picture
/// where the window's OpenGL is a CPU rasterizer), redrawing only when something
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
    var renderer: GLFrameRenderer!
    let textMasks = TextMaskCache()
    var overlay: OverlayRenderer!

    var needsRedraw = true
    var clock = AnimationClock()
    var navigation = CanvasNavigation()
    var gestures = CanvasGestures()
    var layerView = LayerView()
    var frameCounter = FrameCounter()
    var reloadError: String?
    var randomSeed: UInt64 = UInt64(Date().timeIntervalSince1970)

    // The editor around the picture: panels, dialogs, recovery.
    /// The panels ImGui drew this frame, by name, in screen units.
    var panelRects: [String: SIMD4<Double>] = [:]
    /// The rulers drawn this frame ("top", "left"), in screen units.
    var rulerRects: [String: SIMD4<Double>] = [:]
    var panelsVisible: Bool
    var panelsReady = false
    var helpVisible = false
    var panels = PanelState()
    var dialog: Dialog?
    var shownDialog: String?
    var quitting = false
    var isNewFile: Bool
    var status: (message: String, until: Date)?
    var recovery: RecoveryFile?
    /// The files last opened or saved here (the Document panel, Ctrl-O).
    var recentFiles = RecentFiles()
    /// A photo shown beside the document, to take colors from or fit to.
    var reference: ReferenceImage?
    /// What a Save As asked for on quitting or opening does once saved.
    var afterSave: AfterSave?
    var lastRecoveryCheck = Date()
    /// ImGui settles a click or a key over a few frames (a popup opens the
    /// frame after the click): frames still to draw after an input event.
    /// Frames still to draw without a reason of their own: ImGui sizes an
    /// auto-resizing panel on its first frame and shows it on the next, so
    /// a still document starts with a few (it showed no panels until the
    /// first input otherwise).
    var settleFrames = 3
    /// A frame a test asked for (MESHGRAD_PREVIEW_FRAME_REQUEST).
    var frameRequest = FrameRequest()
    /// Keys that came while ImGui draws, handled after its next frame (see
    /// ``queueKey(_:mods:)``).
    var pendingKeys: [(key: Int32, mods: Int32)] = []
    var canvasBlit: CanvasBlit?
    /// The window's sizes and state as its callbacks report them: asking
    /// X each time is a round trip to the server, several a frame, and a
    /// busy X server makes each one cost.
    var sizes = WindowState()
    /// A video being written by the Export panel, on a thread of its own.
    var videoExport: VideoExport?

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
        clock.playing = !options.paused
        panelsVisible = !options.hidesPanels
        isNewFile = options.isNewFile
        recovery = path.map(RecoveryFile.init(documentPath:)) ?? RecoveryFile(preset: label)
        if let path, !options.isNewFile { recentFiles.note(path) }
    }

    /// Opens the window and runs until it is closed (or `frames` are drawn).
    public func run() throws {
        window = try WindowContext(
            title: "\(label) — meshgrad", width: options.windowWidth, height: options.windowHeight)
        renderer = try GLFrameRenderer(inCurrentContext: ())
        if options.backend.drawsOnCPU(whereOpenGLIsSoftware: renderer.isSoftware) {
            renderer.meshesOnCPU = CPUFrameRenderer()
        }
        overlay = try OverlayRenderer()
        sizes = WindowState(window)
        installCallbacks()
        startPanels()
        defer { stopPanels() }
        let drawer =
            renderer.meshesOnCPU == nil ? renderer.rendererName : "meshes on the CPU, over \(renderer.rendererName)"
        output("meshgrad preview: \(label) (\(drawer)); press F1 for help, H to hide the panels\n")
        offerRecovery()

        var pacing = FramePacing(refreshRate: options.capsFrameRate ? window.refreshRate : nil)
        var lastPoll = Date()
        var lastTick = Date()
        let start = Date()
        while !quitting {
            if window.shouldClose { requestQuit() }
            let animating = clock.playing && documentMoves
            let wantsFrame = animating || needsRedraw || settleFrames > 0 || options.frames != nil
            waitForEvents(wantsFrame: wantsFrame, pacing: &pacing)
            takeFrameRequest()
            let now = Date()
            if now.timeIntervalSince(lastPoll) >= 0.05 {
                lastPoll = now
                pollFile()
                keepRecovery(now: now)
                pollVideoExport()
            }
            if animating { clock.time += now.timeIntervalSince(lastTick) * clock.speed }
            lastTick = now
            if sizes.iconified || !(wantsFrame || needsRedraw || settleFrames > 0) { continue }
            guard pacing.isDue() else { continue }
            pacing.drew()
            needsRedraw = false
            settleFrames = max(0, settleFrames - 1)
            try draw()
            frameCounter.count()
            if let target = frameRequest.take(settled: settleFrames == 0 && !needsRedraw) {
                try writeScreenshot(to: target)
            }
            if let limit = options.frames, frameCounter.drawn >= limit {
                if let screenshot = options.screenshot { try writeScreenshot(to: screenshot) }
                if let layout = options.layoutJSON { try writeLayoutReport(to: layout) }
                window.swapBuffers()
                break
            }
            window.swapBuffers()
        }
        if options.reportsFrameRate {
            let seconds = Date().timeIntervalSince(start)
            let drawn = frameCounter.drawn
            output(String(format: "%d frames in %.2f s: %.1f fps\n", drawn, seconds, Double(drawn) / seconds))
        }
        if !editor.hasUnsavedChanges { recovery?.remove() }
        // A video still being written is stopped and removed, not left half
        // made; how the export ended is said, even if the window closed first.
        videoExport?.cancelAndWait()
        pollVideoExport()
        stopPanels()
        reference = nil
        canvasBlit = nil
        overlay = nil
        renderer = nil
        window = nil
    }

    /// Waits for input until the next frame is due (or a while, when no
    /// frame is wanted).
    func waitForEvents(wantsFrame: Bool, pacing: inout FramePacing) {
        if sizes.iconified {
            // Iconified or unmapped: nothing to see, nothing drawn.
            glfwWaitEventsTimeout(0.1)
        } else if wantsFrame {
            // Woken a millisecond early (isDue allows that much): a wait
            // for events returns late by about as much, which cost a
            // 16.3 ms frame its 60 Hz slot (57.5 fps instead of 60).
            let wait = pacing.wait() - 0.001
            if wait > 0 { glfwWaitEventsTimeout(wait) } else { glfwPollEvents() }
        } else {
            glfwWaitEventsTimeout(0.05)
        }
    }

    /// A frame asked for (``FrameRequest``): whatever happened before the
    /// request is handled first, the input received and a change to the
    /// file, then frames are drawn until the widgets settle.
    func takeFrameRequest() {
        guard frameRequest.poll() else { return }
        glfwPollEvents()
        pollFile()
        settleFrames = max(settleFrames, 2)
        needsRedraw = true
    }

    // MARK: - Drawing

    /// The edited mesh as drawn now; nil for a scene without a mesh layer.
    var displayedMesh: MeshGradient? { editor.mesh?.mesh(at: clock.time) }

    /// The document as the window draws it: layers hidden in the Layers
    /// panel left out (their opacity 0), the file untouched.
    var drawnDocument: GradientDocument {
        guard !layerView.hidden.isEmpty, var scene = editor.document.scene else { return editor.document }
        for k in layerView.hidden where scene.layers.indices.contains(k) { scene.layers[k].opacity = 0 }
        var copy = editor.document
        copy.content = .scene(scene)
        return copy
    }

    /// Whether the picture changes with time from now on.
    var documentMoves: Bool { editor.document.moves(after: clock.time) }

    /// The document at the current time on a canvas.
    func frame(width: Int, height: Int, tolerance: TessellationLevel = .preview) throws -> FramePlan {
        try FramePlan(
            drawnDocument, label: label, width: width, height: height, time: clock.time, tolerance: tolerance,
            textMasks: textMasks)
    }

    func draw() throws {
        let (width, height) = sizes.framebuffer
        guard width > 0 && height > 0 else { return }
        // While it plays, the preview's lighter tessellation keeps the frame
        // rate; a still picture is the file's own, pixel for pixel what
        // `meshgrad render` draws (it is drawn once).
        let moving = clock.playing && documentMoves
        let tolerance = moving ? TessellationLevel.preview : TessellationLevel()
        let view = canvasView
        if view.isFull && view.size == SIMD2(Double(width), Double(height)) {
            try renderer.present(try frame(width: width, height: height, tolerance: tolerance))
        } else {
            // Drawn at the view's size (at most the window's) and put in
            // place: straight from the CPU's picture, else moved there.
            let w = max(1, min(width, Int(view.size.x)))
            let h = max(1, min(height, Int(view.size.y)))
            let placement = PicturePlacement(
                x: Int(view.origin.x), y: Int(view.origin.y), width: Int(view.size.x), height: Int(view.size.y),
                framebufferHeight: height, backdrop: SIMD4(0.11, 0.11, 0.12, 1))
            if try !renderer.present(try frame(width: w, height: h, tolerance: tolerance), at: placement) {
                if canvasBlit == nil { canvasBlit = CanvasBlit() }
                canvasBlit!.move(width: w, height: h, to: placement)
            }
        }
        if gestures.showsOverlay || editor.selection != nil || layerView.selected != nil || gestures.marquee != nil {
            buildOverlay(width: width, height: height)
            try overlay.draw(framebufferWidth: width, framebufferHeight: height)
        }
        drawPanels()
        handlePendingKeys()
        updateTitle()
    }

    func updateTitle() {
        var parts = [label + (editor.hasUnsavedChanges ? " •" : "") + (isNewFile ? " (new)" : ""), "meshgrad"]
        if editor.document.isAnimated {
            parts.append(String(format: "t %.1f s%@", clock.time, clock.playing ? "" : " (paused)"))
        }
        // The frame rate means something only while frames keep coming.
        let animating = editor.document.isAnimated && clock.playing
        if frameCounter.perSecond > 0 && (animating || options.frames != nil) {
            parts.append(String(format: "%.0f fps", frameCounter.perSecond))
        }
        if let reloadError { parts.append("error: " + reloadError) }
        window.setTitle(parts.joined(separator: " — "))
    }

    // MARK: - The file

    func pollFile() {
        guard let path, watcher?.poll() == true else { return }
        do {
            let fresh = try GradientDocument.load(path: path)
            try checkText(of: fresh, path: path)
            isNewFile = false
            guard !editor.hasUnsavedChanges || fresh == editor.document else {
                // Never replace unsaved edits silently: ask.
                if reloadError != nil { output("meshgrad preview: \(path) is valid again\n") }
                reloadError = nil
                ask(.externalChange(fresh))
                return
            }
            editor.reload(fresh)
            editor.markSaved()
            if reloadError != nil { output("meshgrad preview: \(path) is valid again\n") }
            reloadError = nil
        } catch {
            let message = "\(error)"
            if message != reloadError { errorOutput("meshgrad preview: \(message)\n") }
            reloadError = message
        }
        renderer.forgetUpload()
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
            document, label: path, width: max(width, 1), height: max(height, 1), time: clock.time, tolerance: .preview,
            textMasks: textMasks)
    }

    /// Saves (atomically) to the document's file, or, for a preset or a new
    /// document, or `asNewFile`, to a free name beside it; false, with the
    /// reason on stderr and in the status line, when it could not.
    @discardableResult
    func save(asNewFile: Bool) -> Bool {
        if let path, !asNewFile { return save(to: path) }
        return save(to: proposedSaveName)
    }

    /// The folder of the document's file ("" for a bare name: the current
    /// folder), or the current folder for a preset.
    var documentFolder: String { path.map { PathText.folder(of: $0) } ?? FileManager.default.currentDirectoryPath }

    /// A path the user typed: `~` the home folder, a relative one relative
    /// to ``documentFolder``.
    func typedPath(_ typed: String) -> String {
        let expanded = (typed.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath
        guard !expanded.hasPrefix("/"), !documentFolder.isEmpty else { return expanded }
        return (documentFolder as NSString).appendingPathComponent(expanded)
    }

    /// `NAME-1.json` (the first free) in the document's folder, or the
    /// current one.
    var proposedSaveName: String {
        let directory = documentFolder
        let stem = path.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? label
        return freeName(in: directory, stem: stem, extension: "json")
    }

    /// Writes the document to `target` (its folders made as needed), which
    /// becomes the window's file.
    @discardableResult
    func save(to target: String) -> Bool {
        do {
            let folder = PathText.folder(of: target)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Pictures named relative to the old folder, from the new one.
            let rebased = editor.document.rebasingImagePaths(from: documentFolder, to: folder)
            if rebased != editor.document { editor.edit { $0 = rebased } }
            try AtomicFile.write(Data(editor.document.savedText.utf8), to: URL(fileURLWithPath: target))
            if target != path {
                path = target
                label = (target as NSString).lastPathComponent
            }
            watcher = FileWatcher(path: target)
            // The file now holds this valid document: an error reading the
            // broken one it replaced is over.
            reloadError = nil
            editor.markSaved()
            recovery?.remove()
            recovery = RecoveryFile(documentPath: target)
            recentFiles.note(target)
            isNewFile = false
            output("meshgrad preview: saved \(target)\n")
            say("saved \((target as NSString).lastPathComponent)")
            needsRedraw = true
            return true
        } catch {
            errorOutput("meshgrad preview: \(error)\n")
            say("could not save: \(error)")
            needsRedraw = true
            return false
        }
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

    func exportPNG(size: CanvasSize? = nil) {
        let size = size ?? options.exportSize
        do {
            let target = try exportTarget(suffix: "-\(size.width)x\(size.height)", extension: "png")
            let image = try renderer.render8(
                try frame(width: size.width, height: size.height, tolerance: TessellationLevel()), dithers: true)
            try AtomicFile.write(PNGEncoder().encode(image), to: URL(fileURLWithPath: target))
            output("meshgrad preview: exported \(target)\n")
            say("exported \((target as NSString).lastPathComponent)")
        } catch {
            errorOutput("meshgrad preview: export failed: \(error)\n")
            say("export failed: \(error)")
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

extension PreviewSession {
    /// A message in the status line for a few seconds.
    func say(_ message: String) {
        status = (message, Date().addingTimeInterval(4))
        settleFrames = max(settleFrames, 2)
        needsRedraw = true
    }

    /// Writes the recovery file every few seconds while there are unsaved edits.
    func keepRecovery(now: Date) {
        guard editor.hasUnsavedChanges, now.timeIntervalSince(lastRecoveryCheck) >= RecoveryFile.interval else {
            return
        }
        lastRecoveryCheck = now
        do {
            // A preset's is kept elsewhere: its pictures named from there.
            guard let folder = recovery.map({ PathText.folder(of: $0.path) }) else { return }
            try recovery?.write(editor.document.rebasingImagePaths(from: documentFolder, to: folder))
        } catch {
            say("could not write the recovery file: \(error)")
        }
    }

    /// At start: a recovery file that differs from the document is offered.
    func offerRecovery() {
        guard let found = recovery?.read() else { return }
        if found.0 == editor.document {
            recovery?.remove()
            return
        }
        output("meshgrad preview: found unsaved work in \(recovery!.path)\n")
        ask(.recovery(found.0, written: found.1))
    }
}
