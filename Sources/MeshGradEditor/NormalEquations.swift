/// Linear least squares by the normal equations: `AᵀA x = Aᵀb` for a
/// few dozen unknowns (a mesh's vertex colors) and thousands of rows
/// (pixels), three right-hand sides (R, G, B) at once. A small ridge
/// (`λ = 10⁻⁶ · mean diagonal`) keeps a vertex that no pixel sees (one
/// moved off the canvas) from making the system singular.
struct NormalEquations {
    let unknowns: Int
    /// AᵀA, row-major.
    var gram: [Double]
    /// Aᵀb, three per unknown.
    var rhs: [SIMD3<Double>]

    init(unknowns: Int) {
        self.unknowns = unknowns
        gram = [Double](repeating: 0, count: unknowns * unknowns)
        rhs = [SIMD3<Double>](repeating: .zero, count: unknowns)
    }

    /// Adds one row: the sparse weights `(index, weight)` of a pixel and its
    /// target color.
    mutating func add(_ weights: [(Int, Double)], target: SIMD3<Double>) {
        for (i, wi) in weights {
            rhs[i] += wi * target
            for (j, wj) in weights { gram[i * unknowns + j] += wi * wj }
        }
    }

    /// The solution by Cholesky factorization.
    func solve() -> [SIMD3<Double>] {
        let n = unknowns
        var l = gram
        let ridge = 1e-6 * max((0..<n).map { gram[$0 * n + $0] }.reduce(0, +) / Double(n), 1e-12)
        for i in 0..<n { l[i * n + i] += ridge }
        for j in 0..<n {
            var d = l[j * n + j]
            for k in 0..<j { d -= l[j * n + k] * l[j * n + k] }
            let root = max(d, 1e-300).squareRoot()
            l[j * n + j] = root
            for i in (j + 1)..<max(n, j + 1) {
                var s = l[i * n + j]
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                l[i * n + j] = s / root
            }
        }
        var y = rhs
        for i in 0..<n {
            for k in 0..<i { y[i] -= l[i * n + k] * y[k] }
            y[i] /= l[i * n + i]
        }
        var x = y
        for i in stride(from: n - 1, through: 0, by: -1) {
            for k in (i + 1)..<max(n, i + 1) { x[i] -= l[k * n + i] * x[k] }
            x[i] /= l[i * n + i]
        }
        return x
    }
}
