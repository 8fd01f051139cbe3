import Dispatch
import Foundation

/// A separable Gaussian blur on the CPU: rows, then columns, each a 1D
/// convolution with the same ``GaussianKernel``. Pixels outside the image
/// are transparent (zero), as the canvas's surroundings are: a shape at the
/// border fades out across it instead of being extended by copies of its
/// edge pixels, and what spreads past the border is lost, as off-screen.
///
/// It is the twin of `Shaders/blur.frag` (driven by `GLGaussianBlur`):
/// both sum `w₀·c + Σₖ wₖ·(left + right)` over `k = 1…radius`, in that
/// order, with the same `Float` weights (`convolveSymmetric`).
///
/// Blur premultiplied colors only: a straight color under zero alpha is
/// meaningless and would bleed into the blurred edge.
///
/// Both passes run on every core (row bands, then tiles of columns). Each
/// row is copied between `radius` zeros before the row pass, which writes
/// into a buffer with `radius` zero rows above and below, so neither pass
/// tests edges in its inner loop; the column pass works on strips narrow
/// enough that the `2·radius + 1` rows it reads stay in cache.
public struct GaussianBlur: Sendable {
    public let kernel: GaussianKernel
    /// Threads to spread the passes over.
    public var threadCount: Int

    public init(kernel: GaussianKernel, threadCount: Int = ActiveProcessors.count) {
        self.kernel = kernel
        self.threadCount = max(1, threadCount)
    }

    /// A blur of standard deviation `sigma` pixels (see
    /// ``GaussianKernel/sigma(forShadowRadius:)`` for shadows).
    public init(sigma: Double, threadCount: Int = ActiveProcessors.count) {
        self.init(kernel: GaussianKernel(sigma: sigma), threadCount: threadCount)
    }

    /// The mask, blurred: a shadow's shape.
    public func blurred(_ mask: CoverageMask) -> CoverageMask {
        CoverageMask(
            width: mask.width, height: mask.height,
            values: blurred(mask.values, width: mask.width, height: mask.height, channels: 1))
    }

    /// The image, blurred. Its components must be premultiplied by alpha
    /// (unlike what ``RGBAImage`` holds elsewhere), and the result is too.
    public func blurred(premultiplied image: RGBAImage<Float>) -> RGBAImage<Float> {
        RGBAImage(
            width: image.width, height: image.height,
            components: blurred(image.components, width: image.width, height: image.height, channels: 4))
    }

    /// `values` blurred: `width × height` pixels of `channels` interleaved
    /// floats, row-major.
    public func blurred(_ values: [Float], width: Int, height: Int, channels: Int) -> [Float] {
        precondition(width >= 0 && height >= 0 && channels > 0 && values.count == width * height * channels)
        guard kernel.radius > 0, width > 0, height > 0 else { return values }
        let radius = kernel.radius
        let rowLength = width * channels
        // The row pass's output between `radius` zero rows on each side.
        // Only those are cleared: at 4K, clearing and copying whole images
        // would cost as much as a small blur.
        let paddedCount = (height + 2 * radius) * rowLength
        let padded = UnsafeMutablePointer<Float>.allocate(capacity: paddedCount)
        defer { padded.deallocate() }
        padded.initialize(repeating: 0, count: radius * rowLength)
        (padded + (height + radius) * rowLength).initialize(repeating: 0, count: radius * rowLength)
        return [Float](unsafeUninitializedCapacity: values.count) { output, initialized in
            kernel.weights.withUnsafeBufferPointer { weights in
                values.withUnsafeBufferPointer { source in
                    let passes = BlurPasses(
                        weights: weights.baseAddress!, radius: radius, width: width, height: height,
                        channels: channels, source: source.baseAddress!, padded: padded,
                        output: output.baseAddress!, threads: threadCount)
                    run(passes.rowBandCount, passes.blurAlongRows)
                    run(passes.columnTileCount, passes.blurAlongColumns)
                }
            }
            initialized = values.count
        }
    }

    private func run(_ count: Int, _ work: @Sendable (Int) -> Void) {
        if threadCount == 1 || count == 1 {
            for index in 0..<count { work(index) }
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: work)
        }
    }
}

/// One blur's buffers and its two passes, split into pieces of work that
/// write disjoint memory.
private struct BlurPasses: @unchecked Sendable {
    let weights: UnsafePointer<Float>
    let radius: Int
    let width: Int
    let height: Int
    let channels: Int
    /// What the row pass reads.
    let source: UnsafePointer<Float>
    /// `height + 2·radius` rows; the row pass fills the middle ones.
    let padded: UnsafeMutablePointer<Float>
    /// What the column pass writes.
    let output: UnsafeMutablePointer<Float>
    /// Rows per piece of the row pass: about 8 pieces per thread keep every
    /// core busy to the end.
    let rowsPerBand: Int

    init(
        weights: UnsafePointer<Float>, radius: Int, width: Int, height: Int, channels: Int,
        source: UnsafePointer<Float>, padded: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>,
        threads: Int
    ) {
        self.weights = weights
        self.radius = radius
        self.width = width
        self.height = height
        self.channels = channels
        self.source = source
        self.padded = padded
        self.output = output
        rowsPerBand = max(1, height / (threads * 8))
    }

    var rowLength: Int { width * channels }
    var rowBandCount: Int { (height + rowsPerBand - 1) / rowsPerBand }

    /// Floats per column strip: 256 pixels of four channels (4 KB a row)
    /// keep a strip's `2·radius + 1` rows in a core's L2 cache well past
    /// σ = 20.
    static let stripLength = 1024
    /// Rows per piece of the column pass.
    static let tileHeight = 256
    var stripCount: Int { (rowLength + Self.stripLength - 1) / Self.stripLength }
    var columnTileCount: Int { stripCount * ((height + Self.tileHeight - 1) / Self.tileHeight) }

    /// Blurs one band of rows along x: each row is copied between `radius`
    /// zero pixels on either side and convolved with a step of one pixel
    /// into its row of `padded`.
    func blurAlongRows(band: Int) {
        let first = band * rowsPerBand
        let last = min(first + rowsPerBand, height)
        let margin = radius * channels
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + 2 * margin)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: rowLength + 2 * margin)
        for y in first..<last {
            (scratch + margin).update(from: source + y * rowLength, count: rowLength)
            convolveSymmetric(
                center: scratch + margin, step: channels, weights: weights, radius: radius,
                output: padded + (y + radius) * rowLength, count: rowLength)
        }
    }

    /// Blurs one tile (a strip of columns, a band of rows) along y, from
    /// `padded` into `output`; the zero rows of `padded` stand for the
    /// transparent outside.
    func blurAlongColumns(tile: Int) {
        let strip = tile % stripCount
        let firstRow = (tile / stripCount) * Self.tileHeight
        let lastRow = min(firstRow + Self.tileHeight, height)
        let start = strip * Self.stripLength
        let count = min(Self.stripLength, rowLength - start)
        for y in firstRow..<lastRow {
            convolveSymmetric(
                center: padded + (y + radius) * rowLength + start, step: rowLength, weights: weights,
                radius: radius, output: output + y * rowLength + start, count: count)
        }
    }
}

/// `output[i] = w₀·center[i] + Σₖ wₖ·(center[i − k·step] + center[i + k·step])`
/// for `k = 1…radius` and `i` in `0..<count`: one pass of the separable
/// blur over `count` consecutive floats, `step` floats between neighbouring
/// taps (one pixel along a row, one row along a column). Twin of
/// `convolveSymmetric` in Shaders/blur.frag, which sums in the same order.
@inline(__always)
func convolveSymmetric(
    center: UnsafePointer<Float>, step: Int, weights: UnsafePointer<Float>, radius: Int,
    output: UnsafeMutablePointer<Float>, count: Int
) {
    typealias Lanes = SIMD16<Float>
    let lanes = Lanes.scalarCount
    let w0 = weights[0]
    let stepBytes = step &* MemoryLayout<Float>.stride
    var i = 0
    while i &+ lanes <= count {
        let base = UnsafeRawPointer(center + i)
        var sum = Lanes(repeating: w0) * base.loadUnaligned(as: Lanes.self)
        var k = 1
        var offset = stepBytes
        while k <= radius {
            let left = base.loadUnaligned(fromByteOffset: 0 &- offset, as: Lanes.self)
            let right = base.loadUnaligned(fromByteOffset: offset, as: Lanes.self)
            sum += Lanes(repeating: weights[k]) * (left + right)
            k &+= 1
            offset &+= stepBytes
        }
        UnsafeMutableRawPointer(output + i).storeBytes(of: sum, as: Lanes.self)
        i &+= lanes
    }
    while i < count {
        var sum = w0 * center[i]
        var k = 1
        while k <= radius {
            sum += weights[k] * (center[i - k * step] + center[i + k * step])
            k += 1
        }
        output[i] = sum
        i += 1
    }
}
