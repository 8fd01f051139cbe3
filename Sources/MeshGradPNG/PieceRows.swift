/// The packed rows of one piece, preceded by the row above them (which the
/// filters predict from; zeros above the image). Rows arrive as the image
/// holds them (RGBA) and are packed into PNG samples as they are copied in
/// (`RowPacking`).
/// A plain allocation rather than an array: the encoder fills it row by row
/// and hands it to a worker, and neither needs it zeroed or resized first.
final class PieceRows: @unchecked Sendable {
    /// Bytes of a packed row, and from one row to the next.
    let rowBytes: Int
    let width: Int
    let packing: RowPacking
    /// Room for this many rows after the row above.
    let capacity: Int
    /// Rows filled so far, not counting the row above.
    private(set) var count = 0
    private let storage: UnsafeMutablePointer<UInt8>

    /// Rows of `width` pixels with `rowAbove` (a packed row) as the row
    /// above, or zeros.
    init(width: Int, packing: RowPacking, capacity: Int, rowAbove: UnsafePointer<UInt8>?) {
        self.width = width
        self.packing = packing
        rowBytes = packing.packedBytes(width: width)
        self.capacity = capacity
        storage = .allocate(capacity: (capacity + 1) * rowBytes)
        if let rowAbove {
            storage.update(from: rowAbove, count: rowBytes)
        } else {
            storage.initialize(repeating: 0, count: rowBytes)
        }
    }

    deinit { storage.deallocate() }

    var isFull: Bool { count == capacity }

    /// Row `index` (-1 is the row above).
    func row(_ index: Int) -> UnsafePointer<UInt8> { UnsafePointer(storage + (index + 1) * rowBytes) }

    /// Appends a row as the image holds it (RGBA components), packed;
    /// false when packing dropped an alpha that was not full.
    func appendRow(_ source: UnsafeRawPointer) -> Bool {
        precondition(count < capacity)
        count += 1
        return packing.pack(source, width: width, into: UnsafeMutableRawPointer(storage + count * rowBytes))
    }
}
