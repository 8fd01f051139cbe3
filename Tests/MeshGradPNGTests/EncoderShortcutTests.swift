import CZlib
import Testing

@testable import MeshGradPNG

/// The encoder's shortcuts do what their plain versions do.
@Suite struct EncoderShortcutTests {
    @Test func rgbPackingInPlaceDropsAlphaAtEveryWidth() {
        var generator = SystemRandomNumberGenerator()
        for width in [1, 2, 3, 7, 64, 1000] {
            let rgba = (0..<width * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var row = rgba + [UInt8](repeating: 0xAA, count: 8)
            row.withUnsafeMutableBytes { RowPacking.rgb8.pack($0.baseAddress!, width: width) }
            let expected = (0..<width).flatMap { rgba[4 * $0..<4 * $0 + 3] }
            #expect(Array(row[0..<width * 3]) == expected)
            #expect(row[(width * 4)...].allSatisfy { $0 == 0xAA }, "wrote past the row at width \(width)")
        }
    }

    @Test func sixteenBitPackingInPlaceIsBigEndian() {
        let width = 5
        let rgba = (0..<width * 4).map { UInt16($0 * 4099 % 65536) }
        for packing in [RowPacking.rgb16, .rgba16] {
            var row = rgba
            row.withUnsafeMutableBytes { packing.pack($0.baseAddress!, width: width) }
            let channels = packing == .rgb16 ? 3 : 4
            var expected: [UInt8] = []
            for x in 0..<width {
                for c in 0..<channels {
                    let sample: UInt16 = rgba[4 * x + c]
                    expected += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
                }
            }
            let packed = row.withUnsafeBytes { Array($0.prefix(width * channels * 2)) }
            #expect(packed == expected, "\(packing)")
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
            var scratch = [UInt8](repeating: 0, count: RowFilter.sampleBytes + bpp)
            var filtered = [UInt8](repeating: 0, count: count)
            var wholeBest = RowFilter.none
            var wholeSum = Int.max
            for candidate in RowFilter.adaptiveCandidates {
                candidate.apply(row: row, prior: prior, count: count, bpp: bpp, output: &filtered)
                let sum = sumOfAbsoluteDifferences(filtered, count: count)
                if sum < wholeSum { (wholeBest, wholeSum) = (candidate, sum) }
            }
            let sampled = RowFilter.adaptiveChoice(row: row, prior: prior, count: count, bpp: bpp, scratch: &scratch)
            #expect(wholeBest == expected)
            #expect(sampled == wholeBest)
        }
    }

    @Test func adler32MatchesZlibAtEverySizeAndStart() {
        var state: UInt64 = 12345
        let bytes = (0..<70_000).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let maximal = [UInt8](repeating: 255, count: 70_000)
        for data in [bytes, maximal] {
            data.withUnsafeBufferPointer { buffer in
                for count in [0, 1, 31, 32, 33, 5551, 5552, 5553, 5584, 11104, 65536, 70_000] {
                    for initial: UInt32 in [1, 0xFFF0_FFF0, 0x1234_5678 % 65521] {
                        let expected = UInt32(adler32_z(UInt(initial), buffer.baseAddress, count))
                        #expect(Adler32.checksum(buffer.baseAddress!, count: count, initial: initial) == expected)
                    }
                }
            }
        }
    }
}
