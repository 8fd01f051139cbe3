import Foundation
import MeshGradCore
import MeshGradEditor

extension PreviewSession {
    /// The frame the edited mesh is drawn in, in canvas units: the whole
    /// canvas for a mesh document, the layer's frame (as animated now) for
    /// a scene's mesh layer.
    var meshFrame: UnitRect {
        guard case .layer(let k)? = editor.target, let scene = editor.document.scene, scene.layers.indices.contains(k)
        else { return .full }
        return scene.layers[k].state(at: clock.time).frame
    }

    /// A point of the edited mesh's unit square, in canvas units.
    func canvasPoint(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let f = meshFrame
        return SIMD2(f.x, f.y) + p * SIMD2(f.width, f.height)
    }

    /// A canvas point in the edited mesh's unit square.
    func meshPoint(_ q: SIMD2<Double>) -> SIMD2<Double> {
        let f = meshFrame
        return (q - SIMD2(f.x, f.y)) / SIMD2(max(f.width, 1e-9), max(f.height, 1e-9))
    }

    /// Vertex markers, and with the overlay on, the mesh edges and every
    /// handle (inferred ones for a `points` mesh); the selected layer's
    /// frame with its resize corner.
    func buildOverlay(width: Int, height: Int) {
        overlay.clear()
        let view = canvasView
        func px(_ p: SIMD2<Double>) -> SIMD2<Float> { SIMD2<Float>(view.pixels(canvasPoint(p))) }
        if !view.isFull { canvasOutline(view) }
        if let k = layerView.selected { layerFrameOverlay(k, view: view) }
        if let marquee = gestures.marquee { marqueeOverlay(marquee.start, marquee.end, view: view) }
        snapGuideOverlay(px)
        guard let mesh = displayedMesh else { return }
        let white = SIMD4<Float>(1, 1, 1, 0.9)
        let shadow = SIMD4<Float>(0, 0, 0, 0.55)
        let accent = SIMD4<Float>(1, 0.8, 0.1, 1)
        let points = mesh.bezierPoints
        if gestures.showsOverlay {
            meshEdges(mesh, px)
            let explicit = editor.hasExplicitHandles
            let handleColor = explicit ? SIMD4<Float>(0.6, 0.85, 1, 1) : SIMD4<Float>(0.75, 0.75, 0.8, 0.9)
            for p in points {
                for handle in [p.leading, p.top, p.trailing, p.bottom] where handle != p.position {
                    overlay.line(
                        from: px(p.position), to: px(handle), width: 1.5, color: handleColor * SIMD4(1, 1, 1, 0.8))
                    overlay.square(at: px(handle), size: 6, color: handleColor)
                }
            }
            for (i, p) in points.enumerated() where editor.selection?.vertex != i {
                overlay.square(at: px(p.position), size: 10, color: shadow)
                overlay.square(at: px(p.position), size: 7, color: white)
            }
        }
        if let selected = editor.selection?.vertex, selected < points.count {
            if case .handle(_, let handle) = editor.selection, let h = displayedPosition(of: .handle(selected, handle))
            {
                overlay.square(at: SIMD2<Float>(view.pixels(h)), size: 10, color: accent)
            }
            let p = px(points[selected].position)
            overlay.square(at: p, size: 14, color: shadow)
            overlay.square(at: p, size: 10, color: accent)
        }
        // The rest of the group: accent squares, a size smaller.
        for i in editor.group where i < points.count && i != editor.selection?.vertex {
            overlay.square(at: px(points[i].position), size: 12, color: shadow)
            overlay.square(at: px(points[i].position), size: 8, color: accent)
        }
    }

    /// The marquee being drawn: its outline, dark under light.
    func marqueeOverlay(_ start: SIMD2<Double>, _ end: SIMD2<Double>, view: CanvasView) {
        let corners = [start, SIMD2(end.x, start.y), end, SIMD2(start.x, end.y)].map { SIMD2<Float>(view.pixels($0)) }
        for i in 0..<4 {
            overlay.line(from: corners[i], to: corners[(i + 1) % 4], width: 3, color: SIMD4(0, 0, 0, 0.5))
            overlay.line(from: corners[i], to: corners[(i + 1) % 4], width: 1, color: SIMD4(1, 1, 1, 0.9))
        }
    }

    /// The guides through the point a dragged vertex snapped to, across
    /// the canvas (magenta, as design tools draw them).
    func snapGuideOverlay(_ px: (SIMD2<Double>) -> SIMD2<Float>) {
        let guide = SIMD4<Float>(1, 0.2, 0.6, 0.95)
        // On a pixel's center, so that the 1-pixel line is one column or row.
        func crisp(_ v: Float) -> Float { v.rounded(.down) + 0.5 }
        if let x = gestures.snapGuides.x {
            let a = px(SIMD2(x, -0.05))
            let b = px(SIMD2(x, 1.05))
            overlay.line(from: SIMD2(crisp(a.x), a.y), to: SIMD2(crisp(b.x), b.y), width: 1, color: guide)
        }
        if let y = gestures.snapGuides.y {
            let a = px(SIMD2(-0.05, y))
            let b = px(SIMD2(1.05, y))
            overlay.line(from: SIMD2(a.x, crisp(a.y)), to: SIMD2(b.x, crisp(b.y)), width: 1, color: guide)
        }
    }

    func meshEdges(_ mesh: MeshGradient, _ px: (SIMD2<Double>) -> SIMD2<Float>) {
        for net in PatchNets(mesh).geometry {
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
    }

    /// A dashed-looking outline (two lines, dark and light) and the corner
    /// square that resizes.
    func layerFrameOverlay(_ k: Int, view: CanvasView) {
        guard let scene = editor.document.scene, scene.layers.indices.contains(k) else { return }
        let f = scene.layers[k].state(at: clock.time).frame
        let corners = [
            SIMD2(f.x, f.y), SIMD2(f.x + f.width, f.y), SIMD2(f.x + f.width, f.y + f.height),
            SIMD2(f.x, f.y + f.height),
        ]
        .map { SIMD2<Float>(view.pixels($0)) }
        for i in 0..<4 {
            overlay.line(from: corners[i], to: corners[(i + 1) % 4], width: 3, color: SIMD4(0, 0, 0, 0.6))
            overlay.line(from: corners[i], to: corners[(i + 1) % 4], width: 1.5, color: SIMD4(1, 0.8, 0.1, 1))
        }
        overlay.square(at: corners[2], size: 12, color: SIMD4(0, 0, 0, 0.6))
        overlay.square(at: corners[2], size: 9, color: SIMD4(1, 0.8, 0.1, 1))
    }

    /// A thin line round the canvas where it does not fill the window.
    func canvasOutline(_ view: CanvasView) {
        let corners = [SIMD2(0.0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)].map { SIMD2<Float>(view.pixels($0)) }
        for i in 0..<4 {
            overlay.line(from: corners[i], to: corners[(i + 1) % 4], width: 1, color: SIMD4(1, 1, 1, 0.25))
        }
    }

    /// Scroll: zoom the canvas about the cursor (panels shown).
    func scrolled(_ dy: Double) {
        guard panelsVisible, !panelsHaveMouse, dy.isFinite, dy != 0 else { return }
        let before = canvasView
        let here = navigation.cursor * pixelScale
        let anchor = before.units(here)
        let zoomed = navigation.zoom * pow(1.15, dy)
        navigation.zoom = min(max(zoomed, CanvasView.zoomRange.lowerBound), CanvasView.zoomRange.upperBound)
        let after = canvasView
        // Keep the canvas point under the cursor where it was.
        navigation.pan += here - after.pixels(anchor)
        needsRedraw = true
    }

    func panButton(pressed: Bool) {
        navigation.panning = pressed && panelsVisible && !panelsHaveMouse ? (navigation.cursor, navigation.pan) : nil
    }
}
