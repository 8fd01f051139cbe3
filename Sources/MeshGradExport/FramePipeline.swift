import Dispatch
import Foundation
import MeshGradCore

/// Overlaps making frames with writing them: `submit` hands a frame to a
/// writer thread and returns at once unless `depth` frames are already
/// waiting, so frame `k + 1` renders while frame `k` is encoded. A writer
/// error surfaces at the next `submit` or at `finish`.
public final class FramePipeline: @unchecked Sendable {
    let sink: any FrameSink
    let queue = DispatchQueue(label: "meshgrad.export.writer")
    let slots: DispatchSemaphore
    let lock = NSLock()
    private var failure: (any Error)?
    /// Seconds the writer spent encoding and writing.
    public private(set) var writeSeconds = 0.0

    public init(sink: any FrameSink, depth: Int = 2) {
        self.sink = sink
        slots = DispatchSemaphore(value: depth)
    }

    public func submit(_ frame: ExportFrame) throws {
        if let failure = lock.withLock({ failure }) { throw failure }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard lock.withLock({ failure }) == nil else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                try sink.write(frame)
            } catch {
                lock.withLock { failure = error }
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            lock.withLock { writeSeconds += elapsed }
        }
    }

    /// Waits for the writer, then finishes the sink (the output appears),
    /// or abandons it if anything failed.
    public func finish() throws {
        queue.sync {}
        if let failure = lock.withLock({ failure }) {
            sink.abandon()
            throw failure
        }
        do {
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
    }

    /// Stops: waits for the frame being written, removes the output.
    public func abandon() {
        queue.sync {}
        sink.abandon()
    }
}
