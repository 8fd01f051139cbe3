import MeshGradCore

/// The packed rows of one piece, preceded by the row above them (which the
/// filters predict from; zeros above the image). Rows arrive as the image
/// holds them (RGBA) and are packed into PNG samples (`RowPacking`) either
/// as they are copied in, when the caller reuses its buffer, or later on
/// the piece's worker, when the caller lends rows that outlive the piece:
/// then the packing, a fifth of the encoding's work, runs on every core
/// instead of on the calling thread alone.
/// A block of the encoder's ``PageBlocks`` rather than an array: the
/// encoder fills it row by row and hands it to a worker, neither needs it
/// zeroed or resized first, and the next piece reuses its pages.
final class PieceRows: @unchecked Sendable {
    /// What the first row is predicted from.
    enum RowAbove {
        /// Zeros: the piece starts the image.
        case zeros
        /// A packed row, copied now.
        case packed(UnsafePointer<UInt8>)
        /// A lent row as the image holds it, packed with the lent rows.
        case lent(UnsafeRawPointer)
    }

    /// Bytes of a packed row, and from one row to the next.
    let rowBytes: Int
    let width: Int
    let packing: RowPacking
    /// Room for this many rows after the row above.
    let capacity: Int
    /// Rows filled or lent so far, not counting the row above.
    private(set) var count = 0
    /// Whether every alpha that packing dropped so far was full.
    private(set) var droppedOnlyOpaqueAlpha = true
    private let storage: UnsafeMutablePointer<UInt8>
    /// Where `storage` came from, and where the piece's filtered bytes go.
    let blocks: PageBlocks
    /// Rows lent and not yet packed, with their indices (-1: the row above).
    private var lent: [(index: Int, source: UnsafeRawPointer)] = []

    /// Rows of `width` pixels below `rowAbove`, in a block of `blocks`
    /// (``blockBytes(width:packing:capacity:)`` at least).
    init(width: Int, packing: RowPacking, capacity: Int, rowAbove: RowAbove, blocks: PageBlocks) {
        self.width = width
        self.packing = packing
        rowBytes = packing.packedBytes(width: width)
        self.capacity = capacity
        self.blocks = blocks
        precondition(blocks.blockBytes >= Self.blockBytes(width: width, packing: packing, capacity: capacity))
        storage = blocks.take().bindMemory(to: UInt8.self, capacity: (capacity + 1) * rowBytes)
        switch rowAbove {
        case .zeros: storage.initialize(repeating: 0, count: rowBytes)
        case .packed(let row): storage.update(from: row, count: rowBytes)
        case .lent(let row): lent.append((-1, row))
        }
    }

    deinit { blocks.give(storage) }

    /// The bytes a piece of `capacity` rows needs in one block: its packed
    /// rows and the row above, or its filtered rows with their filter bytes.
    static func blockBytes(width: Int, packing: RowPacking, capacity: Int) -> Int {
        let rowBytes = packing.packedBytes(width: width)
        return max((capacity + 1) * rowBytes, capacity * (rowBytes + 1))
    }

    var isFull: Bool { count == capacity }

    /// Row `index` (-1 is the row above). Lent rows are there once
    /// ``packLentRows()`` has run.
    func row(_ index: Int) -> UnsafePointer<UInt8> { UnsafePointer(storage + (index + 1) * rowBytes) }

    /// What the piece after this full one predicts its first row from.
    var rowAboveNext: RowAbove {
        if let last = lent.last, last.index == count - 1 { return .lent(last.source) }
        return .packed(row(count - 1))
    }

    /// Appends a row as the image holds it (RGBA components), packed now.
    func appendRow(_ source: UnsafeRawPointer) {
        precondition(count < capacity)
        count += 1
        pack(source, at: count - 1)
    }

    /// Appends a row as the image holds it, to be packed by
    /// ``packLentRows()``: `source` must stay valid and unchanged until then.
    func lendRow(_ source: UnsafeRawPointer) {
        precondition(count < capacity)
        lent.append((count, source))
        count += 1
    }

    /// Packs the lent rows (on the worker).
    func packLentRows() {
        for (index, source) in lent { pack(source, at: index) }
        lent = []
    }

    /// Packs row `index`, noting an alpha dropped that was not full (the
    /// row above's alpha is its own piece's concern).
    private func pack(_ source: UnsafeRawPointer, at index: Int) {
        let opaque = packing.pack(source, width: width, into: UnsafeMutableRawPointer(storage + (index + 1) * rowBytes))
        if !opaque && index >= 0 { droppedOnlyOpaqueAlpha = false }
    }
}
