// A triangle's center spans row after row, stepped exactly in integers.
//
// The coverage test is mesh-math §7's, at the pixel centers: the pixels of
// every row are those of `RasterTriangle.span(row:sampleX:sampleY:width:)`
// with the sample at (128, 128), to the pixel. A row costs a few additions
// and compares per edge instead of a floating-point division and its
// integer corrections (which, with their unpredictable branches, were a
// quarter of the CPU renderer's time on a 1080p animation frame).

/// One edge's bound `⌊n / divisor⌋` on successive rows, where each row adds
/// the same `step` to `n`: kept as a quotient and a remainder
/// (`0 ≤ remainder < divisor`), so a row is an addition and a carry, not a
/// division, and exact at every row.
struct EdgeStep {
    private(set) var quotient: Int64
    private var remainder: Int64
    private let quotientStep: Int64
    private let remainderStep: Int64
    private let divisor: Int64

    /// `divisor > 0`.
    @inline(__always)
    init(numerator n: Int64, step: Int64, divisor: Int64) {
        quotient = floorDiv(n, divisor)
        remainder = n - quotient * divisor
        quotientStep = floorDiv(step, divisor)
        remainderStep = step - quotientStep * divisor
        self.divisor = divisor
    }

    /// To the next row: `n += step`.
    @inline(__always)
    mutating func advance() {
        // Both parts are below the divisor, so one carry at most; the
        // values stay far inside 64 bits (see CenterSpanWalk.init). Selects,
        // not a multiply by the carry: conditional moves, off the chain.
        let sum = remainder &+ remainderStep
        let carries = sum >= divisor
        remainder = carries ? sum &- divisor : sum
        quotient = quotient &+ (carries ? quotientStep &+ 1 : quotientStep)
    }
}

/// A triangle's center spans on its rows in order, from a first row on.
///
/// Edge `a→b`'s function at pixel `X` of a row whose sample line is `py`
/// is `E = α·X + β` (``edgeBounds(_:_:_:_:_:py:sx:width:)``); the pixel is
/// inside where `E ≥ t` (`t` = 0 on a tie edge, else 1). With
/// `n = β - t` and `P = 256·|dy|`, an edge going up (`dy < 0`) bounds `X`
/// from below by `-⌊n / P⌋`, one going down from above by `⌊n / P⌋`, and a
/// horizontal one keeps the whole row or none of it (`n ≥ 0`). From one
/// row to the next `n` grows by `256·dx`, whatever the edge.
struct CenterSpanWalk {
    /// What the third edge does (the first two are a lower and an upper
    /// bound: every triangle of positive area has both).
    enum ThirdEdge {
        case lower, upper, row
    }

    private var lower: EdgeStep
    private var upper: EdgeStep
    private var third: EdgeStep
    private let thirdEdge: ThirdEdge
    private let lastPixel: Int64

    /// The walk of `t` from row `y` on, for a canvas `width` wide.
    @inline(__always)
    init(_ t: RasterTriangle, row y: Int, width: Int) {
        let py = Int64(y) * RasterTriangle.subpixels + 128
        @inline(__always) func edge(
            _ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64, _ tie: Bool
        ) -> (step: EdgeStep, dy: Int64) {
            let dx = bx - ax
            let dy = by - ay
            // Snapped coordinates are below 2²⁹ in magnitude and rows below
            // 2²⁴ subpixels: n stays below 2⁶¹, the steps below 2³⁸.
            let n = dx * (py - ay) - dy * (128 - ax) - (tie ? 0 : 1)
            let divisor = max(1, abs(dy) * RasterTriangle.subpixels)
            return (EdgeStep(numerator: n, step: dx * RasterTriangle.subpixels, divisor: divisor), dy)
        }
        let e0 = edge(t.x0, t.y0, t.x1, t.y1, t.tie01)
        let e1 = edge(t.x1, t.y1, t.x2, t.y2, t.tie12)
        let e2 = edge(t.x2, t.y2, t.x0, t.y0, t.tie20)
        // The edges' dy sum to 0 and are not all 0: one goes up, one down.
        let third: (step: EdgeStep, dy: Int64)
        if e0.dy < 0 {
            lower = e0.step
            (upper, third) = e1.dy > 0 ? (e1.step, e2) : (e2.step, e1)
        } else if e0.dy > 0 {
            upper = e0.step
            (lower, third) = e1.dy < 0 ? (e1.step, e2) : (e2.step, e1)
        } else {
            third = e0
            (lower, upper) = e1.dy < 0 ? (e1.step, e2.step) : (e2.step, e1.step)
        }
        self.third = third.step
        thirdEdge = third.dy < 0 ? .lower : (third.dy > 0 ? .upper : .row)
        lastPixel = Int64(width) - 1
    }

    /// This row's pixels `start..<end` (`start ≥ end` for none, clipped
    /// to the canvas); the walk moves on to the next row.
    @inline(__always)
    mutating func next() -> (start: Int32, end: Int32) {
        // Wrapping arithmetic: the bounds are far inside 64 bits, and the
        // overflow checks were a third of the loop's instructions.
        var lo = max(0, 0 &- lower.quotient)
        var hi = min(lastPixel, upper.quotient)
        switch thirdEdge {
        case .lower: lo = max(lo, 0 &- third.quotient)
        case .upper: hi = min(hi, third.quotient)
        case .row: if third.quotient < 0 { hi = -1 }
        }
        lower.advance()
        upper.advance()
        third.advance()
        let empty = lo > hi
        return (empty ? 0 : Int32(truncatingIfNeeded: lo), empty ? 0 : Int32(truncatingIfNeeded: hi &+ 1))
    }
}
