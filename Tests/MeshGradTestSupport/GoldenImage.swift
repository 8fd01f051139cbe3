import Foundation
import MeshGradCore
import MeshGradPNG

/// Golden-image checks in the manner of tiny-skia and vello: small PNGs
/// kept in `Tests/Goldens`, compared per channel with a tolerance, rewritten
/// when `RECORD=1` is set, and on a mismatch a side-by-side diff image
/// (expected | actual | difference ×16) is written next to the test's
/// temporary files and named in the failure.
public enum GoldenImage {
    /// `Tests/Goldens` in the source tree.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Whether goldens are being (re)recorded: `RECORD=1 swift test`.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD"] == "1" }

    /// Compares `image` with the golden `name.png`; returns nil when they
    /// match within `tolerance` (per channel, 0–255), or a description of
    /// the mismatch. When recording, writes the golden and returns nil.
    public static func check(_ image: RGBAImage<UInt8>, named name: String, tolerance: Int = 0) -> String? {
        let url = directory.appendingPathComponent("\(name).png")
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try AtomicFile.write(PNGEncoder(compressionLevel: 9).encode(image), to: url)
            } catch {
                return "could not record \(url.path): \(error)"
            }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return "no golden image \(url.path); record it with RECORD=1 swift test"
        }
        let expected: RGBAImage<UInt8>
        do {
            expected = try PNGDecoder.decode(Array(data)).image8
        } catch {
            return "cannot decode \(url.path): \(error)"
        }
        guard expected.width == image.width, expected.height == image.height else {
            return "\(name): size \(image.width)×\(image.height), golden is \(expected.width)×\(expected.height)"
        }
        let stats = ImageDifference(expected, image)
        guard stats.maximum > tolerance else { return nil }
        let diffURL = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-diff-\(name).png")
        try? AtomicFile.write(PNGEncoder().encode(sideBySide(expected, image)), to: diffURL)
        return
            "\(name): \(stats.differingPixels) pixels differ by more than \(tolerance) (max \(stats.maximum)); diff image: \(diffURL.path)"
    }

    /// Expected, actual and their absolute difference magnified 16 times.
    static func sideBySide(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>) -> RGBAImage<UInt8> {
        let w = a.width
        var out = RGBAImage<UInt8>(width: w * 3, height: a.height)
        for y in 0..<a.height {
            for x in 0..<w {
                let p = a[x, y]
                let q = b[x, y]
                out[x, y] = p
                out[x + w, y] = q
                var d = SIMD4<UInt8>(repeating: 255)
                for c in 0..<3 { d[c] = UInt8(min(255, abs(Int(p[c]) - Int(q[c])) * 16)) }
                out[x + 2 * w, y] = d
            }
        }
        return out
    }
}

/// Per-channel absolute differences between two 8-bit images.
public struct ImageDifference {
    public var maximum = 0
    public var differingPixels = 0
    public var histogram = [Int](repeating: 0, count: 256)

    public init(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>, tolerance: Int = 0) {
        precondition(a.width == b.width && a.height == b.height)
        for i in stride(from: 0, to: a.components.count, by: 4) {
            var pixelMax = 0
            for c in 0..<4 {
                pixelMax = max(pixelMax, abs(Int(a.components[i + c]) - Int(b.components[i + c])))
            }
            histogram[pixelMax] += 1
            maximum = max(maximum, pixelMax)
            if pixelMax > tolerance { differingPixels += 1 }
        }
    }
}
