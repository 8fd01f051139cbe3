/// Everything a PNG holds before its image data: the signature, IHDR, and
/// the color space (``PNGColorSpace``).
struct PNGHeader {
    var width: Int
    var height: Int
    var bitDepth: Int
    var channels: Int
    var colorSpace = PNGColorSpace.sRGB

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
        return PNGHeader.signature + pngChunk(PNGChunkType.ihdr, ihdr) + colorSpace.chunks
    }
}
