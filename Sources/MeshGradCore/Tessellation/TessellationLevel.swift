/// Chooses the one subdivision level `N` of a mesh (mesh-math §6): a power
/// of two, 1…128, the same for every patch so that neighbours share their
/// edge vertices and no crack can open.
///
/// Two tolerances decide. Geometry: triangles may deviate from the exact
/// surface by at most `geometricTolerance` pixels. Color: the deviation
/// shifts `(u, v)`, so its product with the color's change per pixel must
/// stay under `colorTolerance` (in 0…1 units; 0.5/255 by default).
public struct TessellationLevel: Sendable {
    public static let maximum = 128

    public var geometricTolerance: Double = 0.25
    public var colorTolerance: Double = 0.5 / 255
    /// The color rule never asks for less than this deviation (pixels).
    /// Below 1/32 px the rule only matters where the color changes by more
    /// than 16 levels per pixel, which is an edge, not a gradient; without
    /// the floor, a dense mesh of small, contrasting cells would demand
    /// N = 128 and tens of millions of triangles for no visible gain.
    public var minimumTolerance: Double = 1.0 / 32

    public init() {}

    /// For a live preview: triangles within a pixel of the surface and
    /// color within 2/255 of exact, which no one sees moving at 60 frames a
    /// second, for a quarter of the triangles (the rasterizer's cost per
    /// triangle bounds the frame rate of a CPU rasterizer like llvmpipe).
    public static let preview: TessellationLevel = {
        var level = TessellationLevel()
        level.geometricTolerance = 1
        level.colorTolerance = 2.0 / 255
        level.minimumTolerance = 1.0 / 8
        return level
    }()

    /// The level for `nets` drawn on a `canvasWidth × canvasHeight` canvas.
    public func level(for nets: PatchNets, canvasWidth: Int, canvasHeight: Int) -> Int {
        let scale = SIMD2(Double(canvasWidth), Double(canvasHeight))
        var level = 1
        for k in 0..<nets.count {
            let colorRule = colorTolerance / max(colorChangePerPixel(nets, patch: k, scale: scale), 1e-12)
            let tolerance = min(geometricTolerance, max(colorRule, minimumTolerance))
            let bound = flatnessBound(nets.geometry[k], scale: scale)
            while level < Self.maximum && bound / Double(level * level) > tolerance {
                level *= 2
            }
        }
        return level
    }

    /// `e · N²`: the largest distance between the bicubic surface and its
    /// `N × N` two-triangle tessellation, times `N²`.
    ///
    /// For linear interpolation on a grid of step `h = 1/N`, the error is at
    /// most `(h²/8)(M_uu + 2 M_uv + M_vv)` (Filip, Magedson and Markot 1986),
    /// and for a bicubic Bézier net `M_uu ≤ 6·max|Δ²ᵤp|`,
    /// `M_vv ≤ 6·max|Δ²ᵥp|`, `M_uv ≤ 9·max|ΔᵤΔᵥp|`.
    func flatnessBound(_ net: GeometryNet, scale: SIMD2<Double>) -> Double {
        func px(_ i: Int, _ j: Int) -> SIMD2<Double> { net[i, j] * scale }
        func length(_ p: SIMD2<Double>) -> Double { (p * p).sum().squareRoot() }
        var uu = 0.0
        var vv = 0.0
        var uv = 0.0
        for j in 0..<4 {
            for i in 0..<2 {
                uu = max(uu, length(px(i + 2, j) - 2 * px(i + 1, j) + px(i, j)))
                vv = max(vv, length(px(j, i + 2) - 2 * px(j, i + 1) + px(j, i)))
            }
        }
        for j in 0..<3 {
            for i in 0..<3 {
                uv = max(uv, length(px(i + 1, j + 1) - px(i + 1, j) - px(i, j + 1) + px(i, j)))
            }
        }
        return (6 * uu + 18 * uv + 6 * vv) / 8
    }

    /// An estimate of how fast the finished color changes per pixel inside
    /// patch `k`: the largest step of its color net (×3, the derivative of a
    /// cubic's Bernstein form) over the patch's shortest side in pixels.
    ///
    /// Perceptual nets are first finished to sRGB point by point, since their
    /// Lab steps say little about the output's steps.
    func colorChangePerPixel(_ nets: PatchNets, patch k: Int, scale: SIMD2<Double>) -> Double {
        let colorNet = nets.colors[k]
        let finished = colorNet.points.map { finishColor($0, in: nets.colorSpace) }
        func at(_ i: Int, _ j: Int) -> SIMD4<Double> { finished[j * 4 + i] }
        var stepU = 0.0
        var stepV = 0.0
        for j in 0..<4 {
            for i in 0..<3 {
                stepU = max(stepU, (at(i + 1, j) - at(i, j)).magnitudes.max())
                stepV = max(stepV, (at(j, i + 1) - at(j, i)).magnitudes.max())
            }
        }
        let g = nets.geometry[k]
        func chord(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            let d = (b - a) * scale
            return (d * d).sum().squareRoot()
        }
        let widthPx = min(chord(g[0, 0], g[3, 0]), chord(g[0, 3], g[3, 3]))
        let heightPx = min(chord(g[0, 0], g[0, 3]), chord(g[3, 0], g[3, 3]))
        return max(3 * stepU / max(widthPx, 1e-9), 3 * stepV / max(heightPx, 1e-9))
    }
}
