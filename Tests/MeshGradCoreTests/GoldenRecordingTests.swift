import Foundation
import MeshGradCore
import MeshGradTestSupport
import Testing

/// The golden check itself: recording must fail (so that a forgotten
/// `RECORD=1` cannot turn the suite green), and a mismatch must name a diff
/// image of its own test and backend.
@Suite struct GoldenRecordingTests {
    func image(_ alpha: UInt8) -> RGBAImage<UInt8> {
        var image = RGBAImage<UInt8>(width: 8, height: 4)
        for y in 0..<4 { for x in 0..<8 { image[x, y] = SIMD4(UInt8(x * 30), 90, UInt8(y * 60), alpha) } }
        return image
    }

    @Test func recordingWritesTheGoldenAndFails() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-golden-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let recorded = GoldenImage.check(image(255), named: "probe", recording: true, in: dir)
        #expect(recorded?.hasPrefix("recorded ") == true && recorded?.contains("run again") == true)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("probe.png").path))
        // Run again: it matches.
        #expect(GoldenImage.check(image(255), named: "probe", recording: false, in: dir) == nil)
        // A backend that does not record compares even while recording.
        #expect(
            GoldenImage.check(image(255), named: "probe", backend: "gl", records: false, recording: true, in: dir)
                == nil)
    }

    @Test func aMismatchNamesItsOwnDiffImageAndSeesAlpha() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-golden-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = GoldenImage.check(image(255), named: "probe", recording: true, in: dir)
        // Only alpha differs: still a mismatch, in the gl diff's own file.
        let failure = try #require(
            GoldenImage.check(image(128), named: "probe", backend: "gl", recording: false, in: dir))
        let diff = GoldenImage.diffURL(name: "probe", backend: "gl")
        #expect(failure.contains(diff.path))
        #expect(diff != GoldenImage.diffURL(name: "probe", backend: "cpu"))
        #expect(FileManager.default.fileExists(atPath: diff.path))
        try? FileManager.default.removeItem(at: diff)
    }
}
