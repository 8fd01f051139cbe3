import Foundation
import MeshGradCore
import Testing

@testable import MeshGradGL

/// The GPU blur held against its CPU twin. Each test makes its own context,
/// headless on whatever EGL offers (llvmpipe in CI); if none can be made,
/// the test fails with the reason.
@Suite(.serialized) struct GLGaussianBlurTests {
    /// A premultiplied image with structure at every scale: noise, a hard
    /// edge and content touching the borders (where the outside counts).
    static func testImage(width: Int, height: Int) -> RGBAImage<Float> {
        var image = RGBAImage<Float>(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let hash = hash32(UInt32(y * width + x) &* 2_654_435_761)
                let noise = Float(hash >> 8) / Float(1 << 24)
                let alpha: Float = x < width / 3 ? 1 : noise
                image[x, y] = SIMD4(noise * alpha, (1 - noise) * alpha, Float(y) / Float(height) * alpha, alpha)
            }
        }
        return image
    }

    static func largestDifference(_ a: RGBAImage<Float>, _ b: RGBAImage<Float>) -> Float {
        zip(a.components, b.components).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    @Test(arguments: [0.8, 3.0, 7.5], [(67, 45), (16, 90)])
    func gpuMatchesCPU(sigma: Double, size: (Int, Int)) throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let blur = try GLGaussianBlur()
        let image = Self.testImage(width: size.0, height: size.1)
        let kernel = GaussianKernel(sigma: sigma)
        let gpu = try blur.blurred(premultiplied: image, kernel: kernel)
        let cpu = GaussianBlur(kernel: kernel).blurred(premultiplied: image)
        let largest = Self.largestDifference(gpu, cpu)
        #expect(largest <= 1e-4, "σ \(sigma) \(size.0)×\(size.1): largest difference \(largest)")
        // Not vacuous: the blur changed the image.
        #expect(Self.largestDifference(gpu, image) > 0.05)
    }

    /// One blur object serves several kernels and sizes in turn (the
    /// weights are uploaded again, the intermediate image reallocated).
    @Test func reusedWithOtherKernelsAndSizes() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let blur = try GLGaussianBlur()
        for (sigma, width, height) in [(2.0, 40, 30), (5.0, 40, 30), (1.0, 23, 57), (2.0, 40, 30)] {
            let image = Self.testImage(width: width, height: height)
            let kernel = GaussianKernel(sigma: sigma)
            let gpu = try blur.blurred(premultiplied: image, kernel: kernel)
            let cpu = GaussianBlur(kernel: kernel).blurred(premultiplied: image)
            let largest = Self.largestDifference(gpu, cpu)
            #expect(largest <= 1e-4, "σ \(sigma) \(width)×\(height): largest difference \(largest)")
        }
    }
}
