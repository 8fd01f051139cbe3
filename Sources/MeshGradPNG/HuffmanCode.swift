/// A length-limited, canonical Huffman code (RFC 1951, section 3.2.2): code
/// lengths from symbol frequencies, and the codes those lengths define, bit
/// reversed for deflate's least-significant-bit-first packing.
struct HuffmanCode {
    /// Bits per symbol; 0 for symbols that never occur.
    let lengths: [UInt8]
    /// The code of each symbol, first bit in the lowest bit.
    let codes: [UInt16]

    /// The optimal code for `frequencies` with no code longer than `limit`
    /// bits. The code is always complete (its Kraft sum is exactly 1), as
    /// strict decoders such as zlib's require: with fewer than two symbols
    /// occurring, the first symbols that do not occur fill it up.
    init(frequencies: [Int], limit: Int) {
        precondition(frequencies.count >= 2 && (1..<16).contains(limit) && frequencies.count <= 1 << limit)
        var lengths = HuffmanCode.lengths(for: frequencies, limit: limit)
        var spare = 0
        while lengths.lazy.filter({ $0 > 0 }).count < 2 {
            while lengths[spare] > 0 { spare += 1 }
            lengths[spare] = 1
            for i in lengths.indices where lengths[i] > 0 { lengths[i] = 1 }
        }
        self.lengths = lengths
        codes = HuffmanCode.canonicalCodes(lengths: lengths)
    }

    /// Huffman's construction, then the longest codes shortened until they
    /// fit `limit`, each step moving one leaf down a level and taking the
    /// room from the deepest level (the method of zlib's `gen_bitlen` and
    /// miniz): the lengths stay a complete code, and the most frequent
    /// symbols keep the shortest codes.
    private static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
        let symbols = frequencies.indices.filter { frequencies[$0] > 0 }.sorted {
            (frequencies[$0], $0) < (frequencies[$1], $1)
        }
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        guard symbols.count >= 2 else {
            for symbol in symbols { lengths[symbol] = 1 }
            return lengths
        }
        // Leaves 0..<n in ascending weight, internal nodes n..<2n-1 in the
        // order made, which is also ascending: two queues, no heap.
        let n = symbols.count
        var weight = symbols.map { frequencies[$0] } + [Int](repeating: 0, count: n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        var nextLeaf = 0
        var nextInternal = n
        for node in n..<(2 * n - 1) {
            for _ in 0..<2 {
                let takesLeaf = nextLeaf < n && (nextInternal == node || weight[nextLeaf] <= weight[nextInternal])
                let child = takesLeaf ? nextLeaf : nextInternal
                if takesLeaf { nextLeaf += 1 } else { nextInternal += 1 }
                parent[child] = node
                weight[node] += weight[child]
            }
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }

        // Symbols per length, the over-long ones counted at the limit.
        var count = [Int](repeating: 0, count: limit + 1)
        for leaf in 0..<n { count[min(depth[leaf], limit)] += 1 }
        var kraft = (1...limit).reduce(0) { $0 + count[$1] << (limit - $1) }
        while kraft > 1 << limit {
            // Drop a code at the limit; split a shorter leaf to make room
            // for it one level down. Net: one unit of 2^-limit less.
            count[limit] -= 1
            let shorter = (1..<limit).last { count[$0] > 0 }!
            count[shorter] -= 1
            count[shorter + 1] += 2
            kraft -= 1
        }
        // Lengths go to the symbols in order of frequency, shortest to the
        // most frequent (symbols is ascending, so walk it backwards).
        var leaf = n - 1
        for length in 1...limit {
            for _ in 0..<count[length] {
                lengths[symbols[leaf]] = UInt8(length)
                leaf -= 1
            }
        }
        return lengths
    }

    /// RFC 1951's canonical codes: shorter codes first, and within a length
    /// in symbol order; then reversed, since deflate sends a code's first
    /// bit as the lowest bit of the stream.
    private static func canonicalCodes(lengths: [UInt8]) -> [UInt16] {
        var countPerLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + countPerLength[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = next[Int(length)]
            next[Int(length)] += 1
            // The code's bits reversed within its length.
            return UInt16(truncatingIfNeeded: UInt32(code).bitReversed >> (32 - UInt32(length)))
        }
    }
}

extension UInt32 {
    /// The 32 bits in the opposite order.
    var bitReversed: UInt32 {
        var x = self
        x = (x & 0x5555_5555) << 1 | (x >> 1) & 0x5555_5555
        x = (x & 0x3333_3333) << 2 | (x >> 2) & 0x3333_3333
        x = (x & 0x0F0F_0F0F) << 4 | (x >> 4) & 0x0F0F_0F0F
        return x.byteSwapped
    }
}
