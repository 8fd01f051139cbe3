import Foundation
import MeshGradCore
import Testing

@testable import MeshGradPNG

/// Images like meshgrad's output: a smooth gradient, optionally with ±1 of
/// noise as dithering adds, and alpha that is full or varies.
enum TestImages {
    /// A deterministic xorshift generator, so failures reproduce.
    struct Noise: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    static func gradient8(width: Int, height: Int, dithered: Bool, opaque: Bool, seed: UInt64 = 1) -> RGBAImage<UInt8> {
        var noise = Noise(state: 0x9E37_79B9_7F4A_7C15 ^ seed)
        var image = RGBAImage<UInt8>(width: width, height: height)
        image.components.withUnsafeMutableBufferPointer { c in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let base = (
                        x * 255 / max(1, width - 1), y * 255 / max(1, height - 1),
                        (x + y) * 255 / max(1, width + height - 2)
                    )
                    let jitter = dithered ? (noise.next() % 3, noise.next() % 3, noise.next() % 3) : (1, 1, 1)
                    c[i] = UInt8(clamping: base.0 + Int(jitter.0) - 1)
                    c[i + 1] = UInt8(clamping: base.1 + Int(jitter.1) - 1)
                    c[i + 2] = UInt8(clamping: base.2 + Int(jitter.2) - 1)
                    c[i + 3] = opaque ? 255 : UInt8((x * 7 + y * 3) & 255)
                }
            }
        }
        return image
    }

    static func gradient16(width: Int, height: Int, opaque: Bool) -> RGBAImage<UInt16> {
        var image = RGBAImage<UInt16>(width: width, height: height)
        image.components.withUnsafeMutableBufferPointer { c in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    c[i] = UInt16(x * 65535 / max(1, width - 1))
                    c[i + 1] = UInt16(y * 65535 / max(1, height - 1))
                    c[i + 2] = UInt16(truncatingIfNeeded: x &* 40503 &+ y &* 9973)  // both bytes busy
                    c[i + 3] = opaque ? 0xFFFF : UInt16((x * 977 + y * 131) & 0xFFFF)
                }
            }
        }
        return image
    }
}

/// Collects what the encoder hands its sink, call by call.
final class RecordingSink {
    var calls: [[UInt8]] = []
    var bytes: [UInt8] { calls.flatMap { $0 } }
}

/// A sink failure with an identity, to check the encoder passes it on as is.
struct SinkFailure: Error, Equatable {
    var call: Int
}

@Suite struct PNGStreamEncoderTests {
    static func encode8(
        _ image: RGBAImage<UInt8>, options: PNGStreamEncoder.Options = .init(), bands: [Int]? = nil
    ) throws -> [UInt8] {
        let sink = RecordingSink()
        let encoder = try PNGStreamEncoder(
            width: image.width, height: image.height, bitDepth: 8, channels: image.isOpaque ? 3 : 4,
            options: options
        ) { sink.calls.append($0) }
        try appendInBands(image, bands: bands ?? [image.height]) { try encoder.appendRows($0) }
        try encoder.finish()
        return sink.bytes
    }

    static func encode16(_ image: RGBAImage<UInt16>, options: PNGStreamEncoder.Options = .init()) throws -> [UInt8] {
        let sink = RecordingSink()
        let encoder = try PNGStreamEncoder(
            width: image.width, height: image.height, bitDepth: 16, channels: image.isOpaque ? 3 : 4,
            options: options
        ) { sink.calls.append($0) }
        try encoder.appendRows(image.components)
        try encoder.finish()
        return sink.bytes
    }

    /// Appends `image`'s rows in bands of the given heights (the last band
    /// repeating until the image is done).
    static func appendInBands<C>(
        _ image: RGBAImage<C>, bands: [Int], append: (UnsafeBufferPointer<C>) throws -> Void
    ) throws {
        try image.components.withUnsafeBufferPointer { all in
            var row = 0
            var band = 0
            while row < image.height {
                let rows = min(bands[min(band, bands.count - 1)], image.height - row)
                try append(
                    UnsafeBufferPointer(rebasing: all[(row * image.width * 4)..<((row + rows) * image.width * 4)]))
                row += rows
                band += 1
            }
        }
    }

    static func decode8(_ bytes: [UInt8]) throws -> RGBAImage<UInt8> {
        guard case .rgba8(let image, _) = try PNGDecoder.decode(bytes) else {
            Issue.record("expected an 8-bit PNG")
            return RGBAImage(width: 0, height: 0)
        }
        return image
    }

    static func decode16(_ bytes: [UInt8]) throws -> RGBAImage<UInt16> {
        guard case .rgba16(let image, _) = try PNGDecoder.decode(bytes) else {
            Issue.record("expected a 16-bit PNG")
            return RGBAImage(width: 0, height: 0)
        }
        return image
    }

    /// `components` (rows of `width` pixels) encoded with `channels` channels, band `k` of 7 rows
    /// lent when `lends(k)` and copied otherwise.
    static func encode<C: FixedWidthInteger>(
        _ components: [C], width: Int, channels: Int, options: PNGStreamEncoder.Options, lends: (Int) -> Bool
    ) throws -> [UInt8] {
        let height = components.count / (width * 4)
        var output: [UInt8] = []
        let encoder = try PNGStreamEncoder(
            width: width, height: height, bitDepth: C.bitWidth, channels: channels, options: options
        ) { output += $0 }
        try components.withUnsafeBufferPointer { all in
            for (k, first) in stride(from: 0, to: height, by: 7).enumerated() {
                let band = UnsafeBufferPointer(rebasing: all[first * width * 4..<min(first + 7, height) * width * 4])
                if lends(k) {
                    try encoder.lendRows(band)
                } else if let band = band as? UnsafeBufferPointer<UInt8> {
                    try encoder.appendRows(band)
                } else {
                    try encoder.appendRows(band as! UnsafeBufferPointer<UInt16>)
                }
            }
            try encoder.finish()
        }
        return output
    }

    /// The chunk types in order, checking every length and CRC on the way.
    static func chunkTypes(_ bytes: [UInt8]) -> [String] {
        guard bytes.starts(with: PNGHeader.signature) else { return ["no signature"] }
        var types: [String] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { return types + ["truncated"] }
            let typeAndData = Array(bytes[offset + 4..<offset + 8 + length])
            let stored = bytes[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let crc = typeAndData.withUnsafeBufferPointer { crc32Of($0) }
            types.append(String(decoding: typeAndData[0..<4], as: UTF8.self) + (crc == stored ? "" : " (bad CRC)"))
            offset += 12 + length
        }
        return offset == bytes.count ? types : types + ["trailing bytes"]
    }

    static let pngcheck = ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// pngcheck's verdict (exit status 0) on `bytes`, or nil without pngcheck.
    static func pngcheckAccepts(_ bytes: [UInt8]) throws -> Bool? {
        guard let pngcheck else { return nil }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-stream-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pngcheck)
        process.arguments = ["-q", url.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    // MARK: - Round trips

    @Test(arguments: [(1, 1), (2, 1), (1, 3), (333, 517), (257, 3), (5, 129)])
    func everyFormatRoundTripsBitExactly(width: Int, height: Int) throws {
        let options = PNGStreamEncoder.Options(pieceBytes: 4096)
        for opaque in [true, false] {
            for dithered in [false, true] {
                let image = TestImages.gradient8(width: width, height: height, dithered: dithered, opaque: opaque)
                let bytes = try Self.encode8(image, options: options)
                #expect(bytes[25] == (opaque ? 2 : 6), "color type")
                #expect(try Self.decode8(bytes) == image, "\(width)×\(height) opaque \(opaque) dithered \(dithered)")
            }
            let deep = TestImages.gradient16(width: width, height: height, opaque: opaque)
            let bytes = try Self.encode16(deep, options: options)
            #expect(bytes[24] == 16)
            #expect(try Self.decode16(bytes) == deep, "16-bit \(width)×\(height) opaque \(opaque)")
        }
    }

    @Test func everyLevelAndFilterRoundTripsOverManyPieces() throws {
        // 61 pixels: rows of 183 and 244 bytes, a multiple of no piece size.
        let images = [
            TestImages.gradient8(width: 61, height: 40, dithered: true, opaque: true),
            TestImages.gradient8(width: 61, height: 40, dithered: false, opaque: false),
        ]
        let deep = TestImages.gradient16(width: 61, height: 23, opaque: true)
        for level in 0...9 {
            for filter in PNGFilterStrategy.allCases {
                // About 6 rows per piece: several pieces, and a short last one.
                let options = PNGStreamEncoder.Options(compressionLevel: level, filter: filter, pieceBytes: 1300)
                for image in images {
                    #expect(
                        try Self.decode8(Self.encode8(image, options: options)) == image, "level \(level) \(filter)")
                }
                #expect(
                    try Self.decode16(Self.encode16(deep, options: options)) == deep, "16-bit level \(level) \(filter)")
            }
        }
    }

    @Test func bothStrategiesForRunsAndNoiseRoundTrip() throws {
        // Flat color (runs), noise, and both in one image: each piece chooses.
        var mixed = TestImages.gradient8(width: 120, height: 60, dithered: true, opaque: true)
        for y in 0..<30 {
            for x in 0..<120 { mixed[x, y] = SIMD4(40, 90, 200, 255) }
        }
        for level in [1, 6] {
            let options = PNGStreamEncoder.Options(compressionLevel: level, pieceBytes: 120 * 3 * 10)
            #expect(try Self.decode8(Self.encode8(mixed, options: options)) == mixed)
        }
    }

    @Test func multiPieceImagesRoundTripAndPassPngcheck() throws {
        let dithered = TestImages.gradient8(width: 2000, height: 300, dithered: true, opaque: true)
        let translucent = TestImages.gradient8(width: 2000, height: 300, dithered: false, opaque: false)
        for image in [dithered, translucent] {
            let bytes = try Self.encode8(image)  // default pieces: about 40 rows each
            #expect(Self.chunkTypes(bytes).filter { $0 == "IDAT" }.count >= 7)
            #expect(try Self.decode8(bytes) == image)
            if let accepted = try Self.pngcheckAccepts(bytes) { #expect(accepted) }
        }
        let deep = TestImages.gradient16(width: 301, height: 211, opaque: false)
        let bytes = try Self.encode16(deep, options: .init(pieceBytes: 20_000))
        if let accepted = try Self.pngcheckAccepts(bytes) { #expect(accepted) }
    }

    @Test func pngcheckAcceptsEveryLevel() throws {
        guard Self.pngcheck != nil else { return }  // pngcheck comes from .ci/run
        let image = TestImages.gradient8(width: 97, height: 31, dithered: true, opaque: true)
        for level in 0...9 {
            let bytes = try Self.encode8(image, options: .init(compressionLevel: level, pieceBytes: 2000))
            #expect(try Self.pngcheckAccepts(bytes) == true, "level \(level)")
        }
    }

    // MARK: - Streaming

    @Test func rowBandsGiveTheSameBytesAsTheWholeImage() throws {
        let image = TestImages.gradient8(width: 333, height: 517, dithered: true, opaque: true)
        let options = PNGStreamEncoder.Options(pieceBytes: 50_000)
        let whole = try Self.encode8(image, options: options)
        for bands in [[1], [7], [64], [1, 200, 3, 1000]] {
            #expect(try Self.encode8(image, options: options, bands: bands) == whole, "bands \(bands)")
        }
        #expect(try PNGEncoder(compressionLevel: 1).encode(image) == Self.encode8(image))
    }

    /// Rows lent to the workers, or lent and copied in turn, give the
    /// bytes copied rows give, 8 and 16 bits, RGB and RGBA, across pieces.
    @Test func lentRowsGiveTheSameBytesAsCopiedRows() throws {
        let image8 = TestImages.gradient8(width: 333, height: 517, dithered: true, opaque: false)
        let image16 = TestImages.gradient16(width: 333, height: 517, opaque: false)
        let options = PNGStreamEncoder.Options(pieceBytes: 50_000)
        for channels in [3, 4] {
            let copied8 = try Self.encode(image8.components, width: 333, channels: channels, options: options) { _ in
                false
            }
            let copied16 = try Self.encode(image16.components, width: 333, channels: channels, options: options) { _ in
                false
            }
            for lends in [{ (_: Int) in true }, { $0 % 2 == 0 }, { $0 % 3 != 0 }] {
                #expect(
                    try Self.encode(image8.components, width: 333, channels: channels, options: options, lends: lends)
                        == copied8)
                #expect(
                    try Self.encode(image16.components, width: 333, channels: channels, options: options, lends: lends)
                        == copied16)
            }
        }
    }

    /// A translucent pixel in lent or copied rows, in any piece, is
    /// reported once its piece is written, and by the end of the stream;
    /// an opaque image reports none.
    @Test(arguments: [true, false])
    func rowsReportATranslucentPixelByTheEnd(lent: Bool) throws {
        for row in [nil, 0, 150, 299] {
            var image = RGBAImage<UInt8>(
                width: 100, height: 300, components: .init(repeating: 255, count: 100 * 300 * 4))
            if let row { image[37, row] = SIMD4(255, 255, 255, 200) }
            let encoder = try PNGStreamEncoder(
                width: 100, height: 300, bitDepth: 8, channels: 3, options: .init(pieceBytes: 3000)
            ) { _ in }
            try image.components.withUnsafeBufferPointer {
                if lent { try encoder.lendRows($0) } else { try encoder.appendRows($0) }
            }
            try encoder.finish()
            #expect(encoder.droppedOnlyOpaqueAlpha == (row == nil), "row \(String(describing: row))")
        }
    }

    @Test func threadCountDoesNotChangeTheBytes() throws {
        let image = TestImages.gradient8(width: 400, height: 250, dithered: true, opaque: false)
        let one = try Self.encode8(image, options: .init(threads: 1, pieceBytes: 10_000))
        for threads in [2, 3, 8] {
            #expect(try Self.encode8(image, options: .init(threads: threads, pieceBytes: 10_000)) == one)
        }
    }

    @Test func theSinkGetsWholeChunksInOrderBeforeTheEnd() throws {
        let image = TestImages.gradient8(width: 200, height: 200, dithered: true, opaque: true)
        let sink = RecordingSink()
        let encoder = try PNGStreamEncoder(
            width: 200, height: 200, bitDepth: 8, channels: 3, options: .init(threads: 2, pieceBytes: 6000)
        ) { sink.calls.append($0) }
        #expect(sink.calls.isEmpty)
        try Self.appendInBands(image, bands: [10]) { try encoder.appendRows($0) }
        // Pieces are written while rows still come: at most 4 wait.
        let beforeFinish = sink.calls.count
        #expect(beforeFinish > 1)
        try encoder.finish()
        #expect(sink.calls.count > beforeFinish)
        // Every call is whole chunks (the first with the signature), in order.
        #expect(sink.calls[0].starts(with: PNGHeader.signature))
        #expect(Self.chunkTypes(sink.calls[0]) == ["IHDR", "gAMA", "sRGB", "cHRM"])
        let rest = sink.calls.dropFirst().map { Self.chunkTypes(PNGHeader.signature + $0) }
        #expect(rest.allSatisfy { $0 == ["IDAT"] || $0 == ["IEND"] })
        #expect(rest.last == ["IEND"])
        #expect(try Self.decode8(sink.bytes) == image)
    }

    @Test func memoryStaysBoundedWhateverTheHeight() throws {
        // 2000 pieces of one row each: never more than twice the threads
        // pending, and the sink has nearly everything before finish().
        let width = 64
        let row = TestImages.gradient8(width: width, height: 1, dithered: true, opaque: true).components
        for threads in [1, 3] {
            var received = 0
            let encoder = try PNGStreamEncoder(
                width: width, height: 2000, bitDepth: 8, channels: 3,
                options: .init(threads: threads, pieceBytes: 1)
            ) { received += $0.count }
            for _ in 0..<2000 { try encoder.appendRows(row) }
            let beforeFinish = received
            try encoder.finish()
            #expect(encoder.mostPiecesPending <= 2 * threads)
            #expect(beforeFinish > received * 9 / 10)
        }
    }

    @Test func headerMatchesLibpngs() throws {
        // The color-space chunks are the ones libpng's
        // png_set_sRGB_gAMA_and_cHRM writes, byte for byte.
        for opaque in [true, false] {
            let image = TestImages.gradient8(width: 9, height: 4, dithered: false, opaque: opaque)
            let ours = try Self.encode8(image)
            let libpng = try LibPNGEncoder().encode(image)
            let headerLength = 8 + 25 + 16 + 13 + 44
            #expect(ours.prefix(headerLength) == libpng.prefix(headerLength))
            #expect(Self.chunkTypes(ours).prefix(4) == ["IHDR", "gAMA", "sRGB", "cHRM"])
            #expect(try Self.decode8(ours) == Self.decode8(libpng))
        }
    }

    // MARK: - Failures

    @Test func aThrowingSinkStopsTheEncoderWithItsError() throws {
        let image = TestImages.gradient8(width: 300, height: 300, dithered: true, opaque: true)
        for failingCall in [0, 1, 5] {
            var calls = 0
            let encoder = try PNGStreamEncoder(
                width: 300, height: 300, bitDepth: 8, channels: 3, options: .init(threads: 3, pieceBytes: 3000)
            ) { _ in
                defer { calls += 1 }
                if calls == failingCall { throw SinkFailure(call: calls) }
            }
            var caught: (any Error)?
            do {
                try Self.appendInBands(image, bands: [13]) { try encoder.appendRows($0) }
                try encoder.finish()
            } catch {
                caught = error
            }
            #expect(caught as? SinkFailure == SinkFailure(call: failingCall))
            #expect(calls == failingCall + 1, "nothing is written after the failure")
            // Later calls report the same failure.
            #expect(throws: SinkFailure(call: failingCall)) { try encoder.finish() }
            #expect(throws: SinkFailure(call: failingCall)) {
                try encoder.appendRows([UInt8](repeating: 0, count: 1200))
            }
        }
    }

    @Test func wrongRowCountsAreErrors() throws {
        let make = { try PNGStreamEncoder(width: 4, height: 2, bitDepth: 8, channels: 4) { _ in } }
        #expect(throws: PNGError.self) { try make().appendRows([UInt8](repeating: 0, count: 4 * 4 * 3)) }
        #expect(throws: PNGError.self) { try make().appendRows([UInt8](repeating: 0, count: 5)) }
        let short = try make()
        try short.appendRows([UInt8](repeating: 0, count: 16))
        #expect(throws: PNGError.self) { try short.finish() }
        let done = try make()
        try done.appendRows([UInt8](repeating: 0, count: 32))
        try done.finish()
        #expect(throws: PNGError.self) { try done.finish() }
    }

    @Test func impossibleImagesAreErrors() {
        for (width, height, depth, channels, level) in [
            (0, 1, 8, 3, 1), (1, 0, 8, 3, 1), (1, 1, 12, 3, 1), (1, 1, 8, 2, 1), (1, 1, 8, 3, 10),
        ] {
            #expect(throws: PNGError.self) {
                try PNGStreamEncoder(
                    width: width, height: height, bitDepth: depth, channels: channels,
                    options: .init(compressionLevel: level)
                ) { _ in }
            }
        }
    }
}

@Suite struct OpacityTests {
    /// One pixel whose alpha is not full, anywhere (a partial group of four
    /// pixels included), makes the file RGBA; none leaves it RGB.
    @Test(arguments: [1, 2, 3, 7, 8])
    func oneTranslucentPixelMakesTheFileRGBA(pixels: Int) throws {
        let height = PNGEncoder.bandRows + 3
        for translucent in [nil] + Array(0..<pixels).map({ ($0, height - 1) }) + [(0, 0)] {
            var image8 = RGBAImage<UInt8>(
                width: pixels, height: height, components: .init(repeating: 255, count: pixels * height * 4))
            var image16 = RGBAImage<UInt16>(
                width: pixels, height: height, components: .init(repeating: 0xFFFF, count: pixels * height * 4))
            if let (x, y) = translucent {
                image8[x, y] = SIMD4(255, 255, 255, 254)
                image16[x, y] = SIMD4(0xFFFF, 0xFFFF, 0xFFFF, 0xFEFF)
            }
            let label = "\(pixels) pixels, \(String(describing: translucent))"
            let png8 = try PNGEncoder(compressionLevel: 1).encode(image8)
            let png16 = try PNGEncoder(compressionLevel: 1).encode(image16)
            // IHDR's color type: 2 is RGB, 6 RGBA.
            #expect(png8[25] == (translucent == nil ? 2 : 6), "\(label)")
            #expect(png16[25] == (translucent == nil ? 2 : 6), "\(label)")
            #expect(try PNGDecoder.decode(png8).image8 == image8, "\(label)")
            guard case .rgba16(let decoded16, _) = try PNGDecoder.decode(png16) else {
                Issue.record("not 16-bit")
                continue
            }
            #expect(decoded16 == image16, "\(label)")
        }
    }
}
