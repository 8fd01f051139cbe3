import Foundation
import Testing

@testable import MeshGradCore

/// The CPU Gaussian blur against the sampled Gaussian, the analytic edge
/// profile and a plain reference convolution.
@Suite struct GaussianBlurTests {
    /// The normalized Gaussian sampled at offsets `-radius...radius`,
    /// computed here independently of ``GaussianKernel``.
    static func sampledGaussian(sigma: Double, radius: Int) -> [Double] {
        let raw = (-radius...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        return raw.map { $0 / total }
    }

    /// A deterministic pseudo-random value in 0..<1 for an index.
    static func noise(_ index: Int) -> Float {
        Float(hash32(UInt32(truncatingIfNeeded: index) &* 2_654_435_761) >> 8) / Float(1 << 24)
    }

    /// A premultiplied RGBA image of pseudo-random colors.
    static func randomImage(width: Int, height: Int, seed: Int) -> RGBAImage<Float> {
        var image = RGBAImage<Float>(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4 + seed * 7919
                let alpha = noise(i + 3)
                image[x, y] = SIMD4(noise(i) * alpha, noise(i + 1) * alpha, noise(i + 2) * alpha, alpha)
            }
        }
        return image
    }

    /// A direct 2D convolution with the kernel's weights and a zero
    /// outside, in double precision: the definition the blur must meet.
    static func referenceBlur(_ image: RGBAImage<Float>, kernel: GaussianKernel) -> [Double] {
        let r = kernel.radius
        let w = { (k: Int) in Double(kernel.weights[abs(k)]) }
        var rows = [Double](repeating: 0, count: image.components.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<4 {
                    var sum = 0.0
                    for k in -r...r where (0..<image.width).contains(x + k) {
                        sum += w(k) * Double(image.components[(y * image.width + x + k) * 4 + c])
                    }
                    rows[(y * image.width + x) * 4 + c] = sum
                }
            }
        }
        var result = rows
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<4 {
                    var sum = 0.0
                    for k in -r...r where (0..<image.height).contains(y + k) {
                        sum += w(k) * rows[((y + k) * image.width + x) * 4 + c]
                    }
                    result[(y * image.width + x) * 4 + c] = sum
                }
            }
        }
        return result
    }

    @Test(arguments: [0.6, 1.0, 2.5, 5.0, 20.0])
    func kernelIsTheNormalizedTruncatedGaussian(sigma: Double) {
        let kernel = GaussianKernel(sigma: sigma)
        #expect(kernel.radius == Int((3 * sigma).rounded(.up)))
        #expect(kernel.weights.count == kernel.radius + 1)
        let expected = Self.sampledGaussian(sigma: sigma, radius: kernel.radius)
        for k in 0...kernel.radius {
            #expect(abs(Double(kernel.weights[k]) - expected[kernel.radius + k]) < 1e-7, "σ \(sigma), k \(k)")
        }
        let total = Double(kernel.weights[0]) + 2 * kernel.weights.dropFirst().reduce(0) { $0 + Double($1) }
        #expect(abs(total - 1) < 1e-6)
    }

    @Test func zeroSigmaIsTheIdentity() {
        let image = Self.randomImage(width: 9, height: 7, seed: 1)
        #expect(GaussianKernel(sigma: 0).weights == [1])
        #expect(GaussianBlur(sigma: 0).blurred(premultiplied: image) == image)
    }

    /// A single bright pixel spreads into the outer product of the sampled,
    /// normalized Gaussian with itself, in every channel.
    @Test(arguments: [1.3, 2.5, 4.0])
    func brightPixelBecomesTheKernel(sigma: Double) {
        let kernel = GaussianKernel(sigma: sigma)
        let r = kernel.radius
        let (width, height) = (2 * r + 7, 2 * r + 4)
        let (cx, cy) = (r + 3, r + 1)
        var image = RGBAImage<Float>(width: width, height: height)
        let color = SIMD4<Float>(0.25, 0.5, 0.75, 1)
        image[cx, cy] = color
        var mask = CoverageMask(width: width, height: height)
        mask[cx, cy] = 1
        let blur = GaussianBlur(sigma: sigma)
        let blurredImage = blur.blurred(premultiplied: image)
        let blurredMask = blur.blurred(mask)
        let g = Self.sampledGaussian(sigma: sigma, radius: r)
        var largest = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let dx = x - cx
                let dy = y - cy
                let expected = abs(dx) <= r && abs(dy) <= r ? g[dx + r] * g[dy + r] : 0
                largest = max(largest, abs(Double(blurredMask[x, y]) - expected))
                for c in 0..<4 {
                    largest = max(largest, abs(Double(blurredImage[x, y][c]) - expected * Double(color[c])))
                }
            }
        }
        #expect(largest < 1e-5, "σ \(sigma): largest difference \(largest)")
    }

    /// A vertical step edge blurs into the Gaussian's cumulative
    /// distribution, ½(1 + erf(d / (σ√2))) at distance d from the edge to
    /// the pixel's center, within two small errors: the mass the truncation
    /// at 3σ leaves out, and the sampling. A pixel's value is a partial sum
    /// of the sampled Gaussian g, the midpoint rule of the integral, which
    /// is off by g′(d)/24 at most (Euler–Maclaurin), i.e.
    /// 1 / (24 σ² √(2πe)): 0.0025 at σ = 2, 0.0003 at σ = 6.5.
    @Test(arguments: [2.0, 4.0, 6.5])
    func stepEdgeFollowsTheErfProfile(sigma: Double) {
        let kernel = GaussianKernel(sigma: sigma)
        let r = kernel.radius
        let (width, height) = (6 * r + 2, 2 * r + 3)
        let edge = 3 * r + 1
        var mask = CoverageMask(width: width, height: height)
        for y in 0..<height {
            for x in edge..<width { mask[x, y] = 1 }
        }
        let blurred = GaussianBlur(kernel: kernel).blurred(mask)
        let truncationError = (1 - erf(3 / 2.squareRoot())) / 2
        let samplingError = 1 / (24 * sigma * sigma * (2 * Double.pi * exp(1)).squareRoot())
        let allowed = truncationError + samplingError
        let y = height / 2  // at least `radius` rows from the top and bottom
        var largest = 0.0
        for x in r..<(width - r) {
            let distance = Double(x) + 0.5 - Double(edge)
            let expected = 0.5 * (1 + erf(distance / (sigma * 2.squareRoot())))
            largest = max(largest, abs(Double(blurred[x, y]) - expected))
        }
        #expect(largest <= allowed, "σ \(sigma): largest deviation \(largest), allowed \(allowed)")
        // The edge is blurred at all: halfway up, between the two pixels at the edge.
        #expect(abs(Double(blurred[edge - 1, y] + blurred[edge, y]) / 2 - 0.5) < 1e-4)
        #expect(blurred[edge - 1, y] < 0.5 && blurred[edge, y] > 0.5)
    }

    /// Away from the borders, a blur only moves mass around.
    @Test func massIsConservedAwayFromTheBorders() {
        let sigma = 3.5
        let r = GaussianKernel(sigma: sigma).radius
        let (width, height) = (60, 50)
        var mask = CoverageMask(width: width, height: height)
        for y in r..<(height - r) {
            for x in r..<(width - r) { mask[x, y] = Self.noise(y * width + x) }
        }
        let blurred = GaussianBlur(sigma: sigma).blurred(mask)
        #expect(abs(blurred.coveredArea - mask.coveredArea) < 1e-4 * mask.coveredArea)
    }

    /// The outside is transparent: a corner pixel keeps only the quarter
    /// of the kernel that lands inside the image.
    @Test func outsideIsTransparent() {
        let kernel = GaussianKernel(sigma: 2)
        var mask = CoverageMask(width: 20, height: 20)
        mask[0, 0] = 1
        let blurred = GaussianBlur(kernel: kernel).blurred(mask)
        let half = kernel.weights.reduce(0) { $0 + Double($1) }
        #expect(abs(blurred.coveredArea - half * half) < 1e-5)
    }

    /// The fast separable blur (SIMD lanes, column strips, row bands on
    /// several threads) equals a direct convolution, whatever the size and
    /// however many threads; widths that are not a multiple of the vector
    /// width and wider than one column strip included.
    @Test(arguments: [(37, 23, 1.7), (301, 19, 2.2), (5, 41, 3.0), (1, 1, 1.0)])
    func equalsDirectConvolution(width: Int, height: Int, sigma: Double) {
        let image = Self.randomImage(width: width, height: height, seed: width)
        let kernel = GaussianKernel(sigma: sigma)
        let reference = Self.referenceBlur(image, kernel: kernel)
        let oneThread = GaussianBlur(kernel: kernel, threadCount: 1).blurred(premultiplied: image)
        let threads = GaussianBlur(kernel: kernel, threadCount: 4).blurred(premultiplied: image)
        #expect(oneThread == threads)
        var largest = 0.0
        for (index, value) in oneThread.components.enumerated() {
            largest = max(largest, abs(Double(value) - reference[index]))
        }
        #expect(largest < 1e-6, "\(width)×\(height) σ \(sigma): largest difference \(largest)")
    }

    @Test func shadowRadiusIsSigma() {
        #expect(GaussianKernel.sigma(forShadowRadius: 12) == 12)
        #expect(GaussianKernel.sigma(forShadowRadius: -1) == 0)
    }
}
