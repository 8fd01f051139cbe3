import CZlib
import Testing

@testable import MeshGradPNG

/// The two deflate encoders on their own, checked by zlib's inflate: codes
/// that decoders accept, pieces that join into one stream.
@Suite struct DeflateTests {
    /// Wraps raw deflate pieces in a zlib stream and inflates it with zlib.
    static func inflate(_ deflated: [UInt8], expectedCount: Int, adler: UInt32) -> [UInt8]? {
        var stream: [UInt8] = [0x78, 0x01] + deflated
        stream.appendBigEndian(adler)
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var count = UInt(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &count, $0.baseAddress, UInt($0.count)) }
        }
        return status == Z_OK ? Array(output.prefix(Int(count))) : nil
    }

    static func adler(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(adler32_z(1, $0.baseAddress, $0.count)) }
    }

    static func literals(_ bytes: [UInt8], finishes: Bool = true) -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { LiteralDeflater.compress($0, finishes: finishes, appendingTo: &output) }
        return output
    }

    /// Byte counts growing like Fibonacci numbers: the Huffman code of such a
    /// distribution is as deep as there are symbols, far past 15 bits.
    static let fibonacciBytes: [UInt8] = {
        var counts = [1, 1]
        while counts.count < 26 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        var bytes: [UInt8] = []
        for (value, count) in counts.enumerated() { bytes += repeatElement(UInt8(value * 7), count: count) }
        var noise = TestImages.Noise(state: 42)
        bytes.shuffle(using: &noise)
        return bytes
    }()

    static var samples: [(String, [UInt8])] {
        var noise = TestImages.Noise(state: 7)
        let random = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: noise.next()) }
        let small = (0..<5000).map { _ in UInt8([0, 1, 255, 2, 254][Int(noise.next() % 5)]) }
        return [
            ("one byte", [9]), ("two equal bytes", [200, 200]), ("one value", [UInt8](repeating: 0, count: 1000)),
            ("two values", (0..<999).map { UInt8($0 % 3 == 0 ? 5 : 6) }), ("uniform noise", random),
            ("filtered dithering", small), ("fibonacci", fibonacciBytes),
            ("several blocks", [UInt8]((0..<(2 * LiteralDeflater.blockBytes + 17)).map { UInt8($0 * 31 % 7) })),
            ("near zero, a few far", nearZeroWithFarBytes), ("near zero, long codes", nearZeroWithLongCodes),
        ]
    }

    /// Differences within -4...3, one byte in 300 farther, 100,003 bytes:
    /// groups of sixteen coded together and groups coded a byte at a time.
    static let nearZeroWithFarBytes: [UInt8] = {
        var noise = TestImages.Noise(state: 11)
        return (0..<100_003).map { _ in
            noise.next() % 300 == 0
                ? UInt8(truncatingIfNeeded: noise.next() % 240 + 8)
                : UInt8(truncatingIfNeeded: Int(noise.next() % 8) - 4)
        }
    }()

    /// Almost all zeros, with runs of every other value within -4...3, which
    /// then have codes so long that sixteen of them overflow one flush of the
    /// bit buffer.
    static let nearZeroWithLongCodes: [UInt8] = {
        var bytes = [UInt8](repeating: 0, count: 150_001)
        for start in stride(from: 1000, to: 140_000, by: 9973) {
            for k in 0..<40 { bytes[start + k] = UInt8(truncatingIfNeeded: k % 7 - 4 + (k % 7 >= 4 ? 1 : 0)) }
        }
        return bytes
    }()

    /// Both samples above take the sixteen-byte path (it is what they test).
    @Test func nearZeroSamplesAreCodedSixteenBytesAtATime() {
        for bytes in [Self.nearZeroWithFarBytes, Self.nearZeroWithLongCodes] {
            let frequencies = bytes.withUnsafeBufferPointer { LiteralDeflater.sampledHistogram($0) }
            #expect(LiteralDeflater.nearZeroShare(frequencies) >= LiteralDeflater.quadCodingShare)
        }
    }

    @Test func literalBlocksInflateToTheirInput() {
        for (name, bytes) in Self.samples {
            let deflated = Self.literals(bytes)
            #expect(Self.inflate(deflated, expectedCount: bytes.count, adler: Self.adler(bytes)) == bytes, "\(name)")
        }
    }

    /// The lane-by-lane byte arithmetic of the four-byte path, for every
    /// byte value in every one of the sixteen lanes: a byte's rank where it
    /// has one (a set bit above it where not), and the table indices that
    /// four ranks make, by the processor's bit gather where it is used and
    /// by shifts.
    @Test func ranksAndIndicesOfNearZeroBytes() {
        for value in 0..<256 {
            for lane in 0..<16 {
                var bytes = SIMD16<UInt8>(repeating: 3)
                bytes[lane] = UInt8(value)
                let (x, y) = LiteralDeflater.offsetRanks(bytes)
                let ranks = lane < 8 ? x : y
                let rank = Int(ranks >> (8 * (lane % 8)) & 0xFF)
                #expect(LiteralDeflater.areNearZero(x, y) == (QuadTable.rank(of: value) != nil))
                guard let expected = QuadTable.rank(of: value) else {
                    #expect(rank > 7, "\(value)")
                    continue
                }
                #expect(rank == expected)
                let ranksOfLanes = (0..<16).map { $0 == lane ? expected : 7 }
                let index = { (first: Int) in (0..<4).reduce(0) { $0 | ranksOfLanes[first + $1] << (3 * $1) } }
                let indices = (UInt64(index(0)) | UInt64(index(4)) << 32, UInt64(index(8)) | UInt64(index(12)) << 32)
                #expect(LiteralDeflater.nearZeroIndices(x) == indices.0)
                #expect(LiteralDeflater.nearZeroIndices(y) == indices.1)
                #expect(LiteralDeflater.nearZeroIndicesByShifts(x) == indices.0)
                #expect(LiteralDeflater.nearZeroIndicesByShifts(y) == indices.1)
            }
        }
    }

    @Test func literalCodingIsCompactOnSkewedData() {
        // Five values, mostly 0: about 2 bits a byte, not 8.
        let (_, bytes) = Self.samples.first { $0.0 == "filtered dithering" }!
        #expect(Self.literals(bytes).count < bytes.count / 3)
    }

    @Test func piecesFromBothEncodersJoinIntoOneStream() throws {
        let pieces = Self.samples.map(\.1)
        var methods: [DeflateMethod] = [.literals, .zlib(level: 1, strategy: Z_RLE), .zlib(level: 6, strategy: 0)]
        for rotation in 0..<3 {
            var stream: [UInt8] = []
            for (index, piece) in pieces.enumerated() {
                let finishes = index == pieces.count - 1
                switch methods[index % methods.count] {
                case .literals:
                    piece.withUnsafeBufferPointer {
                        LiteralDeflater.compress($0, finishes: finishes, appendingTo: &stream)
                    }
                case .zlib(let level, let strategy):
                    try piece.withUnsafeBufferPointer {
                        try Deflater.compress(
                            $0, level: level, strategy: strategy, finishes: finishes, appendingTo: &stream)
                    }
                }
            }
            let all = pieces.flatMap { $0 }
            #expect(
                Self.inflate(stream, expectedCount: all.count, adler: Self.adler(all)) == all, "rotation \(rotation)")
            methods.append(methods.removeFirst())
        }
    }

    /// The cost (sum of frequency times length) of an unlimited Huffman
    /// code: the sum of all merged weights, merging the two lightest.
    static func huffmanCost(_ frequencies: [Int]) -> Int {
        var weights = frequencies.filter { $0 > 0 }.sorted()
        guard weights.count >= 2 else { return weights.reduce(0, +) }
        var cost = 0
        while weights.count > 1 {
            let merged = weights.removeFirst() + weights.removeFirst()
            cost += merged
            weights.insert(merged, at: weights.firstIndex { $0 > merged } ?? weights.count)
        }
        return cost
    }

    @Test func huffmanCodesAreCompleteLimitedAndOptimal() {
        var noise = TestImages.Noise(state: 3)
        var cases: [([Int], Int)] = [
            ([0, 0, 0], 15), ([5, 0, 0], 15), ([0, 0, 9], 7), ([1, 1], 15), ([3, 1, 1, 1], 2),
            ((0..<257).map { _ in 1 }, 15), ((0..<19).map { _ in Int(noise.next() % 50) }, 7),
        ]
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        cases.append((fibonacci + [Int](repeating: 0, count: 227), 15))
        cases.append((fibonacci.shuffled(using: &noise), 7))
        for _ in 0..<20 {
            cases.append(((0..<257).map { _ in noise.next() % 4 == 0 ? 0 : Int(noise.next() % 100_000) }, 15))
        }
        for (frequencies, limit) in cases {
            let code = HuffmanCode(frequencies: frequencies, limit: limit)
            let lengths = code.lengths.map(Int.init)
            // Complete: Kraft's sum is exactly 1.
            #expect(lengths.reduce(0) { $0 + ($1 > 0 ? 1 << (limit - $1) : 0) } == 1 << limit)
            #expect(lengths.allSatisfy { $0 <= limit })
            #expect(zip(frequencies, lengths).allSatisfy { $0 == 0 || $1 > 0 }, "every used symbol has a code")
            // More frequent symbols never get longer codes.
            for i in frequencies.indices where frequencies[i] > 0 {
                for j in frequencies.indices where frequencies[j] > frequencies[i] { #expect(lengths[j] <= lengths[i]) }
            }
            // Prefix-free: canonical codes of distinct symbols never prefix each other.
            let used = lengths.indices.filter { lengths[$0] > 0 }
            for a in used {
                for b in used where a != b && lengths[a] <= lengths[b] {
                    let mask = (1 << lengths[a]) - 1
                    #expect(Int(code.codes[b]) & mask != Int(code.codes[a]), "code \(a) prefixes code \(b)")
                }
            }
            // Optimal where the limit does not bind.
            let cost = zip(frequencies, lengths).reduce(0) { $0 + $1.0 * $1.1 }
            if lengths.max()! < limit && used.count == frequencies.filter({ $0 > 0 }).count && used.count >= 2 {
                #expect(cost == Self.huffmanCost(frequencies), "\(frequencies)")
            }
        }
    }
}

@Suite struct PieceContentTests {
    static func classify(_ bytes: [UInt8], bytesPerPixel: Int) -> PieceContent {
        bytes.withUnsafeBufferPointer {
            PieceContent(classifying: $0.baseAddress!, count: $0.count, bytesPerPixel: bytesPerPixel)
        }
    }

    @Test func runsRepeatsAndNoiseAreToldApart() {
        var noise = TestImages.Noise(state: 11)
        let dithering = (0..<20_000).map { _ in UInt8([0, 1, 255][Int(noise.next() % 3)]) }
        #expect(Self.classify(dithering, bytesPerPixel: 3) == .noise)
        #expect(Self.classify([UInt8](repeating: 0, count: 20_000), bytesPerPixel: 3) == .runs)
        // A 16-bit pixel's differences recurring, no byte twice in a row.
        let pixels = (0..<20_000).map { UInt8([0, 17, 1, 3, 0, 250][$0 % 6]) }
        #expect(Self.classify(pixels, bytesPerPixel: 6) == .repeats)
        #expect(Self.classify([7], bytesPerPixel: 6) == .noise)
    }

    /// The branch-free counts against the plain definition, on bytes with
    /// every kind of repeat: pixels of 3, 4, 6 and 8 bytes, runs, noise,
    /// and stretches whose length is not a multiple of anything.
    @Test func repeatAndRunCountsFollowTheirDefinitions() {
        var noise = TestImages.Noise(state: 5)
        var bytes: [UInt8] = []
        while bytes.count < 5000 {
            let period = [3, 4, 6, 8][Int(noise.next() % 4)]
            let pattern = (0..<period).map { _ in UInt8(noise.next() % 3) }
            let length = Int(noise.next() % 97)
            bytes += (0..<length).map { noise.next() % 5 == 0 ? UInt8(noise.next() % 256) : pattern[$0 % period] }
        }
        bytes.withUnsafeBufferPointer { buffer in
            let b = buffer.baseAddress!
            for distance in [3, 4, 6, 8] {
                for range in [distance..<(buffer.count - 3), 100..<117, 999..<1999] {
                    let expected = range.filter { i in (0..<4).allSatisfy { b[i + $0] == b[i + $0 - distance] } }.count
                    #expect(PieceContent.repeatStarts(b, range, distance: distance) == expected)
                }
            }
            for range in [2..<buffer.count, 300..<301, 17..<4000] {
                let expected = range.filter { b[$0] == b[$0 - 1] && b[$0] == b[$0 - 2] }.count
                #expect(PieceContent.runBytes(b, range) == expected)
            }
        }
    }

    @Test func levelsChooseTheirMethods() {
        let eight = PNGCompression(level: 1, bitDepth: 8)
        #expect(eight.method(for: .noise) == .literals)
        #expect(eight.method(for: .runs) == .zlib(level: 1, strategy: Z_RLE))
        #expect(eight.method(for: .repeats) == .zlib(level: 1, strategy: Z_DEFAULT_STRATEGY))
        #expect(PNGCompression(level: 1, bitDepth: 16).method(for: .runs) == .zlib(level: 1, strategy: 0))
        #expect(PNGCompression(level: 7, bitDepth: 8).method(for: .runs) == .zlib(level: 7, strategy: 0))
        #expect(PNGCompression(level: 9, bitDepth: 8).method(for: .noise) == .literals)
        #expect(PNGCompression(level: 0, bitDepth: 8).method(for: .noise) == .zlib(level: 0, strategy: 0))
        for level in 0...9 {
            let header = PNGCompression(level: level, bitDepth: 8).zlibHeader
            #expect((Int(header[0]) << 8 | Int(header[1])) % 31 == 0 && header[0] == 0x78)
        }
    }
}
