import Foundation
import MeshGradCore
import MeshGradPNG

/// Golden-image checks in the manner of tiny-skia and vello: small PNGs
/// kept in `Tests/Goldens`, compared with ``ImageComparison`` (the one
/// image-difference definition, which `meshgrad compare` uses too:
/// premultiplied, largest component difference per pixel).
///
/// Recording (`RECORD=1`) writes the golden *and fails* the check with
/// "recorded …, run again": a forgotten variable can never turn the suite
/// green. On a mismatch a side-by-side diff image (expected | actual |
/// difference ×16, over a checkerboard so that alpha shows) is written to
/// the temporary folder under the test's and the backend's name.
public enum GoldenImage {
    /// `Tests/Goldens` in the source tree.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Whether goldens are being (re)recorded: `RECORD=1 swift test`.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD"] == "1" }

    /// Compares `image` with the golden `name.png`; returns nil when they
    /// match within `tolerance` (levels, 0–255, premultiplied), or a
    /// description of the mismatch. `backend` names the renderer that drew
    /// `image` (its diff image is its own). When recording, a backend that
    /// `records` writes the golden and returns "recorded …, run again"; one
    /// that does not (the GPU, held to the CPU's goldens) compares as usual.
    public static func check(
        _ image: RGBAImage<UInt8>, named name: String, backend: String = "cpu", tolerance: Int = 0,
        records: Bool = true, recording: Bool = isRecording, in directory: URL = directory
    ) -> String? {
        let url = directory.appendingPathComponent("\(name).png")
        if recording && records {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try AtomicFile.write(PNGEncoder(compressionLevel: 9).encode(image), to: url)
            } catch {
                return "could not record \(url.path): \(error)"
            }
            return "recorded \(url.path), run again without RECORD=1 (and look at the image before committing it)"
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return "no golden image \(url.path); record it with RECORD=1 swift test, then run again"
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
        let comparison = ImageComparison(expected, image)
        guard comparison.maximum > tolerance else { return nil }
        let diffURL = diffURL(name: name, backend: backend)
        try? AtomicFile.write(PNGEncoder().encode(sideBySide(expected, image)), to: diffURL)
        return "\(name) (\(backend)): \(comparison.countAbove(tolerance)) pixels differ by more than \(tolerance) "
            + "(\(comparison.summary)); diff image: \(diffURL.path)"
    }

    /// Where the diff image of test `name` drawn by `backend` goes: one
    /// file per test and backend, so the CPU's and the GPU's never overwrite
    /// each other.
    public static func diffURL(name: String, backend: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-diff-\(name)-\(backend).png")
    }

    /// Expected and actual over a grey checkerboard (so transparency shows
    /// as checks and alpha differences as visible ones), then their
    /// difference ×16 per component, alpha included (shown as white where
    /// only alpha differs), opaque.
    static func sideBySide(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>) -> RGBAImage<UInt8> {
        let w = a.width
        var out = RGBAImage<UInt8>(width: w * 3, height: a.height)
        for y in 0..<a.height {
            for x in 0..<w {
                let p = a[x, y]
                let q = b[x, y]
                let check: Int = ((x / 4 + y / 4) % 2 == 0) ? 204 : 153
                out[x, y] = overCheck(p, check)
                out[x + w, y] = overCheck(q, check)
                var d = SIMD4<UInt8>(repeating: 255)
                let alpha = min(255, abs(Int(p[3]) - Int(q[3])) * 16)
                for c in 0..<3 { d[c] = UInt8(max(alpha, min(255, abs(Int(p[c]) - Int(q[c])) * 16))) }
                out[x + 2 * w, y] = d
            }
        }
        return out
    }

    private static func overCheck(_ p: SIMD4<UInt8>, _ check: Int) -> SIMD4<UInt8> {
        let alpha = Int(p[3])
        var result = SIMD4<UInt8>(repeating: 255)
        for c in 0..<3 { result[c] = UInt8((Int(p[c]) * alpha + check * (255 - alpha) + 127) / 255) }
        return result
    }
}

/// The histogram of two 8-bit images' per-pixel differences, by the one
/// definition (``ImageComparison``: premultiplied, largest component).
public struct ImageDifference {
    public var maximum = 0
    public var differingPixels = 0
    public var histogram = [Int](repeating: 0, count: 256)

    public init(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>, tolerance: Int = 0) {
        let comparison = ImageComparison(a, b)
        histogram = comparison.histogram
        maximum = comparison.maximum
        differingPixels = comparison.countAbove(tolerance)
    }
}
