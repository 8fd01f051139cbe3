import Foundation
import MeshGradCore
import MeshGradExport
import MeshGradPNG
import MeshGradPipeline
import Testing

/// The band writer drawing pieces on the encoder's threads writes the same
/// file as rendering bands and encoding them in turn, and fails as
/// cleanly.
@Suite struct BandedWriterTests {
    struct BandFailure: Error {}

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-bands-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A pattern no two bands share, with alpha, so the RGBA path is used.
    static func fill(_ rows: Range<Int>, _ buffer: UnsafeMutableRawPointer, width: Int) {
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        for y in rows {
            for x in 0..<width {
                let at = ((y - rows.lowerBound) * width + x) * 4
                bytes[at] = UInt8(truncatingIfNeeded: x &* 7 &+ y)
                bytes[at + 1] = UInt8(truncatingIfNeeded: y &* 3)
                bytes[at + 2] = UInt8(truncatingIfNeeded: x ^ y)
                bytes[at + 3] = UInt8(truncatingIfNeeded: 128 + (x + y) % 100)
            }
        }
    }

    @Test func drawingPiecesWritesTheSameFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let width = 301
        let height = 777
        let writer = BandedPNGWriter(width: width, height: height, depth: .eight, opaque: false)
        #expect(writer.bandRows < height)
        let inTurn = dir.appendingPathComponent("in-turn.png")
        let ahead = dir.appendingPathComponent("drawn.png")
        var bandsInTurn: [Range<Int>] = []
        _ = try writer.write(to: inTurn) { rows, buffer in
            bandsInTurn.append(rows)
            Self.fill(rows, buffer, width: width)
            return 0
        }
        let lock = NSLock()
        var rowsDrawn = [Int](repeating: 0, count: height)
        _ = try writer.write(to: ahead, rendersOnAnyThread: true) { rows, buffer in
            lock.withLock { for y in rows { rowsDrawn[y] += 1 } }
            Self.fill(rows, buffer, width: width)
            return 0
        }
        #expect(bandsInTurn.count > 1)
        // Every row, and the rows above pieces twice.
        #expect(rowsDrawn.allSatisfy { $0 == 1 || $0 == 2 })
        #expect(rowsDrawn.filter { $0 == 2 }.count < height / 20)
        #expect(try Data(contentsOf: inTurn) == Data(contentsOf: ahead))
        let decoded = try PNGDecoder.decode([UInt8](Data(contentsOf: ahead)))
        #expect(decoded.width == width && decoded.height == height)
    }

    @Test func aFailingBandLeavesNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let width = 64
        let writer = BandedPNGWriter(width: width, height: 400, depth: .eight, opaque: true)
        let output = dir.appendingPathComponent("never.png")
        #expect(throws: BandFailure.self) {
            _ = try writer.write(to: output, rendersOnAnyThread: true) { rows, buffer in
                if rows.contains(200) { throw BandFailure() }
                Self.fill(rows, buffer, width: width)
                return 0
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
