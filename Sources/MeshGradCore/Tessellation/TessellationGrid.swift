import Foundation

/// What a ``Tessellation`` shares with every other one of the same patch
/// count and level: its triangles' indices, each grid point's `(u, v)` and
/// the Bernstein weights of the grid's parameters. Only the positions
/// depend on where the points are, so an animation, or a preview whose
/// points are dragged, needs to compute only those from frame to frame
/// (``TessellationCache``); the indices are even the same array, shared
/// rather than copied.
public final class TessellationGrid: Sendable {
    public let patches: Int
    public let level: Int
    /// Three per triangle, in the order ``Tessellation`` documents.
    public let indices: [UInt32]
    /// `Float(i) / Float(level)` for `i` in `0...level`: a vertex's `u` or `v`.
    let parameters: [Float]
    /// `bernstein(Double(i) / Double(level))`: the weights of a cubic's
    /// control points at grid parameter `i`, the very values
    /// ``BezierNet/evaluate(u:v:)`` and ``cubicBezier(_:_:_:_:at:)`` compute.
    let basis: [SIMD4<Double>]

    public init(patches: Int, level n: Int) {
        precondition(patches >= 0 && n >= 1)
        self.patches = patches
        level = n
        parameters = (0...n).map { Float($0) / Float(n) }
        basis = (0...n).map { bernstein(Double($0) / Double(n)) }
        let side = n + 1
        let perPatch = 6 * n * n
        indices = [UInt32](unsafeUninitializedCapacity: patches * perPatch) { buffer, initialized in
            var at = 0
            for k in 0..<patches {
                let base = UInt32(k * side * side)
                for j in 0..<n {
                    for i in 0..<n {
                        let a = base + UInt32(j * side + i)
                        let b = a + 1
                        let c = a + UInt32(side)
                        let d = c + 1
                        buffer[at] = a
                        buffer[at + 1] = b
                        buffer[at + 2] = c
                        buffer[at + 3] = b
                        buffer[at + 4] = d
                        buffer[at + 5] = c
                        at += 6
                    }
                }
            }
            initialized = at
        }
    }
}

/// Keeps the last ``TessellationGrid`` (and the last level decided) for
/// frames that follow each other: give the same cache to every frame's
/// ``RenderPlan`` (through `FramePlan`) and a frame whose patch count and
/// level match the previous one's reuses its indices and weights, so its
/// tessellation costs only the vertex positions. Safe to share between
/// threads.
public final class TessellationCache: @unchecked Sendable {
    private let lock = NSLock()
    private var lastGrid: TessellationGrid?
    private var lastLevel: (key: LevelKey, level: Int)?

    public init() {}

    /// The grid for `patches` patches at `level`, made once and then kept.
    public func grid(patches: Int, level: Int) -> TessellationGrid {
        lock.lock()
        defer { lock.unlock() }
        if let grid = lastGrid, grid.patches == patches, grid.level == level { return grid }
        let grid = TessellationGrid(patches: patches, level: level)
        lastGrid = grid
        return grid
    }

    /// `tolerance`'s level for `nets` on the canvas, remembered for the
    /// last nets, canvas and tolerance: a frame whose mesh did not change
    /// (a paused or idle preview, a still stretch of an animation) decides
    /// nothing again. A mesh whose points or colors changed is decided
    /// afresh, since the level depends on both.
    public func level(
        for nets: PatchNets, canvasWidth: Int, canvasHeight: Int, tolerance: TessellationLevel
    ) -> Int {
        let key = LevelKey(nets: nets, width: canvasWidth, height: canvasHeight, tolerance: tolerance)
        lock.lock()
        if let last = lastLevel, last.key == key {
            lock.unlock()
            return last.level
        }
        lock.unlock()
        let level = tolerance.level(for: nets, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        lock.lock()
        lastLevel = (key, level)
        lock.unlock()
        return level
    }

    struct LevelKey: Equatable {
        var geometry: [GeometryNet]
        var colors: [ColorNet]
        var colorSpace: ColorSpace
        var columns: Int
        var width: Int
        var height: Int
        var tolerance: TessellationLevel

        init(nets: PatchNets, width: Int, height: Int, tolerance: TessellationLevel) {
            geometry = nets.geometry
            colors = nets.colors
            colorSpace = nets.colorSpace
            columns = nets.columns
            self.width = width
            self.height = height
            self.tolerance = tolerance
        }
    }
}
