import CZlib
import Dispatch
import Foundation
import MeshGradCore

/// Writes a PNG from rows appended in order, compressing on several threads
/// and handing the file's bytes, in order, to a sink as soon as they are
/// ready, so that a 32768×32768 image never needs to exist in memory whole.
///
/// Rows are gathered into pieces of about ``Options/pieceBytes`` raw bytes;
/// each piece is filtered and deflated on a worker (see `PNGPiece`), and
/// finished pieces go to the sink strictly in order as IDAT chunks. At most
/// twice as many pieces as threads are in flight: when that many wait,
/// ``appendRows(_:)-(UnsafeBufferPointer<UInt8>)`` blocks until the oldest is
/// written, so memory stays bounded whatever the height.
///
/// The encoder is used from one thread; the sink is called on that thread,
/// from ``appendRows(_:)-(UnsafeBufferPointer<UInt8>)`` and ``finish()``. An
/// error from the sink (or from zlib) stops the encoder: that call and every
/// later one throw it, and nothing more is written.
///
///     let file = try AtomicFile(destination: url)
///     let encoder = try PNGStreamEncoder(
///         width: 3840, height: 2160, bitDepth: 8, channels: 3) { try file.write($0) }
///     for band in bands { try encoder.appendRows(band) }  // RGBA components
///     try encoder.finish()
///     try file.commit()
public final class PNGStreamEncoder {
    public struct Options: Sendable, Hashable {
        /// 0 to 9, higher is smaller or slower. Each piece is first classified
        /// (`PieceContent`) as noise (dithering), runs (smooth 8-bit
        /// gradients, flat color) or repeats (16-bit gradients):
        ///
        /// | level | noise | runs, 8-bit | anything else |
        /// | --- | --- | --- | --- |
        /// | 0 | stored | stored | stored |
        /// | 1 (default) to 5 | Huffman codes only | zlib, run-length strategy | zlib level 1–5 |
        /// | 6–9 | Huffman codes only | zlib level 6–9 | zlib level 6–9 |
        ///
        /// So for 8-bit images levels 1–5 are the same: on meshgrad's smooth
        /// gradients zlib's run-length strategy beat zlib's levels 1–5 in
        /// both size and time, and 6–9 make them 4–23 % smaller at 4–35 times
        /// the time. Noise gets Huffman codes alone at every level because
        /// no zlib level made it smaller (level 9: 9 % larger, in 41 s
        /// against 0.3 s for zlib's own Huffman-only). See
        /// `PNGCompression` for the measurements. Level 0 stores the
        /// filtered bytes; pass filter `.none` to store the pixels as they are.
        public var compressionLevel: Int
        /// How each row's filter is chosen.
        public var filter: PNGFilterStrategy
        /// Pieces compressed at once; defaults to the active processor count.
        public var threads: Int
        /// Raw bytes per piece, about: whole rows, at least one, and a
        /// multiple of 32 rows where that is 16 rows or more. Smaller
        /// pieces use less memory and spread over threads sooner; each
        /// piece restarts deflate with an empty dictionary, costs an IDAT
        /// chunk and a hand-over between threads (a 4K image's 1 MB pieces
        /// took a quarter of the context switches of 256 KB ones, and 15 %
        /// less time on one thread). An image is cut into at least 16
        /// pieces where that leaves them 256 KB or more, so that small
        /// images still spread over the threads; the cut depends on the
        /// image alone, so the file is the same on any machine.
        public var pieceBytes: Int
        /// What the file says its colors are (sRGB unless told).
        public var colorSpace: PNGColorSpace

        public init(
            compressionLevel: Int = 1, filter: PNGFilterStrategy = .adaptive,
            threads: Int = ActiveProcessors.count, pieceBytes: Int = 1 << 20,
            colorSpace: PNGColorSpace = .sRGB
        ) {
            self.colorSpace = colorSpace
            self.compressionLevel = compressionLevel
            self.filter = filter
            self.threads = threads
            self.pieceBytes = pieceBytes
        }
    }

    public let width: Int
    public let height: Int
    /// 8 or 16 bits per sample.
    public let bitDepth: Int
    /// 3 (RGB) or 4 (RGBA).
    public let channels: Int
    public let options: Options

    /// Rows appended so far.
    public internal(set) var rowsAppended = 0
    /// Whether every alpha an RGB file dropped was full, as far as pieces
    /// have been written (each piece's packing notes it): `PNGEncoder`
    /// abandons an RGB encoding once this is false.
    private(set) var droppedOnlyOpaqueAlpha = true

    private let sink: ([UInt8]) throws -> Void
    private let compression: PNGCompression
    /// How appended rows become PNG samples (on the workers).
    private let packing: RowPacking
    /// Bytes in one packed (RGB or RGBA, big-endian samples) row.
    private let rowBytes: Int
    let rowsPerPiece: Int
    let maximumPiecesInFlight: Int
    /// Workers running, at most `options.threads`.
    private let workerSlots: DispatchSemaphore

    /// Memory for the pieces' packed and filtered rows.
    private let blocks: PageBlocks
    /// The piece being filled.
    private var current: PieceRows
    private(set) var piecesStarted = 0
    /// Pieces handed to workers and not yet written, oldest first.
    private var pending: [PNGPiece] = []
    /// The most pieces ever pending at once: what bounds the memory (for
    /// the tests).
    private(set) var mostPiecesPending = 0
    private var wroteHeader = false
    /// Adler-32 of everything deflated so far.
    private var adler: UInt32 = 1
    private var state = State.writing

    private enum State {
        case writing
        case finished
        case failed(any Error)
    }

    /// Prepares to write a `width`×`height` PNG with `bitDepth` (8 or 16)
    /// bits per sample and `channels` 3 (RGB, alpha dropped) or 4 (RGBA).
    /// Nothing is written before the first rows are appended.
    public init(
        width: Int, height: Int, bitDepth: Int, channels: Int, options: Options = Options(),
        sink: @escaping ([UInt8]) throws -> Void
    ) throws(PNGError) {
        let maximumSide = Int(Int32.max)
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw PNGError(message: "an image of \(width)×\(height) pixels cannot be a PNG")
        }
        guard bitDepth == 8 || bitDepth == 16 else {
            throw PNGError(message: "a bit depth of \(bitDepth) is not supported; expected 8 or 16")
        }
        guard channels == 3 || channels == 4 else {
            throw PNGError(message: "\(channels) channels are not supported; expected 3 (RGB) or 4 (RGBA)")
        }
        guard (0...9).contains(options.compressionLevel) else {
            throw PNGError(message: "compression level \(options.compressionLevel) is not in 0-9")
        }
        guard options.threads >= 1, options.pieceBytes >= 1 else {
            throw PNGError(message: "threads and piece size must be positive")
        }
        let rowBytes = width * channels * bitDepth / 8
        // Far beyond any canvas meshgrad renders, and it keeps every piece's
        // IDAT chunk well below PNG's 2^31 - 1 byte limit.
        guard rowBytes <= 1 << 28 else {
            throw PNGError(message: "rows of \(width) pixels are too wide for this encoder")
        }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.channels = channels
        self.options = options
        self.sink = sink
        self.rowBytes = rowBytes
        compression = PNGCompression(level: options.compressionLevel, bitDepth: bitDepth)
        let sixteenth = max(256 << 10, rowBytes * height / 16)
        rowsPerPiece = Self.rowsPerPiece(max(1, min(options.pieceBytes, sixteenth) / rowBytes))
        maximumPiecesInFlight = 2 * options.threads
        workerSlots = DispatchSemaphore(value: options.threads)
        packing = RowPacking(channels: channels, bitDepth: bitDepth)
        // The packed rows of the pieces pending and the one being filled,
        // and a filtered copy on each worker.
        blocks = PageBlocks(
            blockBytes: PieceRows.blockBytes(width: width, packing: packing, capacity: min(rowsPerPiece, height)),
            blocksPerRegion: maximumPiecesInFlight + 1 + options.threads)
        current = PieceRows(
            width: width, packing: packing, capacity: min(rowsPerPiece, height), rowAbove: .zeros, blocks: blocks)
    }

    /// `rows` rounded to the nearest multiple of ``pieceRowMultiple`` where
    /// that is at least one multiple, else left as it is.
    static func rowsPerPiece(_ rows: Int) -> Int {
        let multiple = pieceRowMultiple
        return rows < multiple / 2 ? rows : max(multiple, (rows + multiple / 2) / multiple * multiple)
    }

    /// Pieces of more than a few rows hold a multiple of this many: the CPU
    /// renderer lists its triangles by bands of 32 rows, so pieces drawn
    /// apart (``encodeRows(drawing:)``) each walk whole lists, not parts of
    /// one twice.
    static let pieceRowMultiple = 32

    /// Waits for pieces still on a worker: one may read rows lent to it.
    deinit {
        for piece in pending { piece.done.wait() }
    }

    /// Appends whole rows of 8-bit RGBA components (alpha is dropped when
    /// the PNG is RGB). The encoder must have a bit depth of 8.
    public func appendRows(_ rgba: UnsafeBufferPointer<UInt8>) throws {
        precondition(bitDepth == 8, "8-bit rows appended to a 16-bit encoder")
        try append(rgba, lent: false)
    }

    /// Appends whole rows of 16-bit RGBA components in native byte order
    /// (written big-endian, as PNG wants). The encoder must have a bit depth
    /// of 16.
    public func appendRows(_ rgba: UnsafeBufferPointer<UInt16>) throws {
        precondition(bitDepth == 16, "16-bit rows appended to an 8-bit encoder")
        try append(rgba, lent: false)
    }

    /// Appends rows that the workers pack where they are instead of the
    /// calling thread copying them: `rgba` must stay valid and unchanged
    /// until the encoder is released.
    func lendRows<C: FixedWidthInteger>(_ rgba: UnsafeBufferPointer<C>) throws {
        precondition(C.bitWidth == bitDepth, "\(C.bitWidth)-bit rows lent to a \(bitDepth)-bit encoder")
        try append(rgba, lent: true)
    }

    public func appendRows(_ rgba: [UInt8]) throws {
        try rgba.withUnsafeBufferPointer { try appendRows($0) }
    }

    public func appendRows(_ rgba: [UInt16]) throws {
        try rgba.withUnsafeBufferPointer { try appendRows($0) }
    }

    /// Writes what is left and the end of the file. Every row must have been
    /// appended.
    public func finish() throws {
        try checkWriting()
        guard rowsAppended == height else {
            throw fail(PNGError(message: "\(rowsAppended) of \(height) rows were appended before finishing"))
        }
        do {
            while !pending.isEmpty { try writeOldestPiece() }
            try sink(pngChunk(PNGChunkType.iend, []))
            state = .finished
        } catch {
            throw fail(error)
        }
    }

    // MARK: - Rows in

    private func append<C>(_ rgba: UnsafeBufferPointer<C>, lent: Bool) throws {
        try checkWriting()
        let componentsPerRow = width * 4
        guard rgba.count % componentsPerRow == 0 else {
            throw fail(
                PNGError(message: "\(rgba.count) components are not whole rows of \(width) RGBA pixels"))
        }
        let rows = rgba.count / componentsPerRow
        guard rows <= height - rowsAppended else {
            throw fail(PNGError(message: "more rows appended than the image's \(height)"))
        }
        do {
            try writeHeaderIfNeeded()
            for row in 0..<rows {
                let source = UnsafeRawPointer(rgba.baseAddress! + row * componentsPerRow)
                if lent { current.lendRow(source) } else { current.appendRow(source) }
                rowsAppended += 1
                if current.isFull { try submitCurrentPiece() }
            }
        } catch {
            throw fail(error)
        }
    }

    // MARK: - Pieces out

    private func submitCurrentPiece() throws {
        // Bound the memory: never more than `maximumPiecesInFlight` pieces.
        while pending.count >= maximumPiecesInFlight { try writeOldestPiece() }
        let rows = current
        let piece = self.piece(of: rows, isFirst: piecesStarted == 0, isLast: rowsAppended == height)
        piecesStarted += 1
        if rowsAppended < height {
            // The next piece predicts its first row from this one's last.
            current = pieceRows(capacity: min(rowsPerPiece, height - rowsAppended), rowAbove: rows.rowAboveNext)
        }

        workerSlots.wait()
        let slots = workerSlots
        DispatchQueue.global(qos: .userInitiated).async {
            piece.compress()
            slots.signal()
        }
        pending.append(piece)
        mostPiecesPending = max(mostPiecesPending, pending.count)
        // Write whatever is ready without waiting.
        while let oldest = pending.first, oldest.isDone {
            try write(pending.removeFirst())
        }
    }

    /// Rows for a piece of `capacity` rows below `rowAbove`, in the
    /// encoder's blocks.
    func pieceRows(capacity: Int, rowAbove: PieceRows.RowAbove) -> PieceRows {
        PieceRows(width: width, packing: packing, capacity: capacity, rowAbove: rowAbove, blocks: blocks)
    }

    /// The piece of `rows`, to be compressed as the encoder's options say.
    func piece(of rows: PieceRows, isFirst: Bool, isLast: Bool) -> PNGPiece {
        PNGPiece(
            rows: rows, bytesPerPixel: channels * bitDepth / 8, filter: options.filter, compression: compression,
            isFirst: isFirst, isLast: isLast)
    }

    private func writeOldestPiece() throws {
        let piece = pending.removeFirst()
        piece.done.wait()
        try write(piece)
    }

    /// Writes a compressed piece as an IDAT chunk, the stream's Adler-32
    /// trailer inside the last one.
    func write(_ piece: PNGPiece) throws {
        if let failure = piece.failure { throw failure }
        if !piece.rows.droppedOnlyOpaqueAlpha { droppedOnlyOpaqueAlpha = false }
        adler = UInt32(adler32_combine(UInt(adler), UInt(piece.adler), piece.uncompressedCount))
        var chunk = piece.takeChunk()
        var crc = piece.crc
        if piece.isLast {
            let trailer: [UInt8] = [
                UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff),
            ]
            chunk.append(contentsOf: trailer)
            crc = trailer.withUnsafeBufferPointer { crc32Of($0, continuing: crc) }
        }
        chunk.appendBigEndian(crc)
        try sink(chunk)
    }

    func writeHeaderIfNeeded() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        try sink(
            PNGHeader(
                width: width, height: height, bitDepth: bitDepth, channels: channels, colorSpace: options.colorSpace
            ).bytes)
    }

    // MARK: - State

    func checkWriting() throws {
        switch state {
        case .writing: return
        case .finished: throw PNGError(message: "the PNG is already finished")
        case .failed(let error): throw error
        }
    }

    /// Stops the encoder with `error`: pieces still compressing are waited
    /// for (they may read lent rows) and dropped.
    func fail(_ error: any Error) -> any Error {
        state = .failed(error)
        for piece in pending { piece.done.wait() }
        pending.removeAll()
        return error
    }
}
