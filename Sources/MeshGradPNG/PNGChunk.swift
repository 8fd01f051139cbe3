import CDeflate
import CZlib

/// The four-byte types of the chunks the encoder writes.
enum PNGChunkType {
    static let ihdr = Array("IHDR".utf8)
    static let gama = Array("gAMA".utf8)
    static let srgb = Array("sRGB".utf8)
    static let chrm = Array("cHRM".utf8)
    static let cicp = Array("cICP".utf8)
    static let iccp = Array("iCCP".utf8)
    static let idat = Array("IDAT".utf8)
    static let iend = Array("IEND".utf8)
}

/// A whole chunk: length, type, data and the CRC-32 of type and data.
func pngChunk(_ type: [UInt8], _ data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(12 + data.count)
    bytes.appendBigEndian(UInt32(data.count))
    bytes.append(contentsOf: type)
    bytes.append(contentsOf: data)
    let crc = bytes.withUnsafeBufferPointer { crc32Of(UnsafeBufferPointer(rebasing: $0[4...])) }
    bytes.appendBigEndian(crc)
    return bytes
}

/// The CRC-32 of `bytes`, continuing from `crc` (0 to start): libdeflate's,
/// which folds 64 bytes at a time with carry-less multiplication where the
/// processor has it (a 4K dithered file's 5 MB: 0.3 ms against zlib 1.2's
/// 1.1 ms).
func crc32Of(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    libdeflate_crc32(crc, bytes.baseAddress, bytes.count)
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff),
        ])
    }

    mutating func replaceBigEndian(_ value: UInt32, at index: Int) {
        self[index] = UInt8(value >> 24)
        self[index + 1] = UInt8(value >> 16 & 0xff)
        self[index + 2] = UInt8(value >> 8 & 0xff)
        self[index + 3] = UInt8(value & 0xff)
    }
}
