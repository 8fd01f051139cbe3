/// Everything a PNG holds before its image data: the signature, IHDR, and
/// the color space. Components are sRGB-encoded, so the file says so the way
/// libpng's `png_set_sRGB_gAMA_and_cHRM` does (and the encoder it replaced
/// did): an sRGB chunk (perceptual intent) for readers that know it, and the
/// matching gAMA and cHRM for those that do not.
struct PNGHeader {
    var width: Int
    var height: Int
    var bitDepth: Int
    var channels: Int

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var bytes: [UInt8] {
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [
            UInt8(bitDepth),
            channels == 4 ? 6 : 2,  // color type: RGBA or RGB
            0,  // compression: deflate
            0,  // filter method: adaptive, five filter types
            0,  // no interlacing
        ]
        var gama: [UInt8] = []
        gama.appendBigEndian(45455)  // 1/2.2, times 100000
        var chrm: [UInt8] = []
        // White point (D65), red, green, blue: x and y times 100000.
        for value: UInt32 in [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000] {
            chrm.appendBigEndian(value)
        }
        return PNGHeader.signature + pngChunk(PNGChunkType.ihdr, ihdr) + pngChunk(PNGChunkType.gama, gama)
            + pngChunk(PNGChunkType.srgb, [0]) + pngChunk(PNGChunkType.chrm, chrm)
    }
}
