/// Adler-32 (RFC 1950) 16 bytes at a time in vector lanes, as zlib-ng and
/// Chromium's zlib compute it: zlib 1.2's own `adler32_z`, a byte at a
/// time, was 4 % of a 4K render's CPU (0.5 ns a byte), this about a tenth
/// of that.
///
/// Over a run of 16-byte blocks, lane `i` accumulates `s`, the sum of its
/// bytes so far, and `q`, the sum of `s` before each block. A block's byte
/// at lane `i` adds `16 - i` times itself to the second sum, and every
/// later block adds the whole first sum again, 16 times: so the run adds
/// `n·a + 16·Σq + Σ(16 - i)·s` to `b` (`n` bytes) and `Σs` to `a`. Runs of
/// at most 5552 bytes (zlib's NMAX) keep every lane far below overflow.
/// (Blocks of 16: the eight vector registers of `s` and `q` stay in
/// SSE2's sixteen; blocks of 32 spilled to the stack.)
enum Adler32 {
    static let modulus: UInt64 = 65521
    static let blocksPerRun = 5552 / 16
    static let weights = SIMD16<UInt32>((0..<16).map { 16 - UInt32($0) })

    /// The Adler-32 of `count` bytes at `bytes`, continuing from `initial`
    /// (1 for a new stream).
    static func checksum(_ bytes: UnsafePointer<UInt8>, count: Int, initial: UInt32 = 1) -> UInt32 {
        var a = UInt64(initial & 0xFFFF)
        var b = UInt64(initial >> 16)
        let raw = UnsafeRawPointer(bytes)
        var offset = 0
        while count - offset >= 16 {
            let blocks = min((count - offset) / 16, blocksPerRun)
            var s = SIMD16<UInt32>(repeating: 0)
            var q = SIMD16<UInt32>(repeating: 0)
            for block in 0..<blocks {
                let lanes = raw.loadUnaligned(fromByteOffset: offset &+ 16 &* block, as: SIMD16<UInt8>.self)
                q &+= s
                s &+= SIMD16<UInt32>(truncatingIfNeeded: lanes)
            }
            let n = UInt64(blocks * 16)
            b = (b + n * a + 16 * UInt64(q.wrappedSum()) + UInt64((s &* weights).wrappedSum())) % modulus
            a = (a + UInt64(s.wrappedSum())) % modulus
            offset += blocks * 16
        }
        while offset < count {
            a = (a + UInt64(bytes[offset])) % modulus
            b = (b + a) % modulus
            offset += 1
        }
        return UInt32(b << 16 | a)
    }
}
