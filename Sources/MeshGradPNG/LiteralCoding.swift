/// The loops that turn a block's bytes into Huffman codes, and the tables
/// they look codes up in: where the time of a dithered image's encoding
/// goes (three quarters of the encoder's instructions).
///
/// Filtered dithering is almost all small differences: on the 4K onboarding
/// rendering 99.98 % of the bytes are within -8...7 of zero (modulo 256)
/// and 99.97 % of the groups of four bytes are so entirely. Such a group is
/// four 4-bit ranks, which a 65,536-entry table codes in one lookup: two
/// lookups and two writes per 8 bytes instead of four lookups and two
/// writes with a table per pair of bytes, which other blocks keep.
extension LiteralDeflater {
    /// The share of a block's bytes within -8...7 from which it is coded
    /// four bytes at a time: below it, the groups that need the slow path
    /// (with a branch the processor then mispredicts) would cost more than
    /// the table saves.
    static let quadCodingShare = 0.99

    /// The share of `frequencies` (per byte value) within -8...7 of zero.
    static func nearZeroShare(_ frequencies: [Int]) -> Double {
        let near = (0..<16).reduce(0) { $0 + frequencies[nearZeroValue(rank: $1)] }
        let all = frequencies.prefix(256).reduce(0, +)
        return Double(near) / Double(max(1, all))
    }

    /// The byte value of rank `rank` (0–15): the byte's low 4 bits, which
    /// are all of it for 0...7 and leave 0xF0 off for -8...-1.
    static func nearZeroValue(rank: Int) -> Int { rank < 8 ? rank : rank | 0xF0 }

    /// Entries of ``quadTable(_:)`` before the single bytes'.
    static let quadEntries = 1 << 16

    /// The codes of four bytes of ranks `r0`…`r3` (first byte first), at
    /// index `r0 | r1 << 4 | r2 << 8 | r3 << 12`: the codes in the low 52
    /// bits (at most 13 bits each), their total length in the top 6. After
    /// them, at ``quadEntries`` plus the value, each byte's code alike.
    /// Filled a row of 256 at a time from the codes of pairs of ranks,
    /// which the compiler vectorizes.
    static func quadTable(_ code: HuffmanCode) -> [UInt64] {
        var pairCodes = [UInt64](repeating: 0, count: 256)
        var pairLengths = [UInt64](repeating: 0, count: 256)
        for pair in 0..<256 {
            let first = nearZeroValue(rank: pair & 15)
            let second = nearZeroValue(rank: pair >> 4)
            let firstLength = UInt64(code.lengths[first])
            pairCodes[pair] = UInt64(code.codes[first]) | UInt64(code.codes[second]) << firstLength
            pairLengths[pair] = firstLength + UInt64(code.lengths[second])
        }
        return [UInt64](unsafeUninitializedCapacity: quadEntries + 256) { table, initialized in
            for high in 0..<256 {
                let highCode = pairCodes[high]
                let highLength = pairLengths[high]
                let row = table.baseAddress! + high &<< 8
                for low in 0..<256 {
                    let length = pairLengths[low] &+ highLength
                    row[low] = pairCodes[low] | highCode &<< pairLengths[low] | length &<< 58
                }
            }
            for value in 0..<256 {
                table[quadEntries + value] = UInt64(code.codes[value]) | UInt64(code.lengths[value]) << 58
            }
            initialized = quadEntries + 256
        }
    }

    /// Codes `bytes` sixteen at a time through ``quadTable(_:)`` where all
    /// sixteen are within -8...7, else a byte at a time (rare enough that a
    /// pair table would cost more to fill than it saves).
    static func writeNearZeroBytes(_ bytes: UnsafeBufferPointer<UInt8>, code: HuffmanCode, to writer: inout BitWriter) {
        let quads = quadTable(code)
        quads.withUnsafeBufferPointer { quads in
            // A local copy, which the compiler can keep in registers: the
            // stores through the writer's pointer might otherwise alias it.
            var local = writer
            defer { writer = local }
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var i = 0
            while i &+ 15 < bytes.count {
                let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let y = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self))
                if areNearZero(x, y) {
                    local.writeQuads(quads, nearZeroIndices(x), nearZeroIndices(y))
                } else {
                    for k in 0..<16 { local.writeQuad(quads[quadEntries &+ Int(bytes[i &+ k])]) }
                }
                i &+= 16
            }
            while i < bytes.count {
                local.writeQuad(quads[quadEntries &+ Int(bytes[i])])
                i &+= 1
            }
        }
    }

    /// Whether all sixteen bytes of `x` and `y` are within -8...7: their
    /// top five bits are equal (each byte's rank is then its low four bits).
    @inline(__always)
    static func areNearZero(_ x: UInt64, _ y: UInt64) -> Bool {
        ((x ^ x &<< 1) | (y ^ y &<< 1)) & 0xF0F0_F0F0_F0F0_F0F0 == 0
    }

    /// The ranks of eight near-zero bytes side by side: two indices of
    /// ``quadTable(_:)``, in bits 0–15 and 32–47.
    @inline(__always)
    static func nearZeroIndices(_ x: UInt64) -> UInt64 {
        let ranks = x & 0x0F0F_0F0F_0F0F_0F0F
        let byPairs = (ranks | ranks &>> 4) & 0x00FF_00FF_00FF_00FF
        return byPairs | byPairs &>> 8
    }

    /// The codes of both bytes of every pair, indexed by 256 times the
    /// first byte plus the second (a big-endian 16-bit load): the first
    /// code in the low bits, the second after it, their total length in
    /// the top 5 bits. One lookup codes two bytes, a third fewer
    /// instructions per byte than a lookup per byte; filled a row of 256
    /// per first byte, shifted by one length, which the compiler vectorizes.
    static func pairTable(_ code: HuffmanCode) -> [UInt32] {
        let codes = code.codes.prefix(256).map(UInt32.init)
        let lengths = code.lengths.prefix(256).map(UInt32.init)
        return [UInt32](unsafeUninitializedCapacity: 1 << 16) { table, initialized in
            for first in 0..<256 {
                let firstCode = codes[first]
                let firstLength = lengths[first]
                let row = table.baseAddress! + first &<< 8
                for second in 0..<256 {
                    row[second] = firstCode | codes[second] &<< firstLength | (firstLength &+ lengths[second]) &<< 27
                }
            }
            initialized = 1 << 16
        }
    }

    /// Codes `bytes` a pair at a time through ``pairTable(_:)``.
    static func writeBytesInPairs(_ bytes: UnsafeBufferPointer<UInt8>, code: HuffmanCode, to writer: inout BitWriter) {
        let pairs = pairTable(code)
        pairs.withUnsafeBufferPointer { pairs in
            var local = writer
            defer { writer = local }
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var i = 0
            // Eight bytes per load, two pairs (52 bits at most) per flush of
            // the bit buffer.
            while i &+ 7 < bytes.count {
                let eight = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                local.writePairs(pairs[Int(eight &>> 48)], pairs[Int(eight &>> 32 & 0xFFFF)])
                local.writePairs(pairs[Int(eight &>> 16 & 0xFFFF)], pairs[Int(eight & 0xFFFF)])
                i &+= 8
            }
            local.writeSingly(UnsafeBufferPointer(rebasing: bytes[i...]), code: code)
        }
    }
}

extension BitWriter {
    /// Writes an entry of ``LiteralDeflater/quadTable(_:)``.
    @inline(__always)
    mutating func writeQuad(_ entry: UInt64) {
        writeBranchless(Self.quadCode(entry), bits: entry &>> 58)
    }

    /// Writes the four entries of `quads` at the indices in `first` and
    /// `second` (``LiteralDeflater/nearZeroIndices(_:)``), with one flush of
    /// the bit buffer when their 16 codes fit it, as they almost always do
    /// (filtered dithering averages under 2 bits a byte).
    @inline(__always)
    mutating func writeQuads(_ quads: UnsafeBufferPointer<UInt64>, _ first: UInt64, _ second: UInt64) {
        let q0 = quads[Int(first & 0xFFFF)]
        let q1 = quads[Int(first &>> 32 & 0xFFFF)]
        let q2 = quads[Int(second & 0xFFFF)]
        let q3 = quads[Int(second &>> 32 & 0xFFFF)]
        let end0 = q0 &>> 58
        let end1 = end0 &+ q1 &>> 58
        let end2 = end1 &+ q2 &>> 58
        let end3 = end2 &+ q3 &>> 58
        guard end3 <= 56 else {
            writeQuad(q0)
            writeQuad(q1)
            writeQuad(q2)
            writeQuad(q3)
            return
        }
        let codes = Self.quadCode(q0) | Self.quadCode(q1) &<< end0 | Self.quadCode(q2) &<< end1
        writeBranchless(codes | Self.quadCode(q3) &<< end2, bits: end3)
    }

    /// The codes of an entry of ``LiteralDeflater/quadTable(_:)``.
    @inline(__always)
    static func quadCode(_ entry: UInt64) -> UInt64 { entry & 0x03FF_FFFF_FFFF_FFFF }

    /// Writes two entries of ``LiteralDeflater/pairTable(_:)``, in order.
    @inline(__always)
    mutating func writePairs(_ first: UInt32, _ second: UInt32) {
        let firstBits = UInt64(first &>> 27)
        writeBranchless(
            UInt64(first & 0x7FF_FFFF) | UInt64(second & 0x7FF_FFFF) &<< firstBits,
            bits: firstBits &+ UInt64(second &>> 27))
    }

    /// Writes each byte's code.
    mutating func writeSingly(_ bytes: UnsafeBufferPointer<UInt8>, code: HuffmanCode) {
        for byte in bytes {
            writeBranchless(UInt64(code.codes[Int(byte)]), bits: UInt64(code.lengths[Int(byte)]))
        }
    }
}
