// A triangle's set-up: its (u, v) planes in canvas coordinates and its
// exact edge functions.
//
// Twin of Shaders/mesh.geom, whose geometry stage computes the same planes
// from the same unsnapped vertices; the coverage test is what the GPU's
// rasterizer does in fixed function (mesh-math §7).

/// A triangle set up for the CPU rasterizer (mesh-math §7).
///
/// Vertices are snapped to 1/256 pixel, as GPUs do (`GL_SUBPIXEL_BITS` is 8
/// on Mesa and NVIDIA), and coverage is decided with exact 64-bit integer
/// edge functions, so ties on an edge follow the top-left rule without any
/// floating-point doubt. `(u, v)` is interpolated in single precision from
/// planes through the unsnapped vertices, as the GPU interpolates varyings.
struct RasterTriangle {
    static let subpixelBits: Int64 = 8
    static let subpixels: Int64 = 1 << subpixelBits
    /// Vertices farther than this from the canvas (in pixels) are clamped,
    /// which keeps every edge-function product inside 64 bits.
    static let guardBand: Double = 1_048_576

    /// Snapped vertices, ordered so that the signed area is positive,
    /// stored in 32 bits (the guard band keeps them below 2²⁹): the
    /// rasterizer reads a row's triangles from memory for every row, and
    /// at 76 bytes instead of 112 a triangle costs fewer cache misses.
    private var sx0, sy0, sx1, sy1, sx2, sy2: Int32
    private var sminY, smaxY: Int32
    /// Whether a pixel center exactly on edge 0→1, 1→2, 2→0 is inside.
    var tie01, tie12, tie20: Bool

    var x0: Int64 { Int64(sx0) }
    var y0: Int64 { Int64(sy0) }
    var x1: Int64 { Int64(sx1) }
    var y1: Int64 { Int64(sy1) }
    var x2: Int64 { Int64(sx2) }
    var y2: Int64 { Int64(sy2) }
    /// The smallest and largest snapped `y`: the rows a sample can fall
    /// inside (``rows(sampleY:)``).
    var minY: Int64 { Int64(sminY) }
    var maxY: Int64 { Int64(smaxY) }
    /// `u(x, y) = u0 + uPerX·(x - originX) + uPerY·(y - originY)` in canvas
    /// pixels, with the origin at the triangle's first vertex: the form
    /// `mesh.geom` computes, exact under translation.
    var originX, originY: Float
    var u0, uPerX, uPerY: Float
    var v0, vPerX, vPerY: Float
    var patch: Int32

    /// A placeholder that covers nothing (its rows are empty), for the slot
    /// of a triangle of zero area.
    static let empty = RasterTriangle()

    private init() {
        (sx0, sy0, sx1, sy1, sx2, sy2) = (0, 0, 0, 0, 0, 0)
        (sminY, smaxY) = (1, 0)
        (tie01, tie12, tie20) = (false, false, false)
        (originX, originY, u0, uPerX, uPerY, v0, vPerX, vPerY) = (0, 0, 0, 0, 0, 0, 0, 0)
        patch = 0
    }

    /// `nil` for a triangle of zero area, which covers nothing.
    init?(_ a: MeshVertex, _ b: MeshVertex, _ c: MeshVertex) {
        // A NaN vertex (which no valid document makes) covers nothing; it
        // would pass through min/max and trap in the conversion below.
        guard !(a.x.isNaN || a.y.isNaN || b.x.isNaN || b.y.isNaN || c.x.isNaN || c.y.isNaN) else { return nil }
        @inline(__always) func snap(_ value: Float) -> Int64 {
            let clamped = min(max(Double(value), -Self.guardBand), Self.guardBand)
            // Round half to even by adding and taking back 1.5·2⁵²: exact
            // for |x| ≤ 2²⁸ (what the guard band allows), and inline, where
            // `rounded(.toNearestOrEven)` is a library call without SSE4.1.
            let magic = 6_755_399_441_055_744.0
            return Int64((clamped * Double(Self.subpixels) + magic) - magic)
        }
        let ax = snap(a.x), ay = snap(a.y)
        var bx = snap(b.x), by = snap(b.y)
        var cx = snap(c.x), cy = snap(c.y)
        let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        if area == 0 { return nil }
        var second = b
        var third = c
        if area < 0 {
            swap(&bx, &cx)
            swap(&by, &cy)
            swap(&second, &third)
        }
        (sx0, sy0) = (Int32(ax), Int32(ay))
        (sx1, sy1) = (Int32(bx), Int32(by))
        (sx2, sy2) = (Int32(cx), Int32(cy))
        // With y down and positive area, a top edge runs in +x with dy = 0
        // and a left edge runs upward (dy < 0).
        func isTopLeft(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> Bool {
            (by == ay && bx > ax) || by < ay
        }
        tie01 = isTopLeft(ax, ay, bx, by)
        tie12 = isTopLeft(bx, by, cx, cy)
        tie20 = isTopLeft(cx, cy, ax, ay)
        sminY = Int32(min(ay, by, cy))
        smaxY = Int32(max(ay, by, cy))
        patch = Int32(a.patch)

        // Attribute planes through the float vertices.
        originX = a.x
        originY = a.y
        let e1x = Double(second.x) - Double(a.x), e1y = Double(second.y) - Double(a.y)
        let e2x = Double(third.x) - Double(a.x), e2y = Double(third.y) - Double(a.y)
        let det = e1x * e2y - e2x * e1y
        func plane(_ q0: Float, _ q1: Float, _ q2: Float) -> (Float, Float, Float) {
            guard det != 0 else { return (q0, 0, 0) }
            let d1 = Double(q1 - q0)
            let d2 = Double(q2 - q0)
            return (q0, Float((d1 * e2y - d2 * e1y) / det), Float((e1x * d2 - e2x * d1) / det))
        }
        (u0, uPerX, uPerY) = plane(a.u, second.u, third.u)
        (v0, vPerX, vPerY) = plane(a.v, second.v, third.v)
    }

    /// The rows `y` on which some sample point `y + sy/256` with `sy` in
    /// `sampleY` can lie inside: the snapped vertices' `y` range, so no row
    /// the triangle merely comes near is visited (a closed triangle holds
    /// no point outside it). Empty when no sample row falls in it.
    @inline(__always)
    func rows(sampleY: ClosedRange<Int64>) -> ClosedRange<Int>? {
        // py = 256·y + sy must satisfy minY ≤ py ≤ maxY. An arithmetic
        // shift floors exactly what floorDiv by 256 gives, without dividing.
        let first = -((sampleY.upperBound - minY) >> Self.subpixelBits)  // ⌈(minY - sy_max) / 256⌉
        let last = (maxY - sampleY.lowerBound) >> Self.subpixelBits
        return first <= last ? Int(first)...Int(last) : nil
    }

    /// The pixels `x` of row `y` whose sample point `(x + sx/256, y + sy/256)`
    /// lies inside, as a closed range clipped to `0..<width`; `nil` if none.
    ///
    /// Each edge bounds `x` by `α·x + β ≥ t` (`t` = 0 on a tie edge, else
    /// 1: the edge function is an integer). The bound is estimated in
    /// floating point and then corrected by exact integer tests, clamped to
    /// `-1...width` (which leaves the clipped range unchanged): the same
    /// pixels as exact integer division, without its cost (three 64-bit
    /// divisions per triangle and row were a large share of the coverage).
    @inline(__always)
    func span(row y: Int, sampleX sx: Int64, sampleY sy: Int64, width: Int) -> ClosedRange<Int>? {
        let py = Int64(y) * Self.subpixels + sy
        let w = Int64(width)
        let e0 = edgeBounds(x0, y0, x1, y1, tie01, py: py, sx: sx, width: w)
        let e1 = edgeBounds(x1, y1, x2, y2, tie12, py: py, sx: sx, width: w)
        let e2 = edgeBounds(x2, y2, x0, y0, tie20, py: py, sx: sx, width: w)
        var lo: Int64 = 0
        if e0.lo > lo { lo = e0.lo }
        if e1.lo > lo { lo = e1.lo }
        if e2.lo > lo { lo = e2.lo }
        var hi = w - 1
        if e0.hi < hi { hi = e0.hi }
        if e1.hi < hi { hi = e1.hi }
        if e2.hi < hi { hi = e2.hi }
        return lo <= hi ? Int(lo)...Int(hi) : nil
    }
}

/// What the color pass reads of a triangle for every run of its pixels: its
/// `(u, v)` planes and its patch (``RasterTriangle``'s), 36 bytes kept apart
/// from the edges. Read in x order along each row, the whole triangles
/// (72 bytes, most across two cache lines) made the first load of a run
/// a fifth of the color pass's time on a 1080p frame; the spans path reads
/// these from its band's copy (``BandSpans``), the other paths make one
/// per run from the triangle.
struct TriangleShading {
    var originX, originY: Float
    var u0, uPerX, uPerY: Float
    var v0, vPerX, vPerY: Float
    var patch: Int32

    @inline(__always)
    init(_ t: RasterTriangle) {
        (originX, originY, patch) = (t.originX, t.originY, t.patch)
        (u0, uPerX, uPerY, v0, vPerX, vPerY) = (t.u0, t.uPerX, t.uPerY, t.v0, t.vPerX, t.vPerY)
    }
}

/// The pixels `X` (clamped to `-1...width`) inside edge `a→b` on sample
/// row `py` at sample offset `sx`, as the bounds `lo...hi` it sets: the
/// edge function `E = (bx-ax)(py-ay) - (by-ay)(px-ax)` at `px = 256·X + sx`
/// is `α·X + β`, inside where `E > 0`, or `E = 0` on a tie edge.
@inline(__always)
func edgeBounds(
    _ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64, _ tie: Bool, py: Int64, sx: Int64, width: Int64
) -> (lo: Int64, hi: Int64) {
    let dy = by - ay
    let alpha = -dy * RasterTriangle.subpixels
    let beta = (bx - ax) * (py - ay) - dy * (sx - ax)
    // E is an integer: inside where α·X ≥ r.
    let r = (tie ? 0 : 1) - beta
    if alpha > 0 { return (smallestAtLeast(alpha, r, within: width), width) }
    if alpha < 0 { return (-1, largestAtMost(-alpha, -r, within: width)) }
    return r > 0 ? (width, -1) : (-1, width)
}

/// The smallest integer `X` with `a·X ≥ r` (`a > 0`), clamped to
/// `-1...width`. Exact: the floating-point quotient is only the first
/// guess; integer products (at most about `2³⁷ · 2¹⁶`, well inside 64 bits)
/// decide.
@inline(__always)
func smallestAtLeast(_ a: Int64, _ r: Int64, within width: Int64) -> Int64 {
    var x = clampedQuotient(r, a, width)
    while x > -1 && a * (x - 1) >= r { x -= 1 }
    while x < width && a * x < r { x += 1 }
    return x
}

/// The largest integer `X` with `a·X ≤ r` (`a > 0`), clamped to
/// `-1...width`, exactly as ``smallestAtLeast(_:_:within:)``.
@inline(__always)
func largestAtMost(_ a: Int64, _ r: Int64, within width: Int64) -> Int64 {
    var x = clampedQuotient(r, a, width)
    while x < width && a * (x + 1) <= r { x += 1 }
    while x > -1 && a * x > r { x -= 1 }
    return x
}

/// `r / a` in floating point, clamped to `-1...width` and truncated: a
/// guess within a step or two of the exact bound (no rounding function,
/// which is a library call without SSE4.1).
@inline(__always)
func clampedQuotient(_ r: Int64, _ a: Int64, _ width: Int64) -> Int64 {
    let q = Double(r) / Double(a)
    let low = -1.0
    let high = Double(width)
    return Int64(q < low ? low : (q > high ? high : q))
}

/// Integer division rounding toward negative infinity (`d > 0`).
@inline(__always)
func floorDiv(_ n: Int64, _ d: Int64) -> Int64 {
    let q = n / d
    return (n % d != 0 && (n < 0) != (d < 0)) ? q - 1 : q
}
