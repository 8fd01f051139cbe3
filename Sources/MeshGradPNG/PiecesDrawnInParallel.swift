import Dispatch
import MeshGradCore
import Synchronization

extension PNGStreamEncoder {
    /// Thread time spent in ``encodeRows(drawing:)``, summed over its threads.
    public struct ThreadSeconds: Sendable {
        /// In the `draw` closure.
        public var drawing = 0.0
        /// Packing, filtering and deflating, and writing finished pieces.
        public var encoding = 0.0
    }

    /// Encodes the whole image, its rows drawn as they are needed on the
    /// encoder's threads (the calling one among them): each thread takes the
    /// next piece, has `draw(rows, buffer)` fill `buffer` with the piece's
    /// rows and the row above them (RGBA components, `C` of the encoder's
    /// bit depth), packs, filters and deflates them itself, and whichever
    /// thread finishes the piece that comes next in the file writes it.
    ///
    /// Why: rows drawn on one set of threads and handed to encoder workers
    /// on another woke a sleeping thread for every band and every piece, and
    /// on a two-core virtual machine the kernel often queued the woken thread
    /// behind the busy core while the other stayed idle, 1–3 ms at a time.
    /// Here a piece stays on the thread that drew it; only the writing of
    /// finished pieces passes between threads.
    ///
    /// The file is the same as from ``appendRows(_:)-(UnsafeBufferPointer<UInt8>)``:
    /// the same pieces, each predicted from the same row above. At most
    /// twice as many pieces as threads are drawn and not yet written. The
    /// encoder must be new; `draw` runs on several threads at once, for
    /// different rows, and the sink on any of them, one call at a time and
    /// in order. A row above a piece is drawn twice, once with each piece
    /// (a 4K image's 2,160 rows: 22 more).
    @discardableResult
    public func encodeRows<C: FixedWidthInteger>(
        drawing draw: (Range<Int>, UnsafeMutablePointer<C>) throws -> Void
    ) throws -> ThreadSeconds {
        precondition(C.bitWidth == bitDepth, "\(C.bitWidth)-bit rows drawn for a \(bitDepth)-bit encoder")
        precondition(rowsAppended == 0 && piecesStarted == 0, "rows drawn for an encoder that has rows")
        try checkWriting()
        do {
            try writeHeaderIfNeeded()
            let seconds = try withoutActuallyEscaping(draw) { draw in
                try PiecesDrawnInParallel(encoder: self, componentBytes: MemoryLayout<C>.stride) { rows, buffer in
                    try draw(rows, buffer.assumingMemoryBound(to: C.self))
                }.run()
            }
            rowsAppended = height
            return seconds
        } catch {
            throw fail(error)
        }
    }
}

/// One ``PNGStreamEncoder/encodeRows(drawing:)`` run: the pieces handed
/// out in order, drawn and deflated on each thread, and written in order.
private final class PiecesDrawnInParallel: @unchecked Sendable {
    let encoder: PNGStreamEncoder
    /// Bytes of one component (1 or 2).
    let componentBytes: Int
    let draw: (Range<Int>, UnsafeMutableRawPointer) throws -> Void
    let pieceCount: Int
    /// The next piece to hand out.
    private let nextPiece = Atomic(0)
    /// One permit per piece drawn and not yet written, taken before a piece
    /// is handed out: the oldest piece not written is always on a thread
    /// that holds its permit, so it finishes and frees one.
    private let permits: DispatchSemaphore
    private let state = Mutex(State())

    private struct State {
        /// Finished pieces waiting for an earlier one.
        var finished: [Int: PNGPiece] = [:]
        var nextToWrite = 0
        /// Whether a thread is writing pieces now.
        var writing = false
        var failure: (any Error)?
        var seconds = PNGStreamEncoder.ThreadSeconds()
    }

    init(
        encoder: PNGStreamEncoder, componentBytes: Int,
        draw: @escaping (Range<Int>, UnsafeMutableRawPointer) throws -> Void
    ) {
        self.encoder = encoder
        self.componentBytes = componentBytes
        self.draw = draw
        pieceCount = (encoder.height + encoder.rowsPerPiece - 1) / encoder.rowsPerPiece
        permits = DispatchSemaphore(value: encoder.maximumPiecesInFlight)
    }

    func run() throws -> PNGStreamEncoder.ThreadSeconds {
        let threads = max(1, min(encoder.options.threads, pieceCount))
        let rowComponents = encoder.width * 4
        let buffers = PageBlocks(
            blockBytes: (encoder.rowsPerPiece + 1) * rowComponents * componentBytes,
            blocksPerRegion: threads)
        if threads == 1 {
            drawPieces(buffers)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in self.drawPieces(buffers) }
        }
        let (failure, seconds) = state.withLock { ($0.failure, $0.seconds) }
        if let failure { throw failure }
        return seconds
    }

    /// One thread's work: pieces, one after another, until none is left.
    private func drawPieces(_ buffers: PageBlocks) {
        let buffer = buffers.take()
        defer { buffers.give(buffer) }
        while true {
            permits.wait()
            let k = nextPiece.wrappingAdd(1, ordering: .relaxed).oldValue
            guard k < pieceCount, state.withLock({ $0.failure == nil }) else {
                permits.signal()
                return
            }
            do {
                let start = DispatchTime.now().uptimeNanoseconds
                let piece = try drawPiece(k, into: buffer)
                let drawn = DispatchTime.now().uptimeNanoseconds
                piece.compress()
                try finish(piece, k)
                let end = DispatchTime.now().uptimeNanoseconds
                state.withLock {
                    $0.seconds.drawing += Double(drawn - start) / 1e9
                    $0.seconds.encoding += Double(end - drawn) / 1e9
                }
            } catch {
                stop(error)
                return
            }
        }
    }

    /// Piece `k`'s rows drawn, with the row above them, and lent to it.
    private func drawPiece(_ k: Int, into buffer: UnsafeMutableRawPointer) throws -> PNGPiece {
        let first = k * encoder.rowsPerPiece
        let last = min(first + encoder.rowsPerPiece, encoder.height)
        let drawnFirst = max(0, first - 1)
        try draw(drawnFirst..<last, buffer)
        let rowBytes = encoder.width * 4 * componentBytes
        func row(_ y: Int) -> UnsafeRawPointer { UnsafeRawPointer(buffer + (y - drawnFirst) * rowBytes) }
        let rows = encoder.pieceRows(capacity: last - first, rowAbove: first > 0 ? .lent(row(first - 1)) : .zeros)
        for y in first..<last { rows.lendRow(row(y)) }
        return encoder.piece(of: rows, isFirst: k == 0, isLast: k == pieceCount - 1)
    }

    /// Piece `k`, compressed, is written now if it is the next in the file,
    /// with any finished after it; otherwise it waits for the thread that
    /// writes the one before it.
    private func finish(_ piece: PNGPiece, _ k: Int) throws {
        let writes = state.withLock { state in
            state.finished[k] = piece
            if state.writing { return false }
            state.writing = true
            return true
        }
        guard writes else { return }
        while let next = nextToWrite() {
            try encoder.write(next)
            permits.signal()
        }
    }

    /// The next piece of the file if it is finished; otherwise nil, and
    /// this thread stops writing (in the same lock, so a piece finished
    /// meanwhile is written by its own thread).
    private func nextToWrite() -> PNGPiece? {
        state.withLock { state in
            if state.failure == nil, let piece = state.finished.removeValue(forKey: state.nextToWrite) {
                state.nextToWrite += 1
                return piece
            }
            state.writing = false
            return nil
        }
    }

    /// Stops every thread: pieces not yet handed out are not drawn, and
    /// threads waiting for a permit get one.
    private func stop(_ error: any Error) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
            state.finished = [:]
        }
        for _ in 0..<encoder.maximumPiecesInFlight { permits.signal() }
    }
}
