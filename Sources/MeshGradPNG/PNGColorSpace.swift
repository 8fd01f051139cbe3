import CZlib

/// What a PNG says about its colors. sRGB (the default) is said the way
/// libpng's `png_set_sRGB_gAMA_and_cHRM` says it: an sRGB chunk, and gAMA
/// and cHRM for readers that know neither. Any other space is said twice:
/// a cICP chunk (the PNG specification's third edition: the primaries and
/// transfer as ITU-T H.273 code points, which browsers read) and an iCCP
/// chunk with an ICC profile of the same space for readers that know only
/// ICC. cICP wins where both are read.
public struct PNGColorSpace: Sendable, Hashable {
    /// H.273 colour primaries (1: BT.709/sRGB, 9: BT.2020, 12: Display P3)
    /// and transfer characteristics (13: the sRGB curve, 1: BT.709/2020's).
    public var primaries: UInt8
    public var transfer: UInt8
    /// An ICC profile of the same space and its name (iCCP's), or nil.
    public var iccProfile: [UInt8]?
    public var profileName: String

    public init(primaries: UInt8, transfer: UInt8, iccProfile: [UInt8]?, profileName: String) {
        self.primaries = primaries
        self.transfer = transfer
        self.iccProfile = iccProfile
        self.profileName = profileName
    }

    public static let sRGB = PNGColorSpace(primaries: 1, transfer: 13, iccProfile: nil, profileName: "sRGB")

    /// The chunks after IHDR.
    var chunks: [UInt8] {
        if self == .sRGB { return Self.sRGBChunks }
        // Full-range RGB: no matrix (0), video full range flag 1.
        var bytes = pngChunk(PNGChunkType.cicp, [primaries, transfer, 0, 1])
        if let iccProfile {
            let name = Array(profileName.utf8.prefix(79))
            bytes += pngChunk(PNGChunkType.iccp, name + [0, 0] + Self.zlibCompressed(iccProfile))
        }
        return bytes
    }

    static let sRGBChunks: [UInt8] = {
        var gama: [UInt8] = []
        gama.appendBigEndian(45455)  // 1/2.2, times 100000
        var chrm: [UInt8] = []
        // White point (D65), red, green, blue: x and y times 100000.
        for value: UInt32 in [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000] {
            chrm.appendBigEndian(value)
        }
        return pngChunk(PNGChunkType.gama, gama) + pngChunk(PNGChunkType.srgb, [0]) + pngChunk(PNGChunkType.chrm, chrm)
    }()

    /// A zlib stream (iCCP's compression method 0).
    static func zlibCompressed(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&output, &length, bytes, uLong(bytes.count), 9)
        precondition(status == Z_OK, "zlib compress2 failed on a profile")
        return Array(output.prefix(Int(length)))
    }
}
