import CGLFW
import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor

/// Mouse and keyboard: GLFW's C callbacks find their session through the
/// window's user pointer and call these methods.
extension PreviewSession {
    func installCallbacks() {
        let handle = window.handle
        glfwSetWindowUserPointer(handle, Unmanaged.passUnretained(self).toOpaque())
        glfwSetKeyCallback(handle) { window, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let session = PreviewSession.from(window) else {
                return
            }
            session.key(key, shift: mods & GLFW_MOD_SHIFT != 0, control: mods & GLFW_MOD_CONTROL != 0)
        }
        glfwSetMouseButtonCallback(handle) { window, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, let session = PreviewSession.from(window) else { return }
            if action == GLFW_PRESS { session.mouseDown() } else if action == GLFW_RELEASE { session.mouseUp() }
        }
        glfwSetCursorPosCallback(handle) { window, x, y in
            PreviewSession.from(window)?.mouseMoved(x: x, y: y)
        }
        glfwSetFramebufferSizeCallback(handle) { window, _, _ in
            PreviewSession.from(window)?.needsRedraw = true
        }
        glfwSetWindowRefreshCallback(handle) { window in
            PreviewSession.from(window)?.needsRedraw = true
        }
        installPhotoDrop()
    }

    static func from(_ window: OpaquePointer?) -> PreviewSession? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<PreviewSession>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Framebuffer pixels per screen unit (2 on a HiDPI screen).
    var pixelScale: SIMD2<Double> {
        let (fw, fh) = window.framebufferSize
        let (ww, wh) = window.windowSize
        return SIMD2(Double(fw) / Double(max(ww, 1)), Double(fh) / Double(max(wh, 1)))
    }

    /// The cursor in the unit square of the canvas.
    var cursorInUnits: SIMD2<Double> {
        let (fw, fh) = window.framebufferSize
        return cursor * pixelScale / SIMD2(Double(max(fw, 1)), Double(max(fh, 1)))
    }

    // MARK: - Mouse

    /// Where a vertex or handle is drawn now (animation included).
    func displayedPosition(of target: Selection) -> SIMD2<Double>? {
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

    /// The vertex or handle under the cursor, if one is within 12 px.
    func pick() -> Selection? {
        let (fw, fh) = window.framebufferSize
        let canvas = SIMD2(Double(fw), Double(fh))
        let here = cursorInUnits * canvas
        guard let mesh = editor.mesh?.mesh else { return nil }
        var candidates: [Selection] = (0..<(mesh.width * mesh.height)).map { .vertex($0) }
        if showsOverlay, case .bezierPoints = mesh.locations {
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

    func mouseDown() {
        guard let target = pick(), let shown = displayedPosition(of: target) else {
            editor.selection = nil
            needsRedraw = true
            return
        }
        editor.selection = target
        if editor.document.isAnimated { playing = false }
        editor.beginGesture()
        dragging = (target, cursorInUnits - shown)
        needsRedraw = true
    }

    func mouseMoved(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        cursor = SIMD2(x, y)
        guard let (target, grab) = dragging, let shown = displayedPosition(of: target),
            let base = editor.position(of: target)
        else { return }
        // Move the document's point so that the drawn point follows the
        // cursor (they differ by the animation's offset, if any).
        editor.move(target, to: base + (cursorInUnits - grab - shown))
        needsRedraw = true
    }

    func mouseUp() {
        guard dragging != nil else { return }
        dragging = nil
        editor.endGesture()
        needsRedraw = true
    }

    // MARK: - Keys

    func key(_ key: Int32, shift: Bool, control: Bool) {
        needsRedraw = true
        let vertexCount = editor.mesh.map { $0.mesh.width * $0.mesh.height } ?? 0
        let (fw, fh) = window.framebufferSize
        let pixel = SIMD2(1 / Double(max(fw, 1)), 1 / Double(max(fh, 1))) * (shift ? 10 : 1)
        switch key {
        case GLFW_KEY_Z where control:
            if shift { editor.redo() } else { editor.undo() }
        case GLFW_KEY_Y where control:
            editor.redo()
        case GLFW_KEY_S where control:
            save(asNewFile: shift)
        case GLFW_KEY_Q where control:
            window.shouldClose = true
        case GLFW_KEY_TAB where vertexCount > 0:
            let current = editor.selection?.vertex ?? (shift ? 0 : -1)
            editor.selection = .vertex((current + (shift ? -1 : 1) + vertexCount) % vertexCount)
        case GLFW_KEY_ESCAPE:
            editor.selection = nil
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
        case GLFW_KEY_R:
            randomSeed &+= 1
            // Shift-R walks the harmonies in order, one per press.
            let harmony = shift ? Harmony.allCases[Int(randomSeed % UInt64(Harmony.allCases.count))] : nil
            editor.randomize(seed: randomSeed, harmony: harmony)
            if let harmony { output("meshgrad preview: random \(harmony.rawValue), seed \(randomSeed)\n") }
        case GLFW_KEY_N: editor.toggleGrain()
        case GLFW_KEY_O: showsOverlay.toggle()
        case GLFW_KEY_SPACE: playing.toggle()
        case GLFW_KEY_PERIOD:
            playing = false
            time += 1.0 / 30
        case GLFW_KEY_COMMA:
            playing = false
            time -= 1.0 / 30
        case GLFW_KEY_LEFT_BRACKET: speed /= 2
        case GLFW_KEY_RIGHT_BRACKET: speed *= 2
        case GLFW_KEY_E: exportPNG()
        case GLFW_KEY_C:
            // What `meshgrad code` prints: a scene as a whole view.
            let code = editor.document.swiftUICode(viewName: swiftViewName(for: label))
            window.setClipboard(code)
            output(code)
            output("meshgrad preview: SwiftUI code copied to the clipboard\n")
        case GLFW_KEY_H, GLFW_KEY_F1:
            output(KeyBindings.help + "\n")
        default:
            needsRedraw = false
        }
    }
}
