import Foundation
import MeshGradCore

/// What `meshgrad fit` fits: the photo downscaled (area average) to a
/// small working size and blurred, in sRGB values 0…1, the space a
/// `device` mesh interpolates in. A mesh gradient cannot hold detail
/// finer than its patches, so the fit works where only the broad shapes
/// remain, and fast.
public struct FitTarget: Sendable {
    public let width: Int
    public let height: Int
    /// `width × height` colors, row-major.
    public let pixels: [SIMD3<Float>]

    /// `image` with its long side brought to `longSide` pixels (never
    /// enlarged) and blurred by a Gaussian of `sigma` working pixels
    /// (normalized at the borders, so the edges keep their color).
    /// The working copy's long side, in pixels.
    public static let longSide = 64

    public init(_ image: RGBAImage<UInt8>, longSide: Int = FitTarget.longSide, sigma: Double = 1.5) {
        precondition(image.width > 0 && image.height > 0)
        let scale = min(1, Double(longSide) / Double(max(image.width, image.height)))
        let w = max(2, Int((Double(image.width) * scale).rounded()))
        let h = max(2, Int((Double(image.height) * scale).rounded()))
        var values = [Float](repeating: 0, count: w * h * 4)
        // Area average: each source pixel adds to the working pixel it falls in.
        for y in 0..<image.height {
            let ty = min(h - 1, y * h / image.height)
            for x in 0..<image.width {
                let tx = min(w - 1, x * w / image.width)
                let s = (y * image.width + x) * 4
                let t = (ty * w + tx) * 4
                let alpha = Float(image.components[s + 3]) / 255
                // Translucent photo pixels count as over white.
                for c in 0..<3 { values[t + c] += (Float(image.components[s + c]) / 255) * alpha + (1 - alpha) }
                values[t + 3] += 1
            }
        }
        for k in 0..<(w * h) {
            let n = max(values[4 * k + 3], 1)
            for c in 0..<3 { values[4 * k + c] /= n }
            values[4 * k + 3] = 1
        }
        let blurred =
            sigma > 0
            ? GaussianBlur(sigma: sigma, threadCount: 1).blurred(values, width: w, height: h, channels: 4) : values
        width = w
        height = h
        pixels = (0..<(w * h)).map { k in
            let weight = max(blurred[4 * k + 3], 1e-6)
            return SIMD3(blurred[4 * k], blurred[4 * k + 1], blurred[4 * k + 2]) / weight
        }
    }

    /// The target as an image (for looking at it).
    public var image: RGBAImage<UInt8> {
        var components = [UInt8](repeating: 255, count: width * height * 4)
        for (k, p) in pixels.enumerated() {
            for c in 0..<3 { components[4 * k + c] = UInt8((min(max(p[c], 0), 1) * 255).rounded()) }
        }
        return RGBAImage(width: width, height: height, components: components)
    }

    /// Mean squared error of `rendered` (float RGBA, same size) against
    /// the target, over the three color channels.
    public func meanSquaredError(_ rendered: RGBAImage<Float>) -> Double {
        precondition(rendered.width == width && rendered.height == height)
        var sum = 0.0
        for (k, p) in pixels.enumerated() {
            for c in 0..<3 {
                let d = Double(rendered.components[4 * k + c] - p[c])
                sum += d * d
            }
        }
        return sum / Double(pixels.count * 3)
    }
}

/// Peak signal-to-noise ratio, in dB, for colors in 0…1.
public func psnr(meanSquaredError mse: Double) -> Double {
    mse > 0 ? 10 * log10(1 / mse) : .infinity
}
