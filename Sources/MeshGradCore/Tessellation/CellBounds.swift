import Dispatch

/// The tessellation rule judged cell by cell (mesh-math §6b): each of a
/// patch's `N × N` cells is checked against the tolerances with its own
/// geometry and its own color, instead of the whole patch's worst
/// curvature against the whole patch's fastest color change.
///
/// Why: the patch-wide rule (``TessellationLevel/flatnessBound(_:scale:)``
/// over `N²`, against the color change of the patch's steepest corner)
/// pairs a curvature and a color gradient that are rarely in the same
/// place, and a cubic's second derivative varies across the patch; each
/// factor of 4 it overstates costs a level, four times the triangles. Here
/// a cell's bound is still proven for geometry: the cell's own Bézier net
/// (the patch's net restricted to the cell, exact) lies within
/// `max |Q − B|` of the bilinear interpolant `B` of its corners (convex
/// hull), and `B` within a quarter of its twist of the two triangles; the
/// color change per pixel is the same estimate as the patch-wide rule's,
/// taken from the cell's own color net over the cell's own sides.
struct CellBounds {
    /// The cubic-restriction weights of every cell column (or row) `i` of
    /// `N`: row `r` of matrix `i` gives the control point `r` of the
    /// segment `[i/N, (i+1)/N]` as weights of the whole curve's four.
    let restrictions: [[SIMD4<Double>]]

    init(level n: Int) {
        restrictions = (0..<n).map { i in
            let t0 = Double(i) / Double(n)
            let t1 = Double(i + 1) / Double(n)
            return [(t0, t0, t0), (t0, t0, t1), (t0, t1, t1), (t1, t1, t1)].map(cubicBlossomWeights)
        }
    }

    var level: Int { restrictions.count }

    /// The largest ratio, over the cells, of a cell's deviation bound to
    /// what the tolerances allow it: at most 1 where every cell holds.
    /// `net` is in pixels; `colors` are finished to sRGB by `finish`.
    ///
    /// Rows of cells are judged on all cores, each strip of rows keeping
    /// its own largest ratio, and the strips' largest taken in order: the
    /// same number as one pass (a ratio that is not a number never wins
    /// either way). The search for a mesh's level runs before any pixel,
    /// on one thread otherwise: at a 4K wallpaper's level 34, 1,156 cells
    /// a patch and level tried. `strips` (the split for all cores when
    /// nil) is the tests' way to ask for one pass.
    func worstRatio(
        geometry net: [SIMD2<Double>], colors: [SIMD4<Double>], tolerance: TessellationLevel, strips: Int? = nil,
        finish: @Sendable (SIMD4<Double>) -> SIMD4<Double>
    ) -> Double {
        let n = level
        // Every column strip of both nets, restricted along u once.
        var geometryColumns = [SIMD2<Double>](repeating: .zero, count: n * 16)
        var colorColumns = [SIMD4<Double>](repeating: .zero, count: n * 16)
        for i in 0..<n {
            restrictColumns(net, restrictions[i], into: &geometryColumns, at: i * 16)
            restrictColumns(colors, restrictions[i], into: &colorColumns, at: i * 16)
        }
        let columns = (geometry: geometryColumns, color: colorColumns)
        let strips = min(strips ?? (n >= 16 ? 8 : 1), n)
        var worst = [Double](repeating: 0, count: strips)
        if strips == 1 {
            worst[0] = worstRatio(rows: 0..<n, columns: columns, tolerance: tolerance, finish: finish)
        } else {
            worst.withUnsafeMutableBufferPointer { worst in
                let out = SendablePointer(worst.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: strips) { strip in
                    let rows = (strip * n / strips)..<((strip + 1) * n / strips)
                    out.pointer[strip] = worstRatio(rows: rows, columns: columns, tolerance: tolerance, finish: finish)
                }
            }
        }
        return worst.reduce(0.0) { max($0, $1) }
    }

    /// ``worstRatio(geometry:colors:tolerance:finish:)`` over the cells of
    /// rows `rows`, from the nets' column strips.
    private func worstRatio(
        rows: Range<Int>, columns: (geometry: [SIMD2<Double>], color: [SIMD4<Double>]),
        tolerance: TessellationLevel, finish: (SIMD4<Double>) -> SIMD4<Double>
    ) -> Double {
        // Through pointers: the arrays' checks, copies and reference
        // counts, in functions called per cell, took most of the search.
        columns.geometry.withUnsafeBufferPointer { geometry in
            columns.color.withUnsafeBufferPointer { colors in
                withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 16) { cell in
                    withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: 16) { color in
                        var worst = 0.0
                        for j in rows {
                            restrictions[j].withUnsafeBufferPointer { weights in
                                for i in 0..<level {
                                    let nets = CellNets(
                                        geometry: geometry.baseAddress! + i * 16, colors: colors.baseAddress! + i * 16,
                                        weights: weights.baseAddress!, cell: cell.baseAddress!,
                                        color: color.baseAddress!)
                                    worst = nets.worstRatio(worst, tolerance: tolerance, finish: finish)
                                }
                            }
                        }
                        return worst
                    }
                }
            }
        }
    }
}

/// One cell's nets: its column strips and the row restriction that cuts the
/// cell from them, and room for the cell's own nets.
private struct CellNets {
    let geometry: UnsafePointer<SIMD2<Double>>
    let colors: UnsafePointer<SIMD4<Double>>
    let weights: UnsafePointer<SIMD4<Double>>
    let cell: UnsafeMutablePointer<SIMD2<Double>>
    let color: UnsafeMutablePointer<SIMD4<Double>>

    /// `worst`, or the cell's ratio where that is larger. A cell whose
    /// deviation could not beat `worst` even at the least any cell is
    /// allowed skips its color: the same result, since a ratio that does
    /// not win is dropped.
    @inline(__always)
    func worstRatio(
        _ worst: Double, tolerance: TessellationLevel, finish: (SIMD4<Double>) -> SIMD4<Double>
    ) -> Double {
        restrictRows(geometry, weights, into: cell)
        let deviation = deviationBound(cell)
        var allowed = tolerance.interiorTolerance
        if deviation > tolerance.minimumTolerance {
            let leastAllowed = min(tolerance.interiorTolerance, tolerance.minimumTolerance)
            guard deviation / leastAllowed > worst else { return worst }
            restrictRows(colors, weights, into: color)
            for k in 0..<16 { color[k] = finish(color[k]) }
            allowed = tolerance.allowedDeviation(colorChange: colorChangePerPixel(color, geometry: cell))
        }
        return max(worst, deviation / allowed)
    }
}

/// The weights of a cubic's four control points in its blossom at
/// `(x, y, z)`: the control points of a segment `[a, b]` are the blossoms
/// at `(a,a,a)`, `(a,a,b)`, `(a,b,b)`, `(b,b,b)`.
func cubicBlossomWeights(_ t: (Double, Double, Double)) -> SIMD4<Double> {
    let (x, y, z) = t
    let (a, b, c) = (1 - x, 1 - y, 1 - z)
    return SIMD4(a * b * c, x * b * c + a * y * c + a * b * z, x * y * c + x * b * z + a * y * z, x * y * z)
}

/// A net (`points[j * 4 + i]`, `i` along `u`) restricted along `u` by a
/// restriction matrix, into `out[offset..<offset + 16]`: row `j`'s four
/// points become the segment's.
func restrictColumns<P: SIMD>(_ points: [P], _ weights: [SIMD4<Double>], into out: inout [P], at offset: Int)
where P.Scalar == Double {
    for j in 0..<4 {
        for r in 0..<4 {
            let w = weights[r]
            let first: P = w[0] * points[j * 4] + w[1] * points[j * 4 + 1]
            let second: P = w[2] * points[j * 4 + 2] + w[3] * points[j * 4 + 3]
            out[offset + j * 4 + r] = first + second
        }
    }
}

/// The net at `points[offset..<offset + 16]` restricted along `v`, into
/// `out` (see ``restrictColumns(_:_:into:at:)``).
func restrictRows<P: SIMD>(_ points: [P], at offset: Int, _ weights: [SIMD4<Double>], into out: inout [P])
where P.Scalar == Double {
    precondition(points.count >= offset + 16 && weights.count == 4 && out.count == 16)
    points.withUnsafeBufferPointer { points in
        weights.withUnsafeBufferPointer { weights in
            out.withUnsafeMutableBufferPointer {
                restrictRows(points.baseAddress! + offset, weights.baseAddress!, into: $0.baseAddress!)
            }
        }
    }
}

/// ``restrictRows(_:at:_:into:)`` of the 16 points at `points`, into `out`.
@inline(__always)
func restrictRows<P: SIMD>(
    _ points: UnsafePointer<P>, _ weights: UnsafePointer<SIMD4<Double>>, into out: UnsafeMutablePointer<P>
) where P.Scalar == Double {
    for r in 0..<4 {
        let w = weights[r]
        for i in 0..<4 {
            let first: P = w[0] * points[i] + w[1] * points[4 + i]
            let second: P = w[2] * points[8 + i] + w[3] * points[12 + i]
            out[r * 4 + i] = first + second
        }
    }
}

/// A proven bound on the distance between a cell's surface (its net `q`,
/// in pixels) and the cell's two triangles, split along the diagonal from
/// `q[3]` (the `u` end of the first row) to `q[12]`, as ``Tessellation``
/// cuts it: the net's largest distance from the bilinear interpolant of
/// its corners, plus a quarter of the corners' twist (the most that the
/// bilinear patch strays from its two triangles).
func deviationBound(_ q: [SIMD2<Double>]) -> Double {
    precondition(q.count == 16)
    return q.withUnsafeBufferPointer { deviationBound($0.baseAddress!) }
}

/// ``deviationBound(_:)-([SIMD2<Double>])`` of the 16 points at `q`.
@inline(__always)
func deviationBound(_ q: UnsafePointer<SIMD2<Double>>) -> Double {
    let (a, b, c, d) = (q[0], q[3], q[12], q[15])
    var largest = 0.0
    for j in 0..<4 {
        let t = Double(j) / 3
        for i in 0..<4 {
            let s = Double(i) / 3
            let bilinear = (1 - t) * ((1 - s) * a + s * b) + t * ((1 - s) * c + s * d)
            let e = q[j * 4 + i] - bilinear
            largest = max(largest, (e * e).sum())
        }
    }
    let twist = a - b - c + d
    return largest.squareRoot() + (twist * twist).sum().squareRoot() / 4
}

/// How fast the finished color changes per pixel, estimated from a net's
/// finished colors and its geometry net (`× scale` for pixels): the color
/// net's largest step (×3, the derivative of a cubic's Bernstein form) over
/// the shorter of the chords it spans. A patch's estimate
/// (``TessellationLevel/colorChangePerPixel(_:patch:scale:)``) and a
/// cell's (its own nets, already in pixels).
func colorChangePerPixel(
    _ color: [SIMD4<Double>], geometry q: [SIMD2<Double>], scale: SIMD2<Double> = .one
) -> Double {
    color.withUnsafeBufferPointer { color in
        q.withUnsafeBufferPointer { q in colorChangePerPixel(color.baseAddress!, geometry: q.baseAddress!, scale: scale)
        }
    }
}

/// ``colorChangePerPixel(_:geometry:scale:)-(_,[SIMD2<Double>],_)`` of 16 colors and 16 points.
@inline(__always)
func colorChangePerPixel(
    _ color: UnsafePointer<SIMD4<Double>>, geometry q: UnsafePointer<SIMD2<Double>>, scale: SIMD2<Double> = .one
) -> Double {
    var stepU = 0.0
    var stepV = 0.0
    for j in 0..<4 {
        for i in 0..<3 {
            stepU = max(stepU, (color[j * 4 + i + 1] - color[j * 4 + i]).magnitudes.max())
            stepV = max(stepV, (color[(i + 1) * 4 + j] - color[i * 4 + j]).magnitudes.max())
        }
    }
    func chord(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = (b - a) * scale
        return (d * d).sum().squareRoot()
    }
    let width = min(chord(q[0], q[3]), chord(q[12], q[15]))
    let height = min(chord(q[0], q[12]), chord(q[3], q[15]))
    return max(3 * stepU / max(width, 1e-9), 3 * stepV / max(height, 1e-9))
}
