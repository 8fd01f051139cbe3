/// Every patch's 16 color coefficients with each channel's value repeated
/// across the lanes of a vector (``CoefficientLanes``): patch `k`'s
/// coefficient `i` (``ColorPolynomial``'s order, `a[j][i]` at `j·4 + i`),
/// channel `c`, is the vector at `(k·16 + i)·4 + c` (CPU only).
///
/// The eight-lane evaluation (``evaluateColorPolynomial8(_:u:v:opaque:)``)
/// multiplies and adds whole vectors of one coefficient. Read from the
/// coefficients themselves, each was a scalar load and a broadcast
/// (`shufps`) in every group of eight pixels, 48 of them for an opaque
/// patch: too many to stay in registers across the loop, and an eighth of
/// the span writer's instructions. Read from here, each is one aligned
/// vector operand. A patch takes 1 KiB (2 KiB with AVX2); they are made
/// once per render.
struct ColorSplats {
    let storage: UnsafeMutablePointer<CoefficientLanes>

    /// `polynomials`: 16 coefficients a patch (``RenderPlan/colorPolynomials``).
    init(_ polynomials: [SIMD4<Float>]) {
        storage = .allocate(capacity: max(1, polynomials.count * 4))
        for (i, coefficient) in polynomials.enumerated() {
            for c in 0..<4 { (storage + i * 4 + c).initialize(to: CoefficientLanes(repeating: coefficient[c])) }
        }
    }

    /// Patch `k`'s 64 vectors.
    @inline(__always)
    func patch(_ k: Int) -> UnsafePointer<CoefficientLanes> { UnsafePointer(storage + k * 64) }

    func deallocate() { storage.deallocate() }
}

/// One coefficient's value in every lane that the eight-pixel evaluation
/// multiplies at once: eight with AVX2 (`MESHGRAD_AVX2`, see Package.swift),
/// else four (it works in two halves there).
#if MESHGRAD_AVX2
    typealias CoefficientLanes = SIMD8<Float>
#else
    typealias CoefficientLanes = SIMD4<Float>
#endif
