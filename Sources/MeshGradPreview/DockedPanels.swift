/// Where the panels sit, docked: the Document panel along the left edge,
/// the Edit panel along the right, the status line along the bottom, each
/// placed every frame (they cannot be dragged over the picture), and the
/// artboard's space, what they leave. In screen units, y down.
struct DockedPanels {
    /// `(x, y, width, height)`.
    typealias Rect = SIMD4<Double>

    /// Panels at most this wide; in a window narrower than 1240 units each
    /// takes a quarter of it (at least 180), so that half is the artboard's.
    static let panelWidth = 300.0
    static let gap = 10.0
    static let statusHeight = 28.0

    let left: Rect
    let right: Rect
    let status: Rect
    /// Between the panels and above the status line.
    let free: Rect

    init(width: Double, height: Double) {
        let gap = Self.gap
        let side = min(Self.panelWidth, max(180, (width - 3 * gap) / 4))
        let tall = max(100, height - Self.statusHeight - 2 * gap)
        left = Rect(gap, gap, side, tall)
        right = Rect(max(2 * gap + side, width - side - gap), gap, side, tall)
        status = Rect(0, height - Self.statusHeight, width, Self.statusHeight)
        let freeX = left.x + left.z + gap
        free = Rect(freeX, gap, max(1, right.x - gap - freeX), max(1, status.y - 2 * gap))
    }
}
