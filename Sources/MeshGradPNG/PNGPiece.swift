import CDeflate
import CZlib
import Dispatch
import MeshGradCore
import Synchronization

/// A run of consecutive rows that one worker filters and deflates on its
/// own, into one IDAT chunk.
///
/// Pieces are what makes the encoder parallel (pigz's idea): each is an
/// independent raw deflate stream that ends byte-aligned on an empty stored
/// block (`Z_SYNC_FLUSH`), so the pieces concatenate into one valid zlib
/// stream: the first carries the zlib header, the last ends the stream
/// (`Z_FINISH`), and the Adler-32 checksums of the pieces combine
/// (`adler32_combine`) into the stream's trailer without rereading the data.
/// Each piece starts with an empty dictionary, which costs a few hundred
/// bytes per piece on gradients and nothing on noise.
final class PNGPiece: @unchecked Sendable {
    // Inputs, fixed before the piece is handed to a worker.
    let rows: PieceRows
    let bytesPerPixel: Int
    let filter: PNGFilterStrategy
    let compression: PNGCompression
    let isFirst: Bool
    let isLast: Bool

    // Results, written by ``compress()`` before ``done`` is signalled and
    // read only after waiting on it.

    /// The IDAT chunk so far: length, type and data, including the zlib
    /// header in the first piece and room (counted in the length) for the
    /// Adler-32 trailer in the last. The CRC is not yet appended.
    private(set) var chunk: [UInt8] = []
    /// Hands the chunk over, leaving the piece without it, so that the
    /// writer's appends (trailer, CRC) go into the chunk's own spare room
    /// instead of into a copy of its whole buffer.
    func takeChunk() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &chunk)
        return taken
    }

    /// CRC-32 of the chunk's type and data as far as written.
    private(set) var crc: UInt32 = 0
    /// Adler-32 of the piece's uncompressed (filtered) bytes, and their count.
    private(set) var adler: UInt32 = 1
    private(set) var uncompressedCount = 0
    private(set) var failure: PNGError?
    /// Signalled when the results are written, for waiting on them.
    let done = DispatchSemaphore(value: 0)
    /// Set at the same time, for asking without waiting: a semaphore's
    /// `wait(timeout: .now())` sleeps in the kernel (74 µs on average
    /// here), and a loaded machine woke the encoder's thread from it a
    /// millisecond or more later, with a worker idle meanwhile.
    private let finished = Atomic(false)

    var isDone: Bool { finished.load(ordering: .acquiring) }

    init(
        rows: PieceRows, bytesPerPixel: Int, filter: PNGFilterStrategy, compression: PNGCompression,
        isFirst: Bool, isLast: Bool
    ) {
        self.rows = rows
        self.bytesPerPixel = bytesPerPixel
        self.filter = filter
        self.compression = compression
        self.isFirst = isFirst
        self.isLast = isLast
    }

    /// Filters and deflates the rows; on a worker thread.
    func compress() {
        defer {
            finished.store(true, ordering: .releasing)
            done.signal()
        }
        rows.packLentRows()
        // The filtered bytes go to a block of the encoder's, like the rows.
        let block = rows.blocks.take()
        defer { rows.blocks.give(block) }
        uncompressedCount = rows.count * (rows.rowBytes + 1)
        let filtered = block.bindMemory(to: UInt8.self, capacity: uncompressedCount)
        filterRows(into: filtered)
        let buffer = UnsafeBufferPointer(start: filtered, count: uncompressedCount)
        // libdeflate's, in the widest vectors the processor has (a 4K
        // image's 25 MB in 0.6 ms, four times zlib 1.2's speed and twice
        // an SSE2 version's).
        adler = libdeflate_adler32(1, filtered, buffer.count)
        do throws(PNGError) {
            var bytes = try deflatedChunk(buffer)
            let dataCount = bytes.count - 8 + (isLast ? 4 : 0)
            bytes.replaceBigEndian(UInt32(dataCount), at: 0)
            crc = bytes.withUnsafeBufferPointer { crc32Of(UnsafeBufferPointer(rebasing: $0[4...])) }
            chunk = bytes
        } catch {
            failure = error
        }
    }

    /// The IDAT chunk of the filtered `buffer` without its length (zero)
    /// and CRC: deflated by the method its content calls for.
    private func deflatedChunk(_ buffer: UnsafeBufferPointer<UInt8>) throws(PNGError) -> [UInt8] {
        let content =
            compression.classifiesContent
            ? PieceContent(classifying: buffer.baseAddress!, count: buffer.count, bytesPerPixel: bytesPerPixel)
            : .runs
        var head: [UInt8] = []
        head.appendBigEndian(UInt32(0))  // the length, known below
        head.append(contentsOf: PNGChunkType.idat)
        head.append(contentsOf: isFirst ? compression.zlibHeader : [])
        // Room for the Adler-32 trailer and the CRC, appended later.
        let end = 8
        switch compression.method(for: content) {
        case .zlib(let level, let strategy):
            var bytes = head
            bytes.reserveCapacity(head.count + Deflater.bound(buffer.count) + end)
            try Deflater.compress(buffer, level: level, strategy: strategy, finishes: isLast, appendingTo: &bytes)
            return bytes
        case .literals:
            // Written in place: the most the codes may take, of which the
            // pages past what they do take are never touched.
            let room = head.count + LiteralDeflater.capacity(for: buffer.count) + end
            return [UInt8](unsafeUninitializedCapacity: room) { chunk, count in
                let base = chunk.baseAddress!
                base.initialize(from: head, count: head.count)
                count =
                    head.count + LiteralDeflater.compress(buffer, finishes: isLast, into: base + head.count)
            }
        }
    }

    /// One filter type byte and the filtered bytes per row, at `out`.
    private func filterRows(into out: UnsafeMutablePointer<UInt8>) {
        let rowBytes = rows.rowBytes
        let rowCount = rows.count
        let stride = rowBytes + 1
        if let fixed = filter.fixedFilter {
            for r in 0..<rowCount {
                out[r * stride] = fixed.rawValue
                fixed.apply(
                    row: rows.row(r), prior: rows.row(r - 1), count: rowBytes, bpp: bytesPerPixel,
                    output: out + r * stride + 1)
            }
        } else if rowBytes >= RowFilter.sampledRowBytes {
            for r in 0..<rowCount {
                let best = RowFilter.adaptiveChoice(
                    row: rows.row(r), prior: rows.row(r - 1), count: rowBytes, bpp: bytesPerPixel)
                out[r * stride] = best.rawValue
                best.apply(
                    row: rows.row(r), prior: rows.row(r - 1), count: rowBytes, bpp: bytesPerPixel,
                    output: out + r * stride + 1)
            }
        } else {
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
            defer { scratch.deallocate() }
            for r in 0..<rowCount {
                let target = out + r * stride + 1
                // Filter into the output directly, and keep a better
                // candidate only when one turns up.
                var bestSum = Int.max
                var best = RowFilter.none
                for candidate in RowFilter.adaptiveCandidates {
                    let destination = bestSum == Int.max ? target : scratch
                    candidate.apply(
                        row: rows.row(r), prior: rows.row(r - 1), count: rowBytes, bpp: bytesPerPixel,
                        output: destination)
                    let sum = sumOfAbsoluteDifferences(destination, count: rowBytes)
                    if sum < bestSum {
                        if destination == scratch { target.update(from: scratch, count: rowBytes) }
                        bestSum = sum
                        best = candidate
                    }
                }
                out[r * stride] = best.rawValue
            }
        }
    }
}
