import Foundation
import MeshGradCore
import Synchronization
import Testing

@testable import MeshGradPNG

/// An encoder whose threads draw its pieces (`encodeRows(drawing:)`) writes
/// the bytes that appending the same rows writes, draws every row (and
/// only the rows above pieces twice), keeps its pieces in flight bounded,
/// and stops cleanly on a failure.
@Suite struct PiecesDrawnInParallelTests {
    /// What one drawn encoding did: the file, and the row ranges drawn.
    struct Drawn {
        var bytes: [UInt8]
        var ranges: [Range<Int>]
    }

    /// `image` encoded with its rows drawn on the encoder's threads, copied
    /// from the image.
    static func drawn<C: FixedWidthInteger>(
        _ image: RGBAImage<C>, options: PNGStreamEncoder.Options
    ) throws -> Drawn {
        let sink = RecordingSink()
        let encoder = try PNGStreamEncoder(
            width: image.width, height: image.height, bitDepth: C.bitWidth, channels: image.isOpaque ? 3 : 4,
            options: options
        ) { sink.calls.append($0) }
        let ranges = Mutex<[Range<Int>]>([])
        let rowComponents = image.width * 4
        _ = try image.components.withUnsafeBufferPointer { source in
            try encoder.encodeRows { (rows, buffer: UnsafeMutablePointer<C>) in
                ranges.withLock { $0.append(rows) }
                buffer.update(
                    from: source.baseAddress! + rows.lowerBound * rowComponents, count: rows.count * rowComponents)
            }
        }
        try encoder.finish()
        return Drawn(bytes: sink.bytes, ranges: ranges.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound })
    }

    @Test(arguments: [1, 2, 3])
    func drawingWritesTheBytesAppendingWrites(threads: Int) throws {
        let images = [
            TestImages.gradient8(width: 301, height: 257, dithered: true, opaque: true),
            TestImages.gradient8(width: 97, height: 190, dithered: false, opaque: false),
        ]
        for image in images {
            for pieceBytes in [1, 3000, 40_000, 1 << 20] {
                let options = PNGStreamEncoder.Options(threads: threads, pieceBytes: pieceBytes)
                let drawn = try Self.drawn(image, options: options)
                #expect(drawn.bytes == (try PNGStreamEncoderTests.encode8(image, options: options)))
                #expect(try PNGStreamEncoderTests.decode8(drawn.bytes) == image)
            }
        }
        let deep = TestImages.gradient16(width: 120, height: 150, opaque: false)
        let options = PNGStreamEncoder.Options(threads: threads, pieceBytes: 20_000)
        #expect(try Self.drawn(deep, options: options).bytes == PNGStreamEncoderTests.encode16(deep, options: options))
    }

    @Test func everyRowIsDrawnWithTheRowAboveItsPiece() throws {
        let image = TestImages.gradient8(width: 50, height: 400, dithered: true, opaque: true)
        // 150 bytes a row: 6,000 bytes are 40 rows, rounded to 32.
        let drawn = try Self.drawn(image, options: .init(threads: 3, pieceBytes: 6000))
        let starts = drawn.ranges.map(\.lowerBound)
        #expect(starts == [0] + stride(from: 31, to: 400, by: 32).map { $0 })
        for (range, next) in zip(drawn.ranges, drawn.ranges.dropFirst()) {
            #expect(range.upperBound == next.lowerBound + 1)
        }
        #expect(drawn.ranges.last?.upperBound == 400)
    }

    @Test func piecesHoldMultiplesOf32RowsFrom16On() {
        let rows = [1, 15, 16, 40, 47, 48, 91, 135].map(PNGStreamEncoder.rowsPerPiece)
        #expect(rows == [1, 15, 32, 32, 32, 64, 96, 128])
    }

    @Test(arguments: [1, 2, 4])
    func piecesDrawnAndNotWrittenStayBounded(threads: Int) throws {
        let width = 40
        let height = 600
        let counts = Mutex((drawn: 0, written: 0, most: 0))
        let encoder = try PNGStreamEncoder(
            width: width, height: height, bitDepth: 8, channels: 3, options: .init(threads: threads, pieceBytes: 1)
        ) { bytes in
            if PNGStreamEncoderTests.chunkTypes(PNGHeader.signature + bytes) == ["IDAT"] {
                counts.withLock { $0.written += 1 }
            }
        }
        let row = TestImages.gradient8(width: width, height: 1, dithered: true, opaque: true).components
        try encoder.encodeRows { (rows, buffer: UnsafeMutablePointer<UInt8>) in
            counts.withLock { c in
                c.drawn += 1
                c.most = max(c.most, c.drawn - c.written)
            }
            for r in 0..<rows.count { (buffer + r * width * 4).update(from: row, count: width * 4) }
        }
        try encoder.finish()
        let (drawn, written, most) = counts.withLock { ($0.drawn, $0.written, $0.most) }
        #expect(drawn == height && written == height)
        #expect(most <= 2 * threads)
    }

    @Test(arguments: [1, 3])
    func aFailingDrawStopsEveryThreadWithItsError(threads: Int) throws {
        struct DrawFailure: Error, Equatable {}
        let sink = RecordingSink()
        let encoder = try PNGStreamEncoder(
            width: 30, height: 500, bitDepth: 8, channels: 3, options: .init(threads: threads, pieceBytes: 90)
        ) { sink.calls.append($0) }
        #expect(throws: DrawFailure()) {
            try encoder.encodeRows { (rows, buffer: UnsafeMutablePointer<UInt8>) in
                if rows.contains(250) { throw DrawFailure() }
                buffer.update(repeating: 7, count: rows.count * 30 * 4)
            }
        }
        // Nothing past the failing piece, and the encoder stays failed.
        let written = sink.bytes.count
        #expect(throws: DrawFailure()) { try encoder.finish() }
        #expect(sink.bytes.count == written)
    }

    @Test func aThrowingSinkStopsTheDrawing() throws {
        let drawnRows = Mutex(0)
        var calls = 0
        let encoder = try PNGStreamEncoder(
            width: 30, height: 2000, bitDepth: 8, channels: 3, options: .init(threads: 2, pieceBytes: 90)
        ) { _ in
            defer { calls += 1 }
            if calls == 3 { throw SinkFailure(call: calls) }
        }
        #expect(throws: SinkFailure(call: 3)) {
            try encoder.encodeRows { (rows, buffer: UnsafeMutablePointer<UInt8>) in
                drawnRows.withLock { $0 += rows.count }
                buffer.update(repeating: 9, count: rows.count * 30 * 4)
            }
        }
        // Pieces in flight when it failed were drawn; the rest never were.
        #expect(drawnRows.withLock { $0 } < 200)
    }
}
