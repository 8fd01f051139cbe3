import CZlib

/// Raw deflate (no zlib header or trailer) of one piece through zlib.
enum Deflater {
    /// Enough output room for `count` input bytes at any level and strategy
    /// in most cases (``compress(_:level:strategy:finishes:appendingTo:)``
    /// grows the output when it is not): stored blocks add 5 bytes per
    /// 16 KiB, the closing flush a few more.
    static func bound(_ count: Int) -> Int { count + count / 1024 * 5 + 64 }

    /// Deflates `input` and appends the result to `output`. The stream ends
    /// on a byte boundary either way: with the final block when `finishes`
    /// (`Z_FINISH`), else with an empty stored block (`Z_SYNC_FLUSH`) after
    /// which another raw deflate stream may follow.
    static func compress(
        _ input: UnsafeBufferPointer<UInt8>, level: Int32, strategy: Int32, finishes: Bool,
        appendingTo output: inout [UInt8]
    ) throws(PNGError) {
        var stream = z_stream()
        guard mg_deflate_init_raw(&stream, level, strategy) == Z_OK else {
            throw PNGError(message: "zlib could not start a deflate stream (out of memory?)")
        }
        defer { deflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = 0
        var remaining = input.count
        let flush = finishes ? Z_FINISH : Z_SYNC_FLUSH
        // zlib writes into a scratch buffer, appended to `output` in one copy
        // per call.
        var room = bound(input.count)
        var scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        defer { scratch.deallocate() }
        while true {
            // zlib counts input in 32 bits; hand it over a gigabyte at a time.
            if stream.avail_in == 0 && remaining > 0 {
                let step = min(remaining, 1 << 30)
                stream.avail_in = UInt32(step)
                remaining -= step
            }
            stream.next_out = scratch
            stream.avail_out = UInt32(min(room, 1 << 30))
            let status = deflate(&stream, remaining > 0 ? Z_NO_FLUSH : flush)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw PNGError(message: "zlib failed to deflate (status \(status))")
            }
            output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: stream.next_out - scratch))
            let done =
                finishes
                ? status == Z_STREAM_END : remaining == 0 && stream.avail_in == 0 && stream.avail_out > 0
            if done { return }
            if stream.avail_out == 0 && room < 1 << 30 {
                // Out of room: continue into a larger buffer.
                scratch.deallocate()
                room *= 2
                scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
            }
        }
    }
}
