import Foundation

/// The weights of a normalized, truncated Gaussian, sampled at whole pixel
/// offsets: what ``GaussianBlur`` and its GPU twin (`Shaders/blur.frag`,
/// fed by `GLGaussianBlur`) both convolve with, so the two compute the same
/// sums from the same `Float` weights.
///
/// Sampled rather than integrated over each pixel: for σ ≥ 1 the two differ
/// by far less than float precision matters here, and sampling is what a
/// reader expects from "a Gaussian of σ pixels". Truncated at ±3σ, which
/// drops 0.27 % of the mass; the weights are renormalized to sum to 1, so
/// a blur never darkens a flat area.
public struct GaussianKernel: Sendable, Hashable {
    /// The standard deviation in pixels.
    public let sigma: Double
    /// Taps on each side of the center: `ceil(truncation · σ)`.
    public let radius: Int
    /// `weights[k]` is the weight of offsets `+k` and `-k`, for `k` in
    /// `0...radius`; `weights[0] + 2 · (weights[1] + … + weights[radius])`
    /// is 1 (up to float rounding).
    public let weights: [Float]

    /// A kernel of standard deviation `sigma` pixels, cut off at
    /// `truncation · sigma`. A σ of 0 is the identity (one weight of 1).
    public init(sigma: Double, truncation: Double = 3) {
        precondition(sigma.isFinite && sigma >= 0, "a blur's σ must be a finite number ≥ 0, not \(sigma)")
        precondition(truncation.isFinite && truncation > 0)
        self.sigma = sigma
        guard sigma > 0 else {
            radius = 0
            weights = [1]
            return
        }
        let radius = Int((truncation * sigma).rounded(.up))
        let raw = (0...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = raw[0] + 2 * raw.dropFirst().reduce(0, +)
        self.radius = radius
        weights = raw.map { Float($0 / total) }
    }

    /// The standard deviation, in pixels, of a SwiftUI `shadow(radius:)` or
    /// Core Animation `shadowRadius` given in pixels (points times the
    /// canvas's pixels per point).
    ///
    /// Apple documents the radius only as "the blur radius". CSS defines
    /// its shadow blur radius as twice the Gaussian's standard deviation
    /// (css-backgrounds-3, "shadow-blur"), and the conversion designers use
    /// between CSS or Sketch shadows and `CALayer` halves the CSS blur
    /// (`shadowRadius = blur / 2`), which makes Apple's radius σ itself.
    /// That is an observed convention, not a specification: this function is
    /// the one place to change should a side-by-side comparison with an
    /// Apple device show otherwise.
    public static func sigma(forShadowRadius radius: Double) -> Double {
        max(0, radius)
    }
}
