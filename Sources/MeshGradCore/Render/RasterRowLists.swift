import Dispatch
import Foundation

/// Every row's triangles, in drawing order, as one compressed array (a
/// counting sort of the triangles' row ranges): row `y`'s entries are
/// `start[y - rows.lowerBound] ..< start[y - rows.lowerBound + 1]` of
/// `triangles`. (The "rows" may be bands of rows: ``RasterSetup`` lists
/// the spans path's triangles per band.)
///
/// Built in chunks of triangles on every core: each chunk counts its own
/// entries per row, and the counts laid end to end row by row, chunk after
/// chunk, give each chunk its own slots on every row, so the entries keep
/// the triangles' order however many chunks there are.
struct RasterRowLists {
    var start: [Int32]
    var triangles: [Int32]

    /// `chunks` overrides how many chunks the triangles are built in
    /// (tests compare several with one).
    init(ranges: [SIMD2<Int32>], rows: Range<Int>, chunks: Int? = nil) {
        let rowCount = rows.count
        let chunkCount = max(
            1, chunks ?? (ranges.count < 16_384 ? 1 : min(16, 4 * ActiveProcessors.count)))
        let chunkSize = (ranges.count + chunkCount - 1) / max(1, chunkCount)
        let triangleCount = ranges.count
        @Sendable func chunk(_ c: Int) -> Range<Int> {
            min(c * chunkSize, triangleCount)..<min((c + 1) * chunkSize, triangleCount)
        }
        // cursors[c · rowCount + row]: first chunk c's count on the row,
        // then its next slot there.
        var cursors = [Int32](repeating: 0, count: chunkCount * rowCount)
        let firstRow = Int32(rows.lowerBound)
        ranges.withUnsafeBufferPointer { ranges in
            cursors.withUnsafeMutableBufferPointer { cursors in
                let out = SendablePointer(cursors.baseAddress!)
                let ranges = SendableBuffer(ranges)
                Self.perChunk(chunkCount) { c in
                    let counts = out.pointer + c * rowCount
                    for r in ranges.buffer[chunk(c)] where r.x <= r.y {
                        for y in r.x...r.y { counts[Int(y - firstRow)] += 1 }
                    }
                }
            }
        }
        start = [Int32](repeating: 0, count: rowCount + 1)
        var total: Int32 = 0
        for row in 0..<rowCount {
            start[row] = total
            for c in 0..<chunkCount {
                let count = cursors[c * rowCount + row]
                cursors[c * rowCount + row] = total
                total += count
            }
        }
        start[rowCount] = total
        let entries = Int(total)
        triangles = [Int32](unsafeUninitializedCapacity: entries) { list, initialized in
            let fill = Fill(list: SendablePointer(orDangling(list.baseAddress)), firstRow: firstRow)
            ranges.withUnsafeBufferPointer { ranges in
                cursors.withUnsafeMutableBufferPointer { cursors in
                    let cursors = SendablePointer(cursors.baseAddress!)
                    let ranges = SendableBuffer(ranges)
                    Self.perChunk(chunkCount) { c in
                        fill.fill(chunk(c), ranges: ranges.buffer, cursors: cursors.pointer + c * rowCount)
                    }
                }
            }
            initialized = entries
        }
    }

    /// Runs `body` for chunks `0..<count`, on every core when there are several.
    static func perChunk(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 {
            body(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }
    }

    /// The second pass: a chunk's triangles written into their slots.
    struct Fill: Sendable {
        let list: SendablePointer<Int32>
        let firstRow: Int32

        func fill(_ chunk: Range<Int>, ranges: UnsafeBufferPointer<SIMD2<Int32>>, cursors: UnsafeMutablePointer<Int32>)
        {
            // Unchecked arithmetic: slots and rows are below the entry
            // count and the row count, both Int32 by construction.
            for k in chunk {
                let r = ranges[k]
                guard r.x <= r.y else { continue }
                let rowCursors = cursors + Int(r.x &- firstRow)
                let triangle = Int32(truncatingIfNeeded: k)
                for row in 0..<(Int(r.y &- r.x) &+ 1) {
                    let slot = Int(rowCursors[row])
                    rowCursors[row] = Int32(truncatingIfNeeded: slot &+ 1)
                    list.pointer[slot] = triangle
                }
            }
        }
    }
}

/// An empty buffer's base address, which may be nil: never read through,
/// it stands for a pointer to nothing.
func orDangling<T>(_ pointer: UnsafeMutablePointer<T>?) -> UnsafeMutablePointer<T> {
    pointer ?? UnsafeMutablePointer(bitPattern: MemoryLayout<T>.alignment)!
}

/// A buffer handed to concurrent chunks that only read it.
struct SendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<T>
    init(_ buffer: UnsafeBufferPointer<T>) { self.buffer = buffer }
}
