import MeshGradCore

/// Where the canvas is drawn in the window: the artboard. It has the
/// document's own aspect (a sized document's; a mesh without a size takes
/// the space it is given), centered in the space the docked panels leave
/// (``DockedPanels``) or, with the panels hidden, in the window, and it
/// zooms (scroll wheel) and pans (middle or right drag) about that. With
/// the panels shown it keeps a margin, so that border vertices and handles
/// outside the unit square can be grabbed.
struct CanvasView {
    /// Top-left corner and size in framebuffer pixels (y down).
    var origin: SIMD2<Double>
    var size: SIMD2<Double>

    /// The margin round the canvas with the panels shown, in screen units.
    static let margin = 24.0
    static let zoomRange = 0.25...4.0

    static func full(_ framebuffer: SIMD2<Double>) -> CanvasView {
        CanvasView(origin: .zero, size: framebuffer)
    }

    /// The artboard in `space` (origin and size, framebuffer pixels) less
    /// `margin` pixels, at `aspect` (width over height; nil: the space's
    /// own), scaled by `zoom` about the space's center and moved by `pan`.
    static func artboard(
        in space: (origin: SIMD2<Double>, size: SIMD2<Double>), margin: Double, aspect: Double?, zoom: Double,
        pan: SIMD2<Double>
    ) -> CanvasView {
        let room = SIMD2(max(1, space.size.x - 2 * margin), max(1, space.size.y - 2 * margin))
        var fitted = room
        if let aspect, aspect.isFinite, aspect > 0 {
            fitted = room.x / room.y > aspect ? SIMD2(room.y * aspect, room.y) : SIMD2(room.x, room.x / aspect)
        }
        let size = SIMD2(max(1, fitted.x * zoom), max(1, fitted.y * zoom))
        let center = space.origin + space.size / 2
        return CanvasView(
            origin: (center - size / 2 + pan).rounded(.down), size: size.rounded(.toNearestOrAwayFromZero))
    }

    /// The zoom and pan that show the canvas region `low…high` (unit
    /// square) centered and as large as fits with room round it: a region
    /// counted at least a tenth of the canvas, then half as large again.
    /// `fitted` is the artboard's size at zoom 1.
    static func framing(
        _ low: SIMD2<Double>, _ high: SIMD2<Double>, fitted: SIMD2<Double>
    ) -> (zoom: Double, pan: SIMD2<Double>) {
        let extent = max((high - low).max(), 0.1) * 1.5
        let zoom = min(max(1 / extent, zoomRange.lowerBound), zoomRange.upperBound)
        let center = (low + high) / 2
        return (zoom, fitted * zoom * (0.5 - center))
    }

    var isFull: Bool { origin == .zero }

    /// A canvas point (unit square) in framebuffer pixels, and back.
    func pixels(_ p: SIMD2<Double>) -> SIMD2<Double> { origin + p * size }
    func units(_ q: SIMD2<Double>) -> SIMD2<Double> { (q - origin) / SIMD2(max(size.x, 1), max(size.y, 1)) }
}
