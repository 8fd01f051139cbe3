import CZlib
import Testing

@testable import MeshGradPNG

/// The encoder's shortcuts do what their plain versions do.
@Suite struct EncoderShortcutTests {
    @Test func rgbPackingDropsAlphaAtEveryWidth() {
        var generator = SystemRandomNumberGenerator()
        for width in [1, 2, 3, 4, 5, 7, 8, 64, 1000, 1003] {
            let rgba = (0..<width * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var row = [UInt8](repeating: 0xAA, count: width * 3 + 8)
            _ = rgba.withUnsafeBytes { source in
                row.withUnsafeMutableBytes {
                    RowPacking.rgb8.pack(source.baseAddress!, width: width, into: $0.baseAddress!)
                }
            }
            let expected = (0..<width).flatMap { rgba[4 * $0..<4 * $0 + 3] }
            #expect(Array(row[0..<width * 3]) == expected, "width \(width)")
            #expect(row[(width * 3)...].allSatisfy { $0 == 0xAA }, "wrote past the row at width \(width)")
        }
    }

    @Test func sixteenBitPackingIsBigEndian() {
        let width = 5
        let rgba = (0..<width * 4).map { UInt16($0 * 4099 % 65536) }
        for packing in [RowPacking.rgb16, .rgba16] {
            let channels = packing == .rgb16 ? 3 : 4
            var row = [UInt8](repeating: 0xAA, count: width * channels * 2 + 4)
            _ = rgba.withUnsafeBytes { source in
                row.withUnsafeMutableBytes { packing.pack(source.baseAddress!, width: width, into: $0.baseAddress!) }
            }
            var expected: [UInt8] = []
            for x in 0..<width {
                for c in 0..<channels {
                    let sample: UInt16 = rgba[4 * x + c]
                    expected += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
                }
            }
            #expect(Array(row.prefix(width * channels * 2)) == expected, "\(packing)")
            #expect(row.suffix(4).allSatisfy { $0 == 0xAA }, "\(packing) wrote past the row")
        }
    }

    /// The sampled choice picks what the whole-row sums pick where one
    /// filter is clearly best: a row that repeats the row above (Paeth,
    /// which predicts it) and a row of one color under noise (Sub).
    @Test func sampledFilterChoiceRanksLikeTheWholeRow() {
        let bpp = 3
        let count = 4000 * bpp
        let noise = (0..<count).map { UInt8(truncatingIfNeeded: ($0 * 7919) % 251) }
        let flat = [UInt8](repeating: 90, count: count)
        for (row, prior, expected) in [(noise, noise, RowFilter.paeth), (flat, noise, RowFilter.sub)] {
            var filtered = [UInt8](repeating: 0, count: count)
            var wholeBest = RowFilter.none
            var wholeSum = Int.max
            for candidate in RowFilter.adaptiveCandidates {
                candidate.apply(row: row, prior: prior, count: count, bpp: bpp, output: &filtered)
                let sum = sumOfAbsoluteDifferences(filtered, count: count)
                if sum < wholeSum { (wholeBest, wholeSum) = (candidate, sum) }
            }
            let sampled = RowFilter.adaptiveChoice(row: row, prior: prior, count: count, bpp: bpp)
            #expect(wholeBest == expected)
            #expect(sampled == wholeBest)
        }
    }
}
