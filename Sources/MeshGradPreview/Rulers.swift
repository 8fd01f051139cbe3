import MeshGradEditor
import MeshGradImGui

extension PreviewSession {
    /// Rulers thick, in screen units, along the top and the left of the
    /// space the panels leave (inside the artboard's margin, so that they
    /// cover none of it at fit).
    static let rulerThickness = 18.0

    /// The canvas's size in its own pixels: the document's, or the size a
    /// mesh without one exports at (its points map to those pixels).
    var rulerCanvasSize: SIMD2<Int> {
        let size = editor.document.size ?? options.exportSize
        return SIMD2(size.width, size.height)
    }

    /// Draws both rulers under the panels: ticks and numbers in canvas
    /// pixels, the canvas's extent lighter, the pointer's place marked.
    func drawRulers() {
        let docked = DockedPanels(width: Double(mgui_display_width()), height: Double(mgui_display_height()))
        let free = docked.free
        let view = canvasView
        let scale = pixelScale
        let origin = view.origin / scale
        let size = view.size / scale
        let t = Self.rulerThickness
        let top = SIMD4(free.x, free.y, free.z, t)
        let left = SIMD4(free.x, free.y, t, free.w)
        rulerRects = ["top": top, "left": left]
        let pixels = rulerCanvasSize
        drawRuler(top, horizontal: true, start: origin.x, length: size.x, pixels: pixels.x, cursor: navigation.cursor.x)
        drawRuler(
            left, horizontal: false, start: origin.y, length: size.y, pixels: pixels.y, cursor: navigation.cursor.y)
        // The corner where they meet.
        mgui_under_rect(Float(free.x), Float(free.y), Float(t), Float(t), RulerColors.corner)
    }

    /// One ruler in `rect` (screen units): the canvas runs from `start`
    /// for `length` units along it, `pixels` canvas pixels long.
    private func drawRuler(
        _ rect: SIMD4<Double>, horizontal: Bool, start: Double, length: Double, pixels: Int, cursor: Double
    ) {
        mgui_under_rect(Float(rect.x), Float(rect.y), Float(rect.z), Float(rect.w), RulerColors.background)
        let (along, across) = horizontal ? (rect.x, rect.y) : (rect.y, rect.x)
        let extent = horizontal ? rect.z : rect.w
        let t = Self.rulerThickness
        let perPixel = length / Double(max(pixels, 1))
        func place(_ position: Double) -> Double { start + position * perPixel }
        // The canvas's own extent, lighter.
        let low = max(along, start)
        let high = min(along + extent, start + length)
        if high > low {
            let r = horizontal ? (low, across, high - low, t) : (across, low, t, high - low)
            mgui_under_rect(Float(r.0), Float(r.1), Float(r.2), Float(r.3), RulerColors.canvas)
        }
        let scale = RulerScale(canvasPixels: pixels, length: length, minimumGap: horizontal ? 60 : 72)
        let visible = ((along - start) / perPixel, (along + extent - start) / perPixel)
        for tick in scale.ticks(from: visible.0, to: visible.1) {
            let p = place(Double(tick.pixel)).rounded(.down)
            let reach = tick.major ? t : t * 0.3
            line(horizontal, p, from: across + t - reach, to: across + t, RulerColors.tick)
            guard tick.major else { continue }
            // Numbers read along the top ruler and down the left one (a
            // digit a line), just past their tick.
            let text = horizontal ? "\(tick.pixel)" : "\(tick.pixel)".map(String.init).joined(separator: "\n")
            let at = horizontal ? (p + 3, across + 1) : (across + 3, p + 2)
            // Not into the corner where the rulers meet.
            guard (horizontal ? at.0 : at.1) >= along + t else { continue }
            mgui_under_text(Float(at.0), Float(at.1), 11, RulerColors.label, text)
        }
        if cursor >= along && cursor <= along + extent {
            line(horizontal, cursor.rounded(.down), from: across, to: across + t, RulerColors.pointer)
        }
    }

    /// A crisp one-pixel line across the ruler at `p` (a filled
    /// rectangle: ImGui's lines are anti-aliased across two pixels).
    private func line(_ horizontal: Bool, _ p: Double, from a: Double, to b: Double, _ color: [Float]) {
        if horizontal {
            mgui_under_rect(Float(p), Float(a), 1, Float(b - a), color)
        } else {
            mgui_under_rect(Float(a), Float(p), Float(b - a), 1, color)
        }
    }
}

/// The rulers' colors (straight RGBA, 0…1).
enum RulerColors {
    static let background: [Float] = [0.15, 0.15, 0.16, 1]
    static let canvas: [Float] = [0.22, 0.22, 0.24, 1]
    static let corner: [Float] = [0.12, 0.12, 0.13, 1]
    static let tick: [Float] = [0.62, 0.62, 0.66, 1]
    static let label: [Float] = [0.78, 0.78, 0.82, 1]
    static let pointer: [Float] = [1, 0.25, 0.55, 1]
}
