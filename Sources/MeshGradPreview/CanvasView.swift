import MeshGradCore

/// Where the canvas is drawn in the window. With the panels hidden it
/// fills the window, as `meshgrad render` draws it. With the panels shown
/// it sits inside a margin, so that border vertices and handles outside
/// the unit square can be grabbed, and it zooms (scroll wheel) and pans
/// (middle or right drag) about that.
struct CanvasView {
    /// Top-left corner and size in framebuffer pixels (y down).
    var origin: SIMD2<Double>
    var size: SIMD2<Double>

    /// The margin round the canvas with the panels shown, in screen units.
    static let margin = 56.0
    static let zoomRange = 0.25...4.0

    static func full(_ framebuffer: SIMD2<Double>) -> CanvasView {
        CanvasView(origin: .zero, size: framebuffer)
    }

    /// The canvas inside a margin, scaled by `zoom` about the window's
    /// center and moved by `pan` pixels; the window's aspect kept.
    static func inset(_ framebuffer: SIMD2<Double>, scale: Double, zoom: Double, pan: SIMD2<Double>) -> CanvasView {
        let margin = Self.margin * scale
        let fit = max(
            0.1, min((framebuffer.x - 2 * margin) / framebuffer.x, (framebuffer.y - 2 * margin) / framebuffer.y))
        let size = framebuffer * fit * zoom
        return CanvasView(
            origin: ((framebuffer - size) / 2 + pan).rounded(.down), size: size.rounded(.toNearestOrAwayFromZero))
    }

    var isFull: Bool { origin == .zero }

    /// A canvas point (unit square) in framebuffer pixels, and back.
    func pixels(_ p: SIMD2<Double>) -> SIMD2<Double> { origin + p * size }
    func units(_ q: SIMD2<Double>) -> SIMD2<Double> { (q - origin) / SIMD2(max(size.x, 1), max(size.y, 1)) }
}
