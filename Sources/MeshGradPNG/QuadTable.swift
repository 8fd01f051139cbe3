/// The table through which ``LiteralDeflater`` codes four near-zero bytes
/// in one lookup.
///
/// A byte within -4...3 has the rank `byte + 4` (0–7), and entry
/// `r0 | r1 << 3 | r2 << 6 | r3 << 9` holds the codes of four bytes of
/// ranks `r0`…`r3` (first byte first) in its low 52 bits (at most 13 bits
/// each) and their total length in the top 6. After those, at
/// ``fourByteEntries`` plus the value, each byte's code alike.
///
/// 3-bit ranks keep the table at 33 KB, within the first-level cache, where
/// 4-bit ranks (-8...7) needed 514 KB: on the 4K onboarding rendering's
/// filtered bytes the coding loop took 10.5 ms instead of 11.7 (medians of
/// 15 in turn, one core), and filling the table per block costs
/// microseconds instead of a tenth of the encoder's page faults. The wider
/// ranks covered no more: on the 1080p renderings of 11 presets the bytes
/// within -8...7 were at most 0.1 % more than those within -4...3 (99.0 to
/// 99.97 %), and a grainy image has too few of either for this table.
enum QuadTable {
    /// Entries for four bytes, before the single bytes'.
    static let fourByteEntries = 1 << 12
    static let entryCount = fourByteEntries + 256

    /// The rank of a byte within -4...3, and of no other.
    static func rank(of value: Int) -> Int? {
        let rank = (value + 4) & 0xFF
        return rank < 8 ? rank : nil
    }

    /// The byte value of rank `rank` (0–7).
    static func value(rank: Int) -> Int { (rank - 4) & 0xFF }

    /// Runs `body` with the table for `code`.
    static func with<R>(_ code: HuffmanCode, _ body: (UnsafePointer<UInt64>) -> R) -> R {
        // Aligned to cache lines: the eight ranks of the first byte share one.
        let table = UnsafeMutableRawPointer.allocate(byteCount: entryCount * 8, alignment: 64)
            .bindMemory(to: UInt64.self, capacity: entryCount)
        defer { table.deallocate() }
        fillFourByteEntries(table, code: code)
        fillSingleEntries(table + fourByteEntries, code: code)
        return body(table)
    }

    /// Writes the entries of four near-zero bytes at `table`: a row of 64
    /// at a time from the codes of pairs of ranks.
    private static func fillFourByteEntries(_ table: UnsafeMutablePointer<UInt64>, code: HuffmanCode) {
        var pairCodes = [UInt64](repeating: 0, count: 64)
        var pairLengths = [UInt64](repeating: 0, count: 64)
        for pair in 0..<64 {
            let first = value(rank: pair & 7)
            let second = value(rank: pair >> 3)
            let firstLength = UInt64(code.lengths[first])
            pairCodes[pair] = UInt64(code.codes[first]) | UInt64(code.codes[second]) << firstLength
            pairLengths[pair] = firstLength + UInt64(code.lengths[second])
        }
        for high in 0..<64 {
            let highCode = pairCodes[high]
            let highLength = pairLengths[high]
            let row = table + high &<< 6
            for low in 0..<64 {
                let length = pairLengths[low] &+ highLength
                row[low] = pairCodes[low] | highCode &<< pairLengths[low] | length &<< 58
            }
        }
    }

    /// Writes the entries of single bytes at `table`.
    private static func fillSingleEntries(_ table: UnsafeMutablePointer<UInt64>, code: HuffmanCode) {
        for value in 0..<256 {
            table[value] = UInt64(code.codes[value]) | UInt64(code.lengths[value]) << 58
        }
    }
}
