/// Deflate (RFC 1951) that codes every byte as a literal, in one block with
/// its own Huffman code: what zlib's `Z_HUFFMAN_ONLY` produces, about five
/// times faster.
///
/// Dithered images are why: filtered, they are noise of a few levels, in
/// which LZ77 finds no repeats, so Huffman coding alone gives the smallest
/// output of every zlib setting measured, and its speed is all that matters.
/// zlib 1.2 spends about 10 ns a byte on it (each literal is tallied, then
/// coded through a 16-bit bit buffer); here a sampled histogram, one table
/// lookup per four bytes (``writeNearZeroBytes(_:code:to:)``) and a 64-bit
/// bit buffer flushed once per sixteen codes take about 0.3 (on the 2-core
/// development machine), which on a dithered 4K wallpaper is the
/// difference between encoding taking twice as long as rendering and
/// taking half as long.
///
/// Like a zlib stream cut with `Z_SYNC_FLUSH` or `Z_FINISH`, the output ends
/// on a byte boundary, so pieces from here and from ``Deflater`` join into
/// one stream in any mix.
enum LiteralDeflater {
    /// Input bytes per block, each block with its own code: a piece's
    /// worth (`PNGStreamEncoder.Options.pieceBytes`), so that a piece
    /// builds one code and one table of codes. Filtered dithering is stationary
    /// noise: 4K renderings came out 0.04 % smaller than with a code every
    /// 256 KB (the codes' own bytes), and the tables' filling costs a
    /// quarter as much.
    static let blockBytes = 1 << 20

    /// Appends `input` as deflate blocks to `output`: the last block final
    /// when `finishes`, else followed by an empty stored block to end on a
    /// byte boundary.
    static func compress(_ input: UnsafeBufferPointer<UInt8>, finishes: Bool, appendingTo output: inout [UInt8]) {
        output += [UInt8](unsafeUninitializedCapacity: capacity(for: input.count)) { buffer, count in
            count = compress(input, finishes: finishes, into: buffer.baseAddress!)
        }
    }

    /// Bytes ``compress(_:finishes:into:)`` may need for `count` input
    /// bytes: at most 15 bits per byte, plus per block its header (3 + 14
    /// bits, 19 3-bit lengths, 259 code lengths of at most 7 + 7 bits:
    /// under 470 bytes) and end code, plus the closing stored block and the
    /// 8 bytes the bit writer stores past its end.
    static func capacity(for count: Int) -> Int { count * 2 + (count / blockBytes + 1) * 512 + 32 }

    /// Writes `input` as deflate blocks at `output`, which has room for
    /// ``capacity(for:)`` bytes, as ``compress(_:finishes:appendingTo:)``
    /// appends them; returns their count. The encoder's pieces write
    /// straight into their chunk this way, without a copy.
    static func compress(
        _ input: UnsafeBufferPointer<UInt8>, finishes: Bool, into output: UnsafeMutablePointer<UInt8>
    )
        -> Int
    {
        var writer = BitWriter(output)
        var start = 0
        repeat {
            let count = min(blockBytes, input.count - start)
            let isLast = start + count == input.count
            writeBlock(
                UnsafeBufferPointer(rebasing: input[start..<(start + count)]), isFinal: finishes && isLast,
                to: &writer)
            start += count
        } while start < input.count
        if !finishes {
            // An empty stored block: not final, type 00, then to the byte
            // boundary and a length of 0 and its complement.
            writer.write(0, bits: 3)
            writer.alignToByte()
            writer.write(0xFFFF_0000, bits: 32)  // LEN 0, NLEN 0xFFFF
        }
        writer.alignToByte()
        precondition(writer.byteCount + 8 <= capacity(for: input.count))
        return writer.byteCount
    }

    /// The longest literal code: four codes and their length then fit 58
    /// bits (a 64-bit table entry), a pair and its length 32. Only values too
    /// rare to matter would get longer codes in filtered noise (the 4K
    /// onboarding rendering grew by 0.02 % against a limit of 14; 1.2 % at 12).
    static let codeLimit = 13

    /// The order in which code length code lengths are sent (RFC 1951).
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// One block with a dynamic Huffman code (type 10) over the 256 byte
    /// values and end-of-block: no lengths, and two unused one-bit distance
    /// codes, which is how zlib describes a block without distances.
    static func writeBlock(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, to writer: inout BitWriter) {
        var frequencies = bytes.count >= sampledBlockBytes ? sampledHistogram(bytes) : byteHistogram(bytes)
        frequencies.append(1)  // end of block, symbol 256
        let literals = HuffmanCode(frequencies: frequencies, limit: codeLimit)

        // The code lengths (257 literal, 2 distance) as run-length symbols,
        // and the code that codes those.
        let lengthSymbols = runLengthSymbols(literals.lengths.map(Int.init) + [1, 1])
        var symbolFrequencies = [Int](repeating: 0, count: 19)
        for (symbol, _) in lengthSymbols { symbolFrequencies[symbol] += 1 }
        let lengthCode = HuffmanCode(frequencies: symbolFrequencies, limit: 7)
        var sentLengths = 19
        while sentLengths > 4 && lengthCode.lengths[codeLengthOrder[sentLengths - 1]] == 0 { sentLengths -= 1 }

        writer.write(isFinal ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)  // dynamic Huffman codes
        writer.write(257 - 257, bits: 5)  // HLIT: 257 literal/length codes
        writer.write(2 - 1, bits: 5)  // HDIST: 2 distance codes
        writer.write(UInt64(sentLengths - 4), bits: 4)  // HCLEN
        for i in 0..<sentLengths { writer.write(UInt64(lengthCode.lengths[codeLengthOrder[i]]), bits: 3) }
        for (symbol, extra) in lengthSymbols {
            writer.write(UInt64(lengthCode.codes[symbol]), bits: Int(lengthCode.lengths[symbol]))
            switch symbol {
            case 16: writer.write(UInt64(extra - 3), bits: 2)
            case 17: writer.write(UInt64(extra - 3), bits: 3)
            case 18: writer.write(UInt64(extra - 11), bits: 7)
            default: break
            }
        }

        if nearZeroShare(frequencies) >= quadCodingShare {
            writeNearZeroBytes(bytes, code: literals, to: &writer)
        } else {
            writeBytesInPairs(bytes, code: literals, to: &writer)
        }
        writer.write(UInt64(literals.codes[256]), bits: Int(literals.lengths[256]))
    }

    /// How often each byte value occurs, counted into four tables in turn so
    /// that a run of one value, common in filtered noise, does not wait on
    /// its own increments.
    static func byteHistogram(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var counts = [UInt32](repeating: 0, count: 4 * 256)
        counts.withUnsafeMutableBufferPointer { count(bytes, into: $0.baseAddress!) }
        return (0..<256).map { summed(counts, $0) }
    }

    /// Adds the bytes' values to four tables of 256 counts at `c`, a byte
    /// to each table in turn.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>, into c: UnsafeMutablePointer<UInt32>) {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            c[Int(word & 0xFF)] &+= 1
            c[256 | Int(word &>> 8 & 0xFF)] &+= 1
            c[512 | Int(word &>> 16 & 0xFF)] &+= 1
            c[768 | Int(word &>> 24 & 0xFF)] &+= 1
            c[Int(word &>> 32 & 0xFF)] &+= 1
            c[256 | Int(word &>> 40 & 0xFF)] &+= 1
            c[512 | Int(word &>> 48 & 0xFF)] &+= 1
            c[768 | Int(word &>> 56)] &+= 1
            i &+= 8
        }
        while i < bytes.count {
            c[Int(bytes[i])] &+= 1
            i &+= 1
        }
    }

    /// The count of `value` over the four tables ``count(_:into:)`` fills.
    static func summed(_ counts: [UInt32], _ value: Int) -> Int {
        (0..<4).reduce(0) { $0 + Int(counts[$1 * 256 + value]) }
    }

    static let histogramStride = 32 * 1024

    /// Blocks at least this long get their code from a sample.
    static let sampledBlockBytes = 1 << 16

    /// Byte frequencies estimated from one kilobyte in every
    /// ``histogramStride`` bytes, every value counted once more so that each
    /// has a code even if the sample missed it (a code for all 256 values
    /// costs a few bits per block). Filtered dithering is stationary noise,
    /// whose histogram a sample gives closely: on the 4K onboarding
    /// rendering one kilobyte in four grew the file by 0.06 % against
    /// counting every byte, one in eight by 0.011 % more (9 presets at
    /// 1080p: 0.000–0.017 %), one in sixteen by 0.0002 % more again (9
    /// presets at 1080p: 0.000–0.016 %), one in 32 by 0.0017 % more (9
    /// presets at 1080p: 0.000–0.008 % more), each halving the counting.
    static func sampledHistogram(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var counts = [UInt32](repeating: 0, count: 4 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1024)
                count(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: counts.baseAddress!)
                start += histogramStride
            }
        }
        return (0..<256).map { histogramStride / 1024 * summed(counts, $0) + 1 }
    }

    /// Code lengths as RFC 1951's code length alphabet: 0–15 literally, 16
    /// repeats the previous length 3–6 times, 17 and 18 give 3–10 and 11–138
    /// zeros. Each symbol comes with its repeat count (unused below 16).
    static func runLengthSymbols(_ lengths: [Int]) -> [(symbol: Int, extra: Int)] {
        var symbols: [(symbol: Int, extra: Int)] = []
        var i = 0
        while i < lengths.count {
            let value = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == value { run += 1 }
            i += run
            if value == 0 {
                while run >= 11 {
                    let n = min(run, 138)
                    symbols.append((18, n))
                    run -= n
                }
                if run >= 3 {
                    symbols.append((17, run))
                    run = 0
                }
            } else {
                symbols.append((value, 0))
                run -= 1
                while run >= 3 {
                    let n = min(run, 6)
                    symbols.append((16, n))
                    run -= n
                }
            }
            for _ in 0..<run { symbols.append((value, 0)) }
        }
        return symbols
    }
}

/// Packs bit fields least significant bit first (deflate's order) into a
/// byte buffer through a 64-bit accumulator.
struct BitWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private var next: UnsafeMutablePointer<UInt8>
    /// Bits not yet past `next`, fewer than 8 between calls.
    private var pending: UInt64 = 0
    private var pendingBits: UInt64 = 0

    /// Writes into `buffer`, which must have 8 bytes of room beyond what
    /// is written: every write stores a whole 64-bit word.
    init(_ buffer: UnsafeMutablePointer<UInt8>) {
        start = buffer
        next = buffer
    }

    /// Bytes written, counting a partial last byte once aligned.
    var byteCount: Int { next - start }

    /// Writes the low `bits` bits of `value`, at most 56 and nothing above
    /// them. No branches: all 8 bytes are stored, and `next` advances past
    /// the whole ones.
    @inline(__always)
    mutating func writeBranchless(_ value: UInt64, bits: UInt64) {
        pending |= value &<< pendingBits
        pendingBits &+= bits
        UnsafeMutableRawPointer(next).storeBytes(of: pending.littleEndian, as: UInt64.self)
        // At most 63 bits were pending, so at most 7 whole bytes go.
        let whole = pendingBits &>> 3
        next += Int(truncatingIfNeeded: whole)
        pending = pending &>> (whole &<< 3)
        pendingBits &= 7
    }

    /// Writes the low `bits` bits of `value` (at most 56).
    mutating func write(_ value: UInt64, bits: Int) {
        precondition((0...56).contains(bits) && value >> UInt64(bits) == 0)
        writeBranchless(value, bits: UInt64(bits))
    }

    /// Pads with zero bits to a byte boundary.
    mutating func alignToByte() {
        if pendingBits > 0 { writeBranchless(0, bits: 8 &- pendingBits) }
    }
}
