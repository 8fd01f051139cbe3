/// The file rule's question for one patch (mesh-math §6): does it keep
/// within the tolerances at level `N`, and what is the smallest `N` at
/// which it does. The patch-wide bound answers at once (it shrinks as
/// `1/N²`, so its smallest level is a square root); where it fails, the
/// cells answer (``CellBounds``), which costs `N²` cell checks, so they are
/// searched from a prediction (see ``smallestLevel(patch:from:cap:)``).
final class ProvenLevelRule {
    let nets: PatchNets
    let tolerance: TessellationLevel
    /// Per patch: the patch-wide bound (`e · N²`, pixels) and the deviation
    /// it must stay under.
    let patchWide: [(bound: Double, tolerance: Double)]
    /// Each patch's geometry net in pixels.
    let geometry: [[SIMD2<Double>]]
    /// Per patch: the smallest level at which its part of the silhouette
    /// holds (``TessellationLevel/borderLevel(_:patch:scale:cap:)``; 1
    /// inside), below which neither bound is asked.
    let borderLevels: [Int]
    private var cells: [Int: CellBounds] = [:]
    /// `(patch, level)` pairs the cells already proved (`patch << 8 | level`):
    /// the final check of every patch at the mesh's level need not repeat
    /// the search's last, most expensive, check.
    private var proven: Set<Int> = []

    init(nets: PatchNets, scale: SIMD2<Double>, tolerance: TessellationLevel) {
        self.nets = nets
        self.tolerance = tolerance
        patchWide = (0..<nets.count).map { k in
            (
                bound: tolerance.flatnessBound(nets.geometry[k], scale: scale),
                tolerance: tolerance.allowedDeviation(
                    colorChange: tolerance.colorChangePerPixel(nets, patch: k, scale: scale))
            )
        }
        geometry = nets.geometry.map { net in net.points.map { $0 * scale } }
        borderLevels = (0..<nets.count).map {
            tolerance.borderLevel(nets, patch: $0, scale: scale, cap: TessellationLevel.maximum)
        }
    }

    /// Whether patch `k` keeps within the tolerances at level `n`, by
    /// either proof.
    func holds(patch k: Int, level n: Int) -> Bool {
        guard n >= borderLevels[k] else { return false }
        if patchWide[k].bound / Double(n * n) <= patchWide[k].tolerance { return true }
        guard tolerance.judgesCells else { return false }
        return cellsHold(patch: k, level: n)
    }

    /// The smallest level `≥ from` (and `≤ cap`) at which patch `k` holds,
    /// near enough: the patch-wide bound's, or a lower one the cells prove.
    /// A cell's bound shrinks about as `1/N²`, so the worst cell's ratio at
    /// one level predicts the level that brings it to 1; two or three
    /// checks instead of a bisection's six or seven.
    func smallestLevel(patch k: Int, from low: Int, cap: Int) -> Int {
        let low = min(max(low, borderLevels[k]), cap)
        let patchWideLevel = self.patchWideLevel(patch: k, cap: cap)
        guard patchWideLevel > low, tolerance.judgesCells else { return max(low, patchWideLevel) }
        var n = max(low, patchWideLevel / 2)
        while n < patchWideLevel {
            let ratio = worstCellRatio(patch: k, level: n)
            if ratio <= 1 { return n }
            let predicted = Int(min(Double(n) * ratio.squareRoot(), Double(patchWideLevel)).rounded(.up))
            n = max(n + 1, predicted)
        }
        return patchWideLevel
    }

    /// The smallest `N ≤ cap` with `bound / N² ≤ tolerance` (`cap` when
    /// none is, or the bound is not a number).
    func patchWideLevel(patch k: Int, cap: Int) -> Int {
        let (bound, allowed) = patchWide[k]
        let root = (bound / allowed).squareRoot()
        guard root < Double(cap) else { return cap }
        var n = max(1, Int(root.rounded(.up)))
        while n < cap && bound / Double(n * n) > allowed { n += 1 }
        return n
    }

    func cellsHold(patch k: Int, level n: Int) -> Bool {
        proven.contains(k << 8 | n) || worstCellRatio(patch: k, level: n) <= 1
    }

    /// ``CellBounds/worstRatio(geometry:colors:tolerance:finish:)`` of patch `k` at level `n`.
    func worstCellRatio(patch k: Int, level n: Int) -> Double {
        if cells[n] == nil { cells[n] = CellBounds(level: n) }
        let space = nets.colorSpace
        // The single-precision finish (a table, not `pow`): the rule's
        // color change is an estimate, and this is its inner loop.
        let ratio = cells[n]!.worstRatio(geometry: geometry[k], colors: nets.colors[k].points, tolerance: tolerance) {
            SIMD4<Double>(finishColor(SIMD4<Float>($0), in: space))
        }
        if ratio <= 1 { proven.insert(k << 8 | n) }
        return ratio
    }
}
