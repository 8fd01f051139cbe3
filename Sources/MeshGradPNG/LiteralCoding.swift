#if MESHGRAD_FAST_PEXT
    import CBitGather
#endif

/// The loops that turn a block's bytes into Huffman codes, and the tables
/// they look codes up in: where the time of a dithered image's encoding
/// goes (three quarters of the encoder's instructions).
///
/// Filtered dithering is almost all small differences: on the 4K onboarding
/// rendering 99.98 % of the bytes are within -4...3 of zero (modulo 256)
/// and 99.85 % of the groups of sixteen bytes are so entirely. Such a group
/// of four is four 3-bit ranks, which a ``QuadTable`` codes in one lookup:
/// two lookups and two writes per 8 bytes instead of four lookups and two
/// writes with a table per pair of bytes, which other blocks keep.
extension LiteralDeflater {
    /// The share of a block's bytes within -4...3 from which it is coded
    /// four bytes at a time: below it, the groups that need the slow path
    /// (with a branch the processor then mispredicts) would cost more than
    /// the table saves.
    static let quadCodingShare = 0.99

    /// The share of `frequencies` (per byte value) within -4...3 of zero.
    static func nearZeroShare(_ frequencies: [Int]) -> Double {
        let near = (0..<8).reduce(0) { $0 + frequencies[QuadTable.value(rank: $1)] }
        let all = frequencies.prefix(256).reduce(0, +)
        return Double(near) / Double(max(1, all))
    }

    /// Codes `bytes` sixteen at a time through a ``QuadTable`` where all
    /// sixteen are within -4...3, else a byte at a time (rare enough that a
    /// pair table would cost more to fill than it saves).
    static func writeNearZeroBytes(_ bytes: UnsafeBufferPointer<UInt8>, code: HuffmanCode, to writer: inout BitWriter) {
        QuadTable.with(code) { table in
            let quads = UnsafeBufferPointer(start: table, count: QuadTable.entryCount)
            // A local copy, which the compiler can keep in registers: the
            // stores through the writer's pointer might otherwise alias it.
            var local = writer
            defer { writer = local }
            var next = UnsafeRawPointer(bytes.baseAddress!)
            let end = next + bytes.count
            let sixteensEnd = next + (bytes.count & ~15)
            while next < sixteensEnd {
                let (xRanks, yRanks) = offsetRanks(next.loadUnaligned(as: SIMD16<UInt8>.self))
                if areNearZero(xRanks, yRanks) {
                    local.writeQuads(quads, nearZeroIndices(xRanks), nearZeroIndices(yRanks))
                } else {
                    local = local.writingBytes(UnsafeRawBufferPointer(start: next, count: 16), quads: quads)
                }
                next += 16
            }
            local = local.writingBytes(UnsafeRawBufferPointer(start: next, count: end - next), quads: quads)
        }
    }

    /// Whether all sixteen bytes whose ``offsetRanks(_:)`` are `x` and `y`
    /// were within -4...3: no bit above the rank's three is set.
    @inline(__always)
    static func areNearZero(_ x: UInt64, _ y: UInt64) -> Bool {
        (x | y) & 0xF8F8_F8F8_F8F8_F8F8 == 0
    }

    /// The ranks of eight near-zero bytes (their ``offsetRanks(_:)``) side
    /// by side: two indices of a ``QuadTable``, in bits 0–11 and 32–43.
    /// Where the processor gathers bits in one instruction (`pext`), that
    /// is how: a tenth less time for the whole encoding on one thread
    /// (4K onboarding, 19.3 against 20.7 ms, medians of 9 alternated).
    @inline(__always)
    static func nearZeroIndices(_ ranks: UInt64) -> UInt64 {
        #if MESHGRAD_FAST_PEXT
            let gathered = meshgrad_gather_bits(ranks, 0x0707_0707_0707_0707)
            return gathered & 0xFFF | (gathered &>> 12) &<< 32
        #else
            return nearZeroIndicesByShifts(ranks)
        #endif
    }

    /// ``nearZeroIndices(_:)`` in shifts and masks, on any processor.
    @inline(__always)
    static func nearZeroIndicesByShifts(_ ranks: UInt64) -> UInt64 {
        let byPairs = (ranks | ranks &>> 5) & 0x003F_003F_003F_003F
        return (byPairs | byPairs &>> 10) & 0x0000_0FFF_0000_0FFF
    }

    /// Each of sixteen bytes plus 4, lane by lane (no carries between
    /// bytes): 0...7 for the bytes within -4...3, a higher bit set for every
    /// other; as two words, the first byte lowest in the first.
    @inline(__always)
    static func offsetRanks(_ bytes: SIMD16<UInt8>) -> (UInt64, UInt64) {
        let words = unsafeBitCast(bytes &+ 4, to: SIMD2<UInt64>.self)
        return (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
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
    /// Writes an entry of ``QuadTable``.
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
        let q0 = quads[Int(first & 0xFFF)]
        let q1 = quads[Int(first &>> 32)]
        let q2 = quads[Int(second & 0xFFF)]
        let q3 = quads[Int(second &>> 32)]
        let end0 = q0 &>> 58
        let end1 = end0 &+ q1 &>> 58
        let end2 = end1 &+ q2 &>> 58
        let end3 = end2 &+ q3 &>> 58
        guard end3 <= 56 else {
            self = writingQuads(q0, q1, q2, q3)
            return
        }
        let codes = Self.quadCode(q0) | Self.quadCode(q1) &<< end0 | Self.quadCode(q2) &<< end1
        writeBranchless(codes | Self.quadCode(q3) &<< end2, bits: end3)
    }

    /// This writer after writing four entries of ``QuadTable`` one by one:
    /// out of line, and a new value rather than `inout`, so that the
    /// common path keeps the writer and the entries in registers.
    @inline(never)
    func writingQuads(_ q0: UInt64, _ q1: UInt64, _ q2: UInt64, _ q3: UInt64) -> BitWriter {
        var writer = self
        writer.writeQuad(q0)
        writer.writeQuad(q1)
        writer.writeQuad(q2)
        writer.writeQuad(q3)
        return writer
    }

    /// This writer after writing each of `bytes` by its single-byte entry
    /// of ``QuadTable`` (out of line, like ``writingQuads(_:_:_:_:)``).
    @inline(never)
    func writingBytes(_ bytes: UnsafeRawBufferPointer, quads: UnsafeBufferPointer<UInt64>) -> BitWriter {
        var writer = self
        for byte in bytes { writer.writeQuad(quads[QuadTable.fourByteEntries &+ Int(byte)]) }
        return writer
    }

    /// The codes of an entry of ``QuadTable``.
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
