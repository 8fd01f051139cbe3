import CWebP

/// An ICC profile carried inside a JPEG or WebP, for images outside sRGB
/// (readers assume sRGB without one).
public enum EmbeddedProfile {
    /// `jpeg` with the profile in APP2 `ICC_PROFILE` segments right after
    /// SOI (ICC.1 Annex B: at most 65519 bytes a segment, numbered from 1).
    public static func jpeg(_ jpeg: [UInt8], profile: [UInt8]) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        let chunk = 65519
        let count = (profile.count + chunk - 1) / chunk
        var segments: [UInt8] = []
        for index in 0..<count {
            let part = profile[(index * chunk)..<min(profile.count, (index + 1) * chunk)]
            let length = 2 + 12 + 2 + part.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            segments += Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(count)] + part
        }
        return [0xFF, 0xD8] + segments + jpeg.dropFirst(2)
    }

    /// `webp` (a simple lossy or lossless WebP) with an ICCP chunk, through
    /// libwebpmux (which writes the extended VP8X header it needs).
    public static func webp(_ webp: [UInt8], profile: [UInt8]) throws(LossyError) -> [UInt8] {
        guard
            let mux = webp.withUnsafeBufferPointer({ bytes -> OpaquePointer? in
                var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                return WebPMuxCreate(&data, 1)
            })
        else { throw LossyError("WebP: libwebpmux could not read the image") }
        defer { WebPMuxDelete(mux) }
        var assembled = WebPData(bytes: nil, size: 0)
        let status = profile.withUnsafeBufferPointer { bytes -> WebPMuxError in
            var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
            let set = WebPMuxSetChunk(mux, "ICCP", &data, 1)
            return set == WEBP_MUX_OK ? WebPMuxAssemble(mux, &assembled) : set
        }
        defer { WebPDataClear(&assembled) }
        guard status == WEBP_MUX_OK, let bytes = assembled.bytes else {
            throw LossyError("WebP: libwebpmux could not add the color profile")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }
}
