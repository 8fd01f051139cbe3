/// The unfiltered rows of one piece, preceded by the row above them (which
/// the filters predict from; zeros above the image). Rows arrive as the
/// image holds them (RGBA) and are packed into PNG samples in place by the
/// worker (``packRows()``), each row keeping its room.
/// A plain allocation rather than an array: the encoder fills it row by row
/// and hands it to a worker, and neither needs it zeroed or resized first.
final class PieceRows: @unchecked Sendable {
    /// Bytes of a packed row.
    let rowBytes: Int
    /// Bytes from one row to the next: a row as appended.
    let stride: Int
    let width: Int
    let packing: RowPacking
    /// Room for this many rows after the row above.
    let capacity: Int
    /// Rows filled so far, not counting the row above.
    private(set) var count = 0
    private let storage: UnsafeMutablePointer<UInt8>

    /// Rows of `width` pixels with `rowAbove` (a row as appended, not yet
    /// packed) as the row above, or zeros.
    init(width: Int, packing: RowPacking, capacity: Int, rowAbove: UnsafePointer<UInt8>?) {
        self.width = width
        self.packing = packing
        stride = packing.sourceBytes(width: width)
        rowBytes = packing.packedBytes(width: width)
        self.capacity = capacity
        storage = .allocate(capacity: (capacity + 1) * stride)
        if let rowAbove {
            storage.update(from: rowAbove, count: stride)
        } else {
            storage.initialize(repeating: 0, count: stride)
        }
    }

    deinit { storage.deallocate() }

    var isFull: Bool { count == capacity }

    /// Row `index` (-1 is the row above), packed once ``packRows()`` ran.
    func row(_ index: Int) -> UnsafePointer<UInt8> { UnsafePointer(storage + (index + 1) * stride) }

    /// Appends a row as the image holds it (``stride`` bytes).
    func appendRow(_ source: UnsafeRawPointer) {
        precondition(count < capacity)
        UnsafeMutableRawPointer(storage + (count + 1) * stride).copyMemory(from: source, byteCount: stride)
        count += 1
    }

    /// Packs every row, the row above too, into PNG samples; on the worker.
    func packRows() {
        for index in -1..<count { packing.pack(UnsafeMutableRawPointer(storage + (index + 1) * stride), width: width) }
    }
}
