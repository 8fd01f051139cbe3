import CGLFW
import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradImGui

/// Mouse and keyboard: GLFW's C callbacks find their session through the
/// window's user pointer and call these methods.
extension PreviewSession {
    /// Installs the preview's callbacks; ImGui's backend, started after,
    /// chains to them and the preview ignores what ImGui takes (a click
    /// on a panel, typing in a field).
    func installCallbacks() {
        let handle = window.handle
        glfwSetWindowUserPointer(handle, Unmanaged.passUnretained(self).toOpaque())
        glfwSetKeyCallback(handle) { window, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let session = PreviewSession.from(window) else {
                return
            }
            session.queueKey(key, mods: mods)
        }
        glfwSetCharCallback(handle) { window, _ in PreviewSession.from(window)?.inputEvent() }
        glfwSetScrollCallback(handle) { window, _, dy in
            guard let session = PreviewSession.from(window) else { return }
            session.inputEvent()
            session.scrolled(dy)
        }
        glfwSetMouseButtonCallback(handle) { window, button, action, mods in
            guard let session = PreviewSession.from(window) else { return }
            mgui_mouse_button(button, action == GLFW_PRESS)
            session.inputEvent()
            if button == GLFW_MOUSE_BUTTON_RIGHT || button == GLFW_MOUSE_BUTTON_MIDDLE {
                session.panButton(pressed: action == GLFW_PRESS)
                return
            }
            guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
            if action == GLFW_PRESS {
                session.mouseDown(shift: mods & GLFW_MOD_SHIFT != 0, alt: mods & GLFW_MOD_ALT != 0)
            } else if action == GLFW_RELEASE {
                session.mouseUp()
            }
        }
        glfwSetCursorPosCallback(handle) { window, x, y in
            PreviewSession.from(window)?.mouseMoved(x: x, y: y)
        }
        glfwSetFramebufferSizeCallback(handle) { window, width, height in
            guard let session = PreviewSession.from(window) else { return }
            session.sizes.framebuffer = (Int(width), Int(height))
            session.needsRedraw = true
        }
        glfwSetWindowSizeCallback(handle) { window, width, height in
            PreviewSession.from(window)?.sizes.window = (Int(width), Int(height))
        }
        glfwSetWindowIconifyCallback(handle) { window, iconified in
            guard let session = PreviewSession.from(window) else { return }
            session.sizes.iconified = iconified == GLFW_TRUE
            session.needsRedraw = true
        }
        glfwSetWindowRefreshCallback(handle) { window in
            PreviewSession.from(window)?.needsRedraw = true
        }
        installPhotoDrop()
        glfwSetWindowCloseCallback(handle) { window in
            // Closing with unsaved changes asks first (the run loop sees it).
            PreviewSession.from(window)?.needsRedraw = true
        }
    }

    static func from(_ window: OpaquePointer?) -> PreviewSession? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<PreviewSession>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Any input: ImGui, when it draws, needs a few frames to show it.
    func inputEvent() {
        guard panelsDrawn else { return }
        settleFrames = max(settleFrames, 6)
        needsRedraw = true
    }

    /// Whether ImGui has the mouse (it is over a panel or a dialog).
    var panelsHaveMouse: Bool { panelsReady && panelsDrawn && (mgui_wants_mouse() || dialog != nil) }

    /// Framebuffer pixels per screen unit (2 on a HiDPI screen).
    var pixelScale: SIMD2<Double> {
        let (fw, fh) = sizes.framebuffer
        let (ww, wh) = sizes.window
        return SIMD2(Double(fw) / Double(max(ww, 1)), Double(fh) / Double(max(wh, 1)))
    }

    /// The cursor in the unit square of the canvas.
    var cursorInUnits: SIMD2<Double> { canvasView.units(navigation.cursor * pixelScale) }

    /// The canvas's size in framebuffer pixels.
    var canvasPixels: SIMD2<Double> { canvasView.size }

    /// Where the canvas is in the window now (see ``CanvasView``): with
    /// nothing to keep it from it (panels hidden, not zoomed or panned, no
    /// size of its own or the window's shape), the whole window, drawn
    /// directly without a copy (a copy costs llvmpipe about as much as the
    /// panels).
    var canvasView: CanvasView { canvasView(zoom: navigation.zoom, pan: navigation.pan) }

    /// Where the canvas would be at `zoom` and `pan`.
    func canvasView(zoom: Double, pan: SIMD2<Double>) -> CanvasView {
        let (fw, fh) = sizes.framebuffer
        let framebuffer = SIMD2(Double(max(fw, 1)), Double(max(fh, 1)))
        // A document without a size of its own shows at the size it exports
        // at, among the panels; alone in the window, it fills it.
        let size = editor.document.size ?? (panelsVisible ? options.exportSize : nil)
        let aspect = size.map { Double($0.width) / Double($0.height) }
        let fitsWindow = aspect.map { abs($0 / (framebuffer.x / framebuffer.y) - 1) < 0.002 } ?? true
        let moved = zoom != 1 || pan != .zero
        guard panelsVisible || moved || !fitsWindow else { return .full(framebuffer) }
        var space = (origin: SIMD2<Double>.zero, size: framebuffer)
        var margin = 0.0
        if panelsVisible {
            let scale = pixelScale
            let free = DockedPanels(width: framebuffer.x / scale.x, height: framebuffer.y / scale.y).free
            space = (SIMD2(free.x, free.y) * scale, SIMD2(free.z, free.w) * scale)
            margin = CanvasView.margin * scale.x
        }
        return .artboard(in: space, margin: margin, aspect: aspect, zoom: zoom, pan: pan)
    }

    /// Zooms and pans so that the selection (the group's vertices, else the
    /// selected vertex or handle) fills the artboard; with none, fits.
    func zoomToSelection() {
        let points =
            editor.group.isEmpty
            ? [editor.selection.flatMap(editor.position(of:))].compactMap { $0 }
            : editor.group.sorted().compactMap { editor.position(of: .vertex($0)) }
        guard let first = points.first else {
            (navigation.zoom, navigation.pan) = (1, .zero)
            return
        }
        let low = points.reduce(first) { pointwiseMin($0, $1) }
        let high = points.reduce(first) { pointwiseMax($0, $1) }
        let fitted = canvasView(zoom: 1, pan: .zero).size
        (navigation.zoom, navigation.pan) = CanvasView.framing(low, high, fitted: fitted)
    }

    // MARK: - Mouse

    /// Where a vertex or handle is drawn now (animation included), in the
    /// edited mesh's own unit square.
    func displayedMeshPosition(of target: Selection) -> SIMD2<Double>? {
        guard let mesh = displayedMesh else { return nil }
        switch target {
        case .vertex(let i): return mesh.locations.positions[i]
        case .handle(let i, let handle):
            let p = mesh.bezierPoints[i]
            switch handle {
            case .leading: return p.leading
            case .top: return p.top
            case .trailing: return p.trailing
            case .bottom: return p.bottom
            }
        case .background: return nil
        }
    }

    /// The same in canvas units.
    func displayedPosition(of target: Selection) -> SIMD2<Double>? {
        displayedMeshPosition(of: target).map(canvasPoint)
    }

    /// The vertex or handle under the cursor, if one is within 12 px;
    /// handles (inferred ones too) only while the overlay shows them.
    func pick() -> Selection? {
        let canvas = canvasPixels
        let here = cursorInUnits * canvas
        guard let mesh = editor.mesh?.mesh, !editor.editsLockedLayer else { return nil }
        var candidates: [Selection] = (0..<(mesh.width * mesh.height)).map { .vertex($0) }
        if gestures.showsOverlay {
            for i in 0..<(mesh.width * mesh.height) {
                for handle in Selection.Handle.allCases { candidates.append(.handle(i, handle)) }
            }
        }
        var best: (Selection, Double)?
        for candidate in candidates {
            guard let p = displayedPosition(of: candidate) else { continue }
            let d = p * canvas - here
            let distance = (d * d).sum().squareRoot()
            if distance <= 12 * pixelScale.x, distance < best?.1 ?? .infinity { best = (candidate, distance) }
        }
        return best?.0
    }

    /// A press on a vertex or handle takes it (a vertex of the group: the
    /// whole group) to drag; shift-clicking a vertex without dragging adds
    /// it to the group or takes it out; a press elsewhere moves a scene
    /// layer's frame, or starts a marquee.
    func mouseDown(shift: Bool, alt: Bool) {
        guard !panelsHaveMouse else { return }
        needsRedraw = true
        if gestures.eyedropper { return pickColorUnderPointer() }
        guard let target = pick(), let shown = displayedMeshPosition(of: target) else {
            if !beginFrameDrag() {
                if !shift { editor.selectGroup([]) }
                gestures.marquee = (cursorInUnits, cursorInUnits, shift)
            }
            return
        }
        let inGroup = target.vertex.map { editor.group.count > 1 && editor.group.contains($0) } ?? false
        if !inGroup && !shift {
            editor.group = []
            editor.selection = target
        } else if !inGroup, case .handle = target {
            editor.selection = target
        }
        if editor.document.isAnimated || gestures.recordsKeyframes { clock.playing = false }
        editor.beginGesture()
        gestures.dragging = Drag(
            target: target, grab: meshPoint(cursorInUnits) - shown, withHandles: alt, movesGroup: inGroup,
            togglesOnClick: shift && target.vertex != nil && !isHandle(target))
    }

    func isHandle(_ target: Selection) -> Bool {
        if case .handle = target { return true }
        return false
    }

    func mouseMoved(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        navigation.cursor = SIMD2(x, y)
        if panelsDrawn {
            // Hover highlights and drags inside the panels.
            needsRedraw = true
        }
        if let panning = navigation.panning {
            navigation.pan = panning.pan + (navigation.cursor - panning.cursor) * pixelScale
            needsRedraw = true
            return
        }
        if gestures.draggingFrame != nil {
            dragFrame(shift: glfwGetKey(window.handle, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS)
            return
        }
        if gestures.marquee != nil {
            gestures.marquee?.end = cursorInUnits
            needsRedraw = true
            return
        }
        guard var drag = gestures.dragging, let shown = displayedMeshPosition(of: drag.target),
            let base = editor.position(of: drag.target)
        else { return }
        // Move the document's point so that the drawn point follows the
        // cursor (they differ by the animation's offset, if any).
        var wanted = meshPoint(cursorInUnits) - drag.grab
        if held(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT) {
            wanted = (wanted / Self.snapStep).rounded(.toNearestOrEven) * Self.snapStep
        } else {
            wanted = snappedToOtherPoints(wanted, dragging: drag)
        }
        guard wanted != shown else { return }
        drag.moved = true
        gestures.dragging = drag
        if drag.togglesOnClick && !drag.movesGroup {
            editor.group = []
            editor.selection = drag.target
        }
        if gestures.recordsKeyframes, clock.time > 0, !drag.movesGroup, case .vertex(let i) = drag.target,
            let keyed = editor.keyframedPosition(of: i, at: clock.time)
        {
            // Recording: the point moves at the playhead, not in the base mesh.
            editor.setKeyframePosition(vertex: i, to: keyed + (wanted - shown), at: clock.time)
        } else if drag.movesGroup {
            editor.moveGroup(by: wanted - shown)
        } else {
            let hasBezier = editor.hasExplicitHandles
            editor.move(drag.target, to: base + (wanted - shown), withHandles: drag.withHandles || !hasBezier)
        }
        needsRedraw = true
    }

    /// Shift-drag snaps to a grid of this step (the mesh's unit square).
    static let snapStep = 0.05

    /// A dragged vertex (alone) within ``pointSnapPixels`` screen pixels of
    /// another vertex's x or y takes it, and a guide shows along it; Ctrl
    /// drags freely.
    func snappedToOtherPoints(_ wanted: SIMD2<Double>, dragging drag: Drag) -> SIMD2<Double> {
        gestures.snapGuides = (nil, nil)
        guard !held(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL), !drag.movesGroup,
            case .vertex(let vertex) = drag.target, let mesh = displayedMesh
        else {
            return wanted
        }
        let others = mesh.locations.positions.enumerated().filter { $0.offset != vertex }.map(\.element)
        let tolerance = Self.pointSnapPixels * pixelScale / SIMD2(max(canvasPixels.x, 1), max(canvasPixels.y, 1))
        let snap = PointSnap(wanted, to: others, tolerance: tolerance)
        gestures.snapGuides = (snap.guideX, snap.guideY)
        return snap.point
    }

    static let pointSnapPixels = 5.0

    /// Whether any of `keys` (a modifier's left and right) is held now.
    func held(_ keys: Int32...) -> Bool { keys.contains { glfwGetKey(window.handle, $0) == GLFW_PRESS } }

    func mouseUp() {
        if gestures.draggingFrame != nil {
            gestures.draggingFrame = nil
            editor.endGesture()
            needsRedraw = true
        }
        if let marquee = gestures.marquee {
            gestures.marquee = nil
            selectInside(marquee)
            needsRedraw = true
        }
        guard let drag = gestures.dragging else { return }
        gestures.dragging = nil
        gestures.snapGuides = (nil, nil)
        editor.endGesture()
        if drag.togglesOnClick && !drag.moved, let vertex = drag.target.vertex { editor.toggleInGroup(vertex) }
        needsRedraw = true
    }

    /// The vertices drawn inside a marquee become the group (added to it
    /// when the marquee began with shift).
    func selectInside(_ marquee: (start: SIMD2<Double>, end: SIMD2<Double>, adds: Bool)) {
        let low = pointwiseMin(marquee.start, marquee.end)
        let high = pointwiseMax(marquee.start, marquee.end)
        guard let count = editor.mesh.map({ $0.mesh.width * $0.mesh.height }), !editor.editsLockedLayer else { return }
        let inside = (0..<count).filter { i in
            guard let p = displayedPosition(of: .vertex(i)) else { return false }
            return all(p .>= low) && all(p .<= high)
        }
        let kept = marquee.adds ? editor.movedVertices.filter { !inside.contains($0) } : []
        editor.selectGroup(inside + kept)
        if !inside.isEmpty { say("\(editor.movedVertices.count) vertices selected") }
    }

    // MARK: - Keys

    /// A key press: a dialog's keys first, then ImGui's (a text field
    /// being typed into keeps its keys), then the preview's.
    /// A key for the preview. While ImGui draws, it waits for ImGui's next
    /// frame: ImGui sees the keys and characters typed before it only then,
    /// so on a slow frame "type a hex, Return, Ctrl-S" would otherwise save
    /// before the field took the color (and a key meant for a field would
    /// reach the preview before the field had the keyboard).
    func queueKey(_ key: Int32, mods: Int32) {
        guard panelsReady && panelsDrawn else { return keyEvent(key, mods: mods) }
        pendingKeys.append((key, mods))
        inputEvent()
    }

    /// The keys that waited for the frame just drawn, in order.
    func handlePendingKeys() {
        let keys = pendingKeys
        pendingKeys = []
        for (key, mods) in keys { keyEvent(key, mods: mods) }
    }

    func keyEvent(_ key: Int32, mods: Int32) {
        inputEvent()
        if dialog != nil {
            dialogKey(key)
            return
        }
        let shift = mods & GLFW_MOD_SHIFT != 0
        let control = mods & GLFW_MOD_CONTROL != 0
        // Save and quit work even while a text field has the keyboard.
        let passes = control && (key == GLFW_KEY_S || key == GLFW_KEY_Q)
        if panelsReady && panelsDrawn && mgui_wants_keyboard() && !passes { return }
        if refusesForSelection(key, control: control) { return }
        self.key(key, shift: shift, control: control)
    }

    /// The color and timeline tools' keys: true when `key` was one.
    func toolKey(_ key: Int32, control: Bool) -> Bool {
        switch key {
        case GLFW_KEY_C where control: copySelectedColor()
        case GLFW_KEY_V where control: pasteColor()
        case GLFW_KEY_I where !control: toggleEyedropper()
        case GLFW_KEY_ESCAPE where gestures.eyedropper:
            gestures.eyedropper = false
            say("eyedropper off")
        case GLFW_KEY_K where !control:
            gestures.recordsKeyframes.toggle()
            say(gestures.recordsKeyframes ? "recording keyframes: a point dragged keys the playhead" : "not recording")
        default: return false
        }
        return true
    }

    func key(_ key: Int32, shift: Bool, control: Bool) {
        needsRedraw = true
        if toolKey(key, control: control) { return }
        let vertexCount = editor.mesh.map { $0.mesh.width * $0.mesh.height } ?? 0
        let pixel = SIMD2(1, 1) / canvasPixels * (shift ? 10 : 1)
        switch key {
        case GLFW_KEY_Z where control:
            if shift { editor.redo() } else { editor.undo() }
        case GLFW_KEY_Y where control:
            editor.redo()
        case GLFW_KEY_S where control:
            // A preset has no file yet: its first save asks where.
            if shift || path == nil { beginSaveAs() } else { save(asNewFile: false) }
        case GLFW_KEY_O where control:
            beginOpen()
        case GLFW_KEY_Q where control:
            requestQuit()
        case GLFW_KEY_TAB where vertexCount > 0:
            let current = editor.selection?.vertex ?? (shift ? 0 : -1)
            editor.selection = .vertex((current + (shift ? -1 : 1) + vertexCount) % vertexCount)
        case GLFW_KEY_ESCAPE:
            if helpVisible {
                helpVisible = false
                settleFrames = max(settleFrames, 2)
            } else {
                editor.selection = nil
            }
        case GLFW_KEY_LEFT: editor.nudge(by: SIMD2(-pixel.x, 0))
        case GLFW_KEY_RIGHT: editor.nudge(by: SIMD2(pixel.x, 0))
        case GLFW_KEY_UP: editor.nudge(by: SIMD2(0, -pixel.y))
        case GLFW_KEY_DOWN: editor.nudge(by: SIMD2(0, pixel.y))
        case GLFW_KEY_B: editor.selection = .background
        case GLFW_KEY_Q: editor.adjustColor(hue: -15)
        case GLFW_KEY_W: editor.adjustColor(hue: 15)
        case GLFW_KEY_A: editor.adjustColor(lightness: -0.05)
        case GLFW_KEY_S: editor.adjustColor(lightness: 0.05)
        case GLFW_KEY_Z: editor.adjustColor(chroma: -0.02)
        case GLFW_KEY_X: editor.adjustColor(chroma: 0.02)
        case GLFW_KEY_M: editor.toggleSmoothColors()
        case GLFW_KEY_P: editor.toggleColorSpace()
        case GLFW_KEY_G: editor.resizeGrid(by: shift ? -1 : 1)
        case GLFW_KEY_R: randomize(walkingHarmonies: shift)
        case GLFW_KEY_N: editor.toggleGrain()
        case GLFW_KEY_O: gestures.showsOverlay.toggle()
        case GLFW_KEY_0:
            navigation.zoom = 1
            navigation.pan = .zero
        case GLFW_KEY_F: zoomToSelection()
        case GLFW_KEY_SPACE: clock.playing.toggle()
        case GLFW_KEY_PERIOD:
            clock.playing = false
            clock.time += 1.0 / 30
        case GLFW_KEY_COMMA:
            clock.playing = false
            clock.time -= 1.0 / 30
        case GLFW_KEY_LEFT_BRACKET: clock.speed /= 2
        case GLFW_KEY_RIGHT_BRACKET: clock.speed *= 2
        case GLFW_KEY_E: exportPNG()
        case GLFW_KEY_C:
            // What `meshgrad code` prints: a scene as a whole view.
            let code = editor.document.swiftUICode(viewName: swiftViewName(for: label))
            window.setClipboard(code)
            output(code)
            output("meshgrad preview: SwiftUI code copied to the clipboard\n")
        case GLFW_KEY_H:
            panelsVisible.toggle()
            settleFrames = max(settleFrames, 3)
        case GLFW_KEY_F1,
            GLFW_KEY_SLASH where shift:
            helpVisible.toggle()
            // An ImGui window that fits its content is drawn from its second frame.
            settleFrames = max(settleFrames, 3)
            if helpVisible { output(KeyBindings.help + "\n") }
        default:
            needsRedraw = false
        }
    }
}

/// A vertex or handle being dragged.
struct Drag {
    var target: Selection
    /// Where on the point the cursor took it (mesh units).
    var grab: SIMD2<Double>
    /// Alt: a Bézier vertex moves with its handles.
    var withHandles: Bool
    /// A vertex of the group: the whole group moves with it.
    var movesGroup = false
    /// Shift on a vertex: a click (no motion) adds it to the group or takes
    /// it out; a drag moves it, snapped.
    var togglesOnClick = false
    /// Whether the pointer has moved the point yet.
    var moved = false
}

extension PreviewSession {
    /// R: a new random mesh of the current size. The one place the preview
    /// asks for a random gradient.
    /// A new mesh from `meshgrad random`'s generator; `walkingHarmonies`
    /// (Shift-R) takes the harmonies in order, one per press, and says which.
    /// Otherwise the Generate panel's harmony and theme apply.
    func randomize(walkingHarmonies: Bool = false) {
        randomSeed &+= 1
        let choice = generatorChoice
        let harmony =
            walkingHarmonies ? Harmony.allCases[Int(randomSeed % UInt64(Harmony.allCases.count))] : choice.harmony
        editor.randomize(seed: randomSeed, harmony: harmony, theme: choice.theme)
        if walkingHarmonies, let harmony {
            output("meshgrad preview: random \(harmony.rawValue), seed \(randomSeed)\n")
            say("random \(harmony.rawValue), seed \(randomSeed)")
        }
    }

    /// A key that does nothing here says why: in the status line, and on
    /// the terminal (once in a row), where panels are hidden.
    func refuse(_ message: String) {
        if status?.message != message || status!.until < Date() { output("meshgrad preview: \(message)\n") }
        say(message)
    }

    /// Keys that need a mesh, or a selected vertex, do nothing without one
    /// and say why in the status line.
    func refusesForSelection(_ key: Int32, control: Bool) -> Bool {
        guard !control else { return false }
        let needsMesh: Set<Int32> = [
            GLFW_KEY_TAB, GLFW_KEY_B, GLFW_KEY_I, GLFW_KEY_M, GLFW_KEY_P, GLFW_KEY_G, GLFW_KEY_R, GLFW_KEY_Q,
            GLFW_KEY_W,
            GLFW_KEY_A, GLFW_KEY_S, GLFW_KEY_Z, GLFW_KEY_X, GLFW_KEY_LEFT, GLFW_KEY_RIGHT, GLFW_KEY_UP, GLFW_KEY_DOWN,
        ]
        let needsSelection: Set<Int32> = [
            GLFW_KEY_Q, GLFW_KEY_W, GLFW_KEY_A, GLFW_KEY_S, GLFW_KEY_Z, GLFW_KEY_X, GLFW_KEY_LEFT, GLFW_KEY_RIGHT,
            GLFW_KEY_UP, GLFW_KEY_DOWN,
        ]
        if needsMesh.contains(key) && editor.mesh == nil {
            refuse("no mesh to edit: this scene has no mesh layer")
            return true
        }
        let moves: Set<Int32> = [GLFW_KEY_LEFT, GLFW_KEY_RIGHT, GLFW_KEY_UP, GLFW_KEY_DOWN, GLFW_KEY_G]
        if moves.contains(key), case .layer(let k)? = editor.target, editor.isLocked(layer: k) {
            refuse("layer \(k) is locked: unlock it in the Layers panel to move its points")
            return true
        }
        if needsSelection.contains(key) && editor.selection == nil {
            refuse("select a vertex first (click it, or Tab), or B for the background")
            return true
        }
        return false
    }
}
