import Foundation

/// How far two 8-bit renderings of the same plan are apart, and whether
/// that is within the tolerance that holds the GPU to the CPU reference:
/// at most 2 levels anywhere except within a pixel of an anti-aliased mesh
/// border (where 4× MSAA and the CPU's sample coverage may legitimately
/// differ), and at least 99.9 % of all pixels within 1 level.
///
/// A pixel's difference is the largest absolute difference over its four
/// components, on the 0–255 scale, with colors premultiplied by their alpha:
/// what a viewer composites. (Under a nearly transparent pixel the straight
/// color is the quotient of two tiny numbers and means nothing; for opaque
/// pixels this is the plain straight difference.)
public struct ImageComparison: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var maximum = 0
    /// The largest difference outside the border band.
    public private(set) var maximumAwayFromBorder = 0
    public private(set) var mean = 0.0
    public private(set) var percentile999 = 0
    /// Peak signal-to-noise ratio in dB over all components; infinite when
    /// the images are identical.
    public private(set) var psnr = Double.infinity
    /// Pixels differing by more than one level.
    public private(set) var countAboveOne = 0
    let differences: [UInt8]
    let border: BorderBand?
    /// How many pixels differ by each level, 0…255.
    public let histogram: [Int]

    public static let maximumAllowed = 2
    public static let shareWithinOneRequired = 0.999

    public init(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>, border: BorderBand? = nil) {
        precondition(a.width == b.width && a.height == b.height, "images of different sizes")
        width = a.width
        height = a.height
        self.border = border
        var differences = [UInt8](repeating: 0, count: width * height)
        var histogram = [Int](repeating: 0, count: 256)
        var squares = 0.0
        var sum = 0.0
        for p in 0..<(width * height) {
            let alphaA = Double(a.components[p * 4 + 3])
            let alphaB = Double(b.components[p * 4 + 3])
            var largestExact = abs(alphaA - alphaB)
            squares += largestExact * largestExact
            for c in 0..<3 {
                let d = abs(Double(a.components[p * 4 + c]) * alphaA - Double(b.components[p * 4 + c]) * alphaB) / 255
                largestExact = max(largestExact, d)
                squares += d * d
            }
            let largest = Int(largestExact.rounded())
            differences[p] = UInt8(largest)
            histogram[largest] += 1
            sum += Double(largest)
            maximum = max(maximum, largest)
            if largest > 1 { countAboveOne += 1 }
            if largest > maximumAwayFromBorder, border?.contains(p % width, p / width) != true {
                maximumAwayFromBorder = largest
            }
        }
        self.differences = differences
        self.histogram = histogram
        let count = max(1, width * height)
        mean = sum / Double(count)
        let mse = squares / Double(count * 4)
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
        // The 99.9th percentile: the smallest level that at least 99.9 % of
        // pixels are within.
        var cumulative = 0
        for level in 0..<256 {
            cumulative += histogram[level]
            if Double(cumulative) >= 0.999 * Double(count) {
                percentile999 = level
                break
            }
        }
    }

    /// Pixels differing by more than `level`.
    public func countAbove(_ level: Int) -> Int {
        histogram[min(max(level + 1, 0), 256)...].reduce(0, +)
    }

    public var shareAboveOne: Double { Double(countAboveOne) / Double(max(1, width * height)) }

    public var isWithinTolerance: Bool {
        maximumAwayFromBorder <= Self.maximumAllowed && 1 - shareAboveOne >= Self.shareWithinOneRequired
    }

    /// One line: max, mean, 99.9th percentile, PSNR, share above 1.
    public var summary: String {
        let psnrText = psnr.isInfinite ? "inf" : String(format: "%.2f dB", psnr)
        var text = String(
            format: "max %d, mean %.4f, p99.9 %d, PSNR %@, %.3f%% of pixels differ by more than 1 (%d of %d)",
            maximum, mean, percentile999, psnrText, shareAboveOne * 100, countAboveOne, width * height)
        if border != nil && maximum != maximumAwayFromBorder {
            text += String(format: ", max %d away from the anti-aliased border", maximumAwayFromBorder)
        }
        return text
    }

    /// The differences as a picture: black where equal, grey levels ×64 for
    /// small differences, red where a pixel breaks the tolerance, and the
    /// border band tinted blue.
    public func diffImage() -> RGBAImage<UInt8> {
        var image = RGBAImage<UInt8>(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let d = Int(differences[y * width + x])
                let inBand = border?.contains(x, y) == true
                let grey = UInt8(min(255, d * 64))
                if d > Self.maximumAllowed && !inBand {
                    image[x, y] = SIMD4(255, 0, 0, 255)
                } else {
                    image[x, y] = SIMD4(grey, grey, inBand ? max(grey, 60) : grey, 255)
                }
            }
        }
        return image
    }
}

/// The pixels within about a pixel of a mesh's outer border, where
/// anti-aliasing makes renderers legitimately differ. Empty when the plan
/// does not anti-alias (the border is outside the canvas, or AA is off).
public struct BorderBand: Sendable {
    let width: Int
    let height: Int
    private var marked: [Bool]

    public init(plan: RenderPlan, radius: Double = 1.5) {
        width = plan.width
        height = plan.height
        marked = [Bool](repeating: false, count: width * height)
        guard plan.antialiasesBorder else { return }
        let polygon = plan.tessellation.outerBorder(columns: plan.columns, rows: plan.rows)
        for k in 0..<polygon.count {
            let a = polygon[k]
            let b = polygon[(k + 1) % polygon.count]
            let x0 = max(0, Int((min(a.x, b.x) - radius).rounded(.down)))
            let x1 = min(width - 1, Int((max(a.x, b.x) + radius).rounded(.up)))
            let y0 = max(0, Int((min(a.y, b.y) - radius).rounded(.down)))
            let y1 = min(height - 1, Int((max(a.y, b.y) + radius).rounded(.up)))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 where distance(SIMD2(Double(x) + 0.5, Double(y) + 0.5), a, b) <= radius {
                    marked[y * width + x] = true
                }
            }
        }
    }

    public func contains(_ x: Int, _ y: Int) -> Bool { marked[y * width + x] }

    public var count: Int { marked.lazy.filter { $0 }.count }
}

private func distance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let ab = b - a
    let length2 = (ab * ab).sum()
    let t = length2 > 0 ? min(max(((p - a) * ab).sum() / length2, 0), 1) : 0
    let d = p - (a + t * ab)
    return (d * d).sum().squareRoot()
}
