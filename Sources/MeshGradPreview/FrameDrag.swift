import CGLFW
import MeshGradCore

/// A scene layer's frame being moved or resized on the canvas.
struct FrameDrag {
    enum Mode { case move, resize }
    var layer: Int
    var mode: Mode
    /// The cursor and the frame when the drag began (canvas units).
    var start: SIMD2<Double>
    var frame: UnitRect
}

extension PreviewSession {
    /// A press that picked no vertex: on the selected layer's resize corner
    /// or inside its frame starts a frame drag; elsewhere on a scene it
    /// selects the topmost layer there. Locked layers are passed through.
    /// True when it did either.
    func beginFrameDrag() -> Bool {
        guard let scene = editor.document.scene else { return false }
        let here = cursorInUnits
        let canvas = canvasPixels
        if let k = layerView.selected, scene.layers.indices.contains(k), !scene.layers[k].locked {
            let f = scene.layers[k].state(at: clock.time).frame
            let corner = SIMD2(f.x + f.width, f.y + f.height)
            let d = (corner - here) * canvas
            if (d * d).sum().squareRoot() <= 12 * pixelScale.x {
                startFrameDrag(k, .resize, frame: scene.layers[k].frame)
                return true
            }
            if f.contains(here) {
                startFrameDrag(k, .move, frame: scene.layers[k].frame)
                return true
            }
        }
        guard
            let k = scene.layers.indices.reversed().first(where: {
                !scene.layers[$0].locked && scene.layers[$0].state(at: clock.time).frame.contains(here)
            })
        else {
            layerView.selected = nil
            return false
        }
        selectLayer(k)
        startFrameDrag(k, .move, frame: scene.layers[k].frame)
        return true
    }

    func startFrameDrag(_ k: Int, _ mode: FrameDrag.Mode, frame: UnitRect) {
        if let stack = editor.stackHolding(layer: k) {
            // Its frame is the stack's: dragging would change nothing.
            say("layer \(k) is placed by a \(stack.axis.rawValue): edit the stack's spacing, padding and alignment in the Layers panel")
            return
        }
        if editor.document.isAnimated { clock.playing = false }
        editor.beginGesture()
        gestures.draggingFrame = FrameDrag(layer: k, mode: mode, start: cursorInUnits, frame: frame)
    }

    /// Follows the cursor; Shift snaps the moved edge or origin to the grid.
    func dragFrame(shift: Bool) {
        guard let drag = gestures.draggingFrame else { return }
        let delta = cursorInUnits - drag.start
        var f = drag.frame
        func snap(_ v: Double) -> Double { shift ? (v / Self.snapStep).rounded() * Self.snapStep : v }
        switch drag.mode {
        case .move:
            f.x = snap(f.x + delta.x)
            f.y = snap(f.y + delta.y)
        case .resize:
            f.width = snap(f.x + f.width + delta.x) - f.x
            f.height = snap(f.y + f.height + delta.y) - f.y
        }
        editor.setFrame(ofLayer: drag.layer, to: f)
        needsRedraw = true
    }
}

extension UnitRect {
    func contains(_ p: SIMD2<Double>) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }
}
