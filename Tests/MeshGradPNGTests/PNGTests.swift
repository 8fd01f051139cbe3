import Foundation
import MeshGradCore
import MeshGradTestSupport
import Testing

@testable import MeshGradPNG

@Suite struct PNGTests {
    static func gradient8(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> RGBAImage<UInt8> {
        var image = RGBAImage<UInt8>(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = SIMD4(
                    UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x ^ y) & 255),
                    alpha(x, y))
            }
        }
        return image
    }

    @Test func opaque8BitIsRGBAndRoundTrips() throws {
        let image = Self.gradient8(width: 33, height: 17)
        let bytes = try PNGEncoder().encode(image)
        #expect(bytes[25] == 2)  // IHDR color type: RGB
        #expect(bytes[24] == 8)  // bit depth
        let decoded = try PNGDecoder.decode(bytes)
        #expect(!decoded.hasAlpha)
        #expect(decoded.image8 == image)
    }

    @Test func translucent8BitIsRGBA() throws {
        let image = Self.gradient8(width: 20, height: 10) { x, _ in UInt8(x * 12) }
        let bytes = try PNGEncoder(compressionLevel: 1).encode(image)
        #expect(bytes[25] == 6)  // RGBA
        let decoded = try PNGDecoder.decode(bytes)
        #expect(decoded.hasAlpha)
        #expect(decoded.image8 == image)
    }

    @Test func sixteenBitRoundTripsInNativeOrder() throws {
        var image = RGBAImage<UInt16>(width: 9, height: 7)
        for y in 0..<7 {
            for x in 0..<9 { image[x, y] = SIMD4(UInt16(x * 7000), UInt16(y * 9000 + 1), 0x1234, 0xffff) }
        }
        let bytes = try PNGEncoder().encode(image)
        #expect(bytes[24] == 16)
        guard case .rgba16(let decoded, let hasAlpha) = try PNGDecoder.decode(bytes) else {
            Issue.record("expected a 16-bit image")
            return
        }
        #expect(!hasAlpha)
        #expect(decoded == image)
    }

    @Test func everyCompressionLevelDecodesBitExactly() throws {
        let image = Self.gradient8(width: 64, height: 64) { x, y in UInt8((x + y) * 2) }
        for level in 0...9 {
            #expect(try PNGDecoder.decode(PNGEncoder(compressionLevel: level).encode(image)).image8 == image)
        }
    }

    @Test func pngcheckAcceptsTheOutput() throws {
        guard
            let pngcheck = ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            // pngcheck comes from .ci/run; without it this check cannot run.
            return
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-pngcheck-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try AtomicFile.write(PNGEncoder().encode(Self.gradient8(width: 50, height: 40) { x, _ in UInt8(x) }), to: url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pngcheck)
        process.arguments = ["-q", url.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func garbageIsAnErrorNotACrash() {
        #expect(throws: PNGError.self) { try PNGDecoder.decode([1, 2, 3]) }
        var truncated = try! PNGEncoder().encode(Self.gradient8(width: 30, height: 30))
        truncated.removeLast(100)
        #expect(throws: PNGError.self) { try PNGDecoder.decode(truncated) }
    }

    @Test func atomicWriteNeverLeavesAPartialFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-atomic-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.png")
        try Data("previous".utf8).write(to: target)
        let file = try AtomicFile(destination: target)
        try file.write(Data("half".utf8))
        file.abandon()
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.png"])
        try AtomicFile.write(Data("new".utf8), to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(throws: FileWriteError.self) {
            try AtomicFile.write(Data(), to: directory.appendingPathComponent("missing/out.png"))
        }
    }
}
