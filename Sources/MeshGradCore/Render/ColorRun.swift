/// The color along a run of pixels that share one triangle, as a single
/// polynomial of degree 6 in the pixel offset `s` (CPU only).
///
/// Inside a triangle `(u, v)` is affine in `x`: `u = u₀ + du·s`,
/// `v = v₀ + dv·s`. Substituting into the bicubic gives, exactly, a
/// polynomial of degree ≤ 6 in `s`, evaluated in about 8 multiply-adds per
/// pixel instead of 15. Building it costs about 80
/// vector operations, and a run's last group of eight lanes is partly
/// wasted, so it pays only on long runs: shorter ones join their patch's
/// neighbouring runs and are evaluated together from their own `(u, v)`,
/// eight at a time with no lane lost. Where those eight lanes are one AVX2
/// vector the break-even is past 64 pixels: instructions of a 4K render
/// (dithered, plain and 16-bit, callgrind) with runs from 32, 64 and 128
/// pixels: onboarding at level 34 2,429 M, 2,199 M, 2,199 M; at level 16
/// 1,867 M, 1,770 M, 1,710 M; at level 8 1,526 M, 1,501 M, 1,504 M; sunset
/// 2,282 M, 1,953 M, 1,953 M; and the CPU time of the dithered onboarding
/// render alone, alternated six times, 58 → 51 ms (medians). The result
/// differs from ``evaluateColorPolynomial(_:u:v:)`` only by float rounding
/// (about 1e-6): at most one level in a few pixels of an image.
struct ColorRun {
    var c0, c1, c2, c3, c4, c5, c6: SIMD4<Float>

    /// Runs at least this long use the expansion.
    static let minimumLength = 128

    @inline(__always)
    init(_ poly: UnsafePointer<SIMD4<Float>>, u0: Float, du: Float, v0: Float, dv: Float) {
        // Powers of (u₀ + du·s) and (v₀ + dv·s) as polynomials in s:
        // P_i[k] = C(i,k) u₀^(i-k) du^k.
        let u1 = u0, u2 = u0 * u0, u3 = u2 * u0
        let du2 = du * du, du3 = du2 * du
        let v1 = v0, v2 = v0 * v0, v3 = v2 * v0
        let dv2 = dv * dv, dv3 = dv2 * dv

        // B_j(s) = Σᵢ a[i][j] (u₀ + du·s)ⁱ, a cubic in s for each row j.
        @inline(__always) func row(_ j: Int) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
            let a = poly + j * 4
            let a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3]
            let b0 = a0 + a1 * u1 + a2 * u2 + a3 * u3
            let b1 = a1 * du + a2 * (2 * u1 * du) + a3 * (3 * u2 * du)
            let b2 = a2 * du2 + a3 * (3 * u1 * du2)
            let b3 = a3 * du3
            return (b0, b1, b2, b3)
        }
        let r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3)

        // C(s) = Σⱼ B_j(s) (v₀ + dv·s)ʲ. Write (v₀ + dv·s)ʲ = Σₙ w[j][n] sⁿ.
        let w10 = v1, w11 = dv
        let w20 = v2, w21 = 2 * v1 * dv, w22 = dv2
        let w30 = v3, w31 = 3 * v2 * dv, w32 = 3 * v1 * dv2, w33 = dv3

        // Gather by power of s: the product of row j's cubic and w[j].
        c0 = r0.0 + r1.0 * w10 + r2.0 * w20 + r3.0 * w30
        c1 = r0.1 + (r1.1 * w10 + r1.0 * w11) + (r2.1 * w20 + r2.0 * w21) + (r3.1 * w30 + r3.0 * w31)
        c2 =
            r0.2 + (r1.2 * w10 + r1.1 * w11) + (r2.2 * w20 + r2.1 * w21 + r2.0 * w22)
            + (r3.2 * w30 + r3.1 * w31 + r3.0 * w32)
        c3 =
            r0.3 + (r1.3 * w10 + r1.2 * w11) + (r2.3 * w20 + r2.2 * w21 + r2.1 * w22)
            + (r3.3 * w30 + r3.2 * w31 + r3.1 * w32 + r3.0 * w33)
        c4 = r1.3 * w11 + (r2.3 * w21 + r2.2 * w22) + (r3.3 * w31 + r3.2 * w32 + r3.1 * w33)
        c5 = r2.3 * w22 + (r3.3 * w32 + r3.2 * w33)
        c6 = r3.3 * w33
    }

    /// The color `s` pixels after the run's first pixel, by Estrin's scheme:
    /// the same multiply-adds as Horner's rule, but in a dependency chain of
    /// depth 4 instead of 6, which is what bounds a pixel's latency.
    @inline(__always)
    func at(_ s: Float) -> SIMD4<Float> {
        let s2 = s * s
        let s4 = s2 * s2
        let low = c0 + c1 * s
        let middle = c2 + c3 * s
        let high = c4 + c5 * s + c6 * s2
        return low + middle * s2 + high * s4
    }
}
