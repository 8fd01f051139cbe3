import Foundation
import MeshGradCore
import MeshGradPNG

/// Runs an external rasterizer (pdftoppm, inkscape, chromium) the tests
/// compare against; nil when it is not installed.
func runTool(_ executable: String, _ arguments: [String]) throws -> Int32? {
    let candidates = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + executable }
    guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-interchange-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func readPNG(_ url: URL) throws -> RGBAImage<UInt8> {
    let bytes = try [UInt8](Data(contentsOf: url))
    switch try PNGDecoder.decode(bytes) {
    case .rgba8(let image, _): return image
    case .rgba16(let image, _):
        return RGBAImage(width: image.width, height: image.height, components: image.components.map { UInt8($0 >> 8) })
    }
}

/// `image` over white, opaque: what a PDF viewer's paper shows.
func overWhite(_ image: RGBAImage<UInt8>) -> RGBAImage<UInt8> {
    var out = image
    for p in 0..<(image.width * image.height) {
        let a = Double(image.components[p * 4 + 3]) / 255
        for c in 0..<3 {
            let v = Double(image.components[p * 4 + c]) * a + 255 * (1 - a)
            out.components[p * 4 + c] = UInt8(v.rounded())
        }
        out.components[p * 4 + 3] = 255
    }
    return out
}

/// Per-pixel largest channel difference of two opaque images, over the
/// pixels `include` accepts: the 99.9th percentile and the maximum.
struct AwayFromEdges: CustomStringConvertible {
    var p999 = 0
    var maximum = 0
    var mean = 0.0

    init(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>, include: (Int, Int) -> Bool) {
        var histogram = [Int](repeating: 0, count: 256)
        var count = 0
        var sum = 0
        for y in 0..<a.height {
            for x in 0..<a.width where include(x, y) {
                let p = (y * a.width + x) * 4
                var d = 0
                for c in 0..<3 { d = max(d, abs(Int(a.components[p + c]) - Int(b.components[p + c]))) }
                histogram[d] += 1
                count += 1
                sum += d
                maximum = max(maximum, d)
            }
        }
        mean = Double(sum) / Double(max(count, 1))
        var cumulative = 0
        for level in 0..<256 {
            cumulative += histogram[level]
            if Double(cumulative) >= 0.999 * Double(count) {
                p999 = level
                break
            }
        }
    }

    var description: String { "p99.9 \(p999), max \(maximum), mean \(String(format: "%.3f", mean))" }
}

/// Pixels within a pixel of a jump of more than `threshold` levels
/// between neighbours in `image`: edges drawn inside the picture.
func sharpEdges(_ image: RGBAImage<UInt8>, threshold: Int) -> [Bool] {
    let (w, h) = (image.width, image.height)
    var jump = [Bool](repeating: false, count: w * h)
    func d(_ a: Int, _ b: Int) -> Int {
        (0..<3).map { abs(Int(image.components[a * 4 + $0]) - Int(image.components[b * 4 + $0])) }.max()!
    }
    for y in 0..<h {
        for x in 0..<w {
            let p = y * w + x
            if x + 1 < w, d(p, p + 1) > threshold { jump[p] = true; jump[p + 1] = true }
            if y + 1 < h, d(p, p + w) > threshold { jump[p] = true; jump[p + w] = true }
        }
    }
    var grown = jump
    for y in 0..<h {
        for x in 0..<w where jump[y * w + x] {
            for dy in -1...1 {
                for dx in -1...1 where (0..<w).contains(x + dx) && (0..<h).contains(y + dy) {
                    grown[(y + dy) * w + x + dx] = true
                }
            }
        }
    }
    return grown
}
