/// The unfiltered rows of one piece, packed as PNG samples, preceded by the
/// row above them (which the filters predict from; zeros above the image).
/// A plain allocation rather than an array: the encoder fills it row by row
/// and hands it to a worker, and neither needs it zeroed or resized first.
final class PieceRows: @unchecked Sendable {
    let rowBytes: Int
    /// Room for this many rows after the row above.
    let capacity: Int
    /// Rows filled so far, not counting the row above.
    private(set) var count = 0
    private let storage: UnsafeMutablePointer<UInt8>

    /// Rows with `rowAbove` (`rowBytes` bytes) as the row above, or zeros.
    init(rowBytes: Int, capacity: Int, rowAbove: UnsafePointer<UInt8>?) {
        self.rowBytes = rowBytes
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

    /// Makes room for one more row and lets `fill` write it.
    func appendRow(_ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        precondition(count < capacity)
        fill(storage + (count + 1) * rowBytes)
        count += 1
    }
}
