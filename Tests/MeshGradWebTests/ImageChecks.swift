import MeshGradCore

/// The `size` region of `image` whose top-left pixel is `origin`.
func crop(_ image: RGBAImage<UInt8>, at origin: (Int, Int), _ size: (width: Int, height: Int)) -> RGBAImage<UInt8> {
    var out = RGBAImage<UInt8>(width: size.width, height: size.height)
    for y in 0..<size.height {
        let from = ((origin.1 + y) * image.width + origin.0) * 4
        let to = y * size.width * 4
        out.components[to..<to + size.width * 4] = image.components[from..<from + size.width * 4]
    }
    return out
}

/// `image` composited over white and made opaque: what a page over white shows.
func overWhite(_ image: RGBAImage<UInt8>) -> RGBAImage<UInt8> {
    var out = image
    for p in 0..<(image.width * image.height) {
        let a = Double(image.components[p * 4 + 3]) / 255
        for c in 0..<3 {
            out.components[p * 4 + c] = UInt8((Double(image.components[p * 4 + c]) * a + 255 * (1 - a)).rounded())
        }
        out.components[p * 4 + 3] = 255
    }
    return out
}

func overWhite(_ image: RGBAImage<Float>) -> RGBAImage<Float> {
    var out = image
    for p in 0..<(image.width * image.height) {
        let a = image.components[p * 4 + 3]
        for c in 0..<3 { out.components[p * 4 + c] = image.components[p * 4 + c] * a + (1 - a) }
        out.components[p * 4 + 3] = 1
    }
    return out
}

/// The largest channel difference per pixel of two images of one size:
/// its maximum and 99.9th percentile, in 8-bit levels.
struct PixelDifference: CustomStringConvertible {
    var maximum: Int
    var p999: Int
    var differing: Int
    /// Pixels more than 2 levels off.
    var beyond2: Int

    init(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>) {
        precondition(a.width == b.width && a.height == b.height)
        var largest = [Int](repeating: 0, count: a.width * a.height)
        for p in 0..<largest.count {
            for c in 0..<4 {
                largest[p] = max(largest[p], abs(Int(a.components[p * 4 + c]) - Int(b.components[p * 4 + c])))
            }
        }
        let sorted = largest.sorted()
        maximum = sorted.last ?? 0
        p999 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.999))]
        differing = largest.filter { $0 > 0 }.count
        beyond2 = largest.filter { $0 > 2 }.count
    }

    var description: String { "max \(maximum), p99.9 \(p999), \(differing) differ, \(beyond2) by more than 2" }
}
