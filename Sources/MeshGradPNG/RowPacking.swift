/// How one row of RGBA components, as images hold them, becomes PNG sample
/// bytes: alpha dropped for RGB files, 16-bit samples big-endian.
///
/// Rows are packed as the encoder copies them out of a caller's buffer,
/// which it must do anyway when the caller reuses it (one pass that writes
/// a quarter less than a copy), or on the workers straight from rows lent
/// for the whole encoding (`PieceRows`).
enum RowPacking: Sendable {
    case rgb8, rgba8, rgb16, rgba16

    /// The layout for `channels` (3 or 4) samples of `bitDepth` (8 or 16).
    init(channels: Int, bitDepth: Int) {
        switch (channels, bitDepth) {
        case (3, 8): self = .rgb8
        case (4, 8): self = .rgba8
        case (3, _): self = .rgb16
        default: self = .rgba16
        }
    }

    /// Bytes of one row of `width` RGBA pixels as appended.
    func sourceBytes(width: Int) -> Int {
        switch self {
        case .rgb8, .rgba8: width * 4
        case .rgb16, .rgba16: width * 8
        }
    }

    /// Bytes of one packed row of `width` pixels.
    func packedBytes(width: Int) -> Int {
        switch self {
        case .rgb8: width * 3
        case .rgba8: width * 4
        case .rgb16: width * 6
        case .rgba16: width * 8
        }
    }

    /// Packs the row of `width` pixels at `source` into `destination`,
    /// which has room for ``packedBytes(width:)``. Returns false when it
    /// dropped an alpha that was not full (so that an image can be tried
    /// as RGB without a pass of its own to check it is opaque).
    @discardableResult
    func pack(_ source: UnsafeRawPointer, width: Int, into destination: UnsafeMutableRawPointer) -> Bool {
        switch self {
        case .rgba8:
            destination.copyMemory(from: source, byteCount: width * 4)
            return true
        case .rgb8: return RowPacking.rgb8(source, width, destination)
        case .rgb16: return RowPacking.bigEndian16(source, width, channels: 3, destination)
        case .rgba16: return RowPacking.bigEndian16(source, width, channels: 4, destination)
        }
    }

    /// Four pixels (one 16-byte load) become 12 bytes through one byte
    /// shuffle (`pshufb`, which LLVM makes of the lanes picked below),
    /// stored as 16 whose last 4 the next group overwrites: a quarter less
    /// time than 64-bit shifts and masks on a 4K image (7 → 5 ms, its
    /// source read from memory). The last pixels, where 16 bytes would
    /// pass the row's end, go four (a 64-bit and a 32-bit store) or one at
    /// a time.
    static func rgb8(_ source: UnsafeRawPointer, _ width: Int, _ destination: UnsafeMutableRawPointer) -> Bool {
        var alphas = SIMD16<UInt8>(repeating: 0xFF)
        var x = 0
        while x &+ 6 <= width {
            let v = source.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD16<UInt8>.self)
            alphas &= v
            let packed = SIMD16<UInt8>(
                v[0], v[1], v[2], v[4], v[5], v[6], v[8], v[9], v[10], v[12], v[13], v[14], 0, 0, 0, 0)
            destination.storeBytes(of: packed, toByteOffset: 3 &* x, as: SIMD16<UInt8>.self)
            x &+= 4
        }
        var opaque = alphas[3] & alphas[7] & alphas[11] & alphas[15] == 0xFF
        while x &+ 4 <= width {
            let a = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 4 &* x, as: UInt64.self))
            let b = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: 4 &* x &+ 8, as: UInt64.self))
            // R0 G0 B0 R1 G1 B1 R2 G2, then B2 R3 G3 B3.
            let low = a & 0xFF_FFFF | (a &>> 32 & 0xFF_FFFF) &<< 24 | (b & 0xFFFF) &<< 48
            let high = UInt32(truncatingIfNeeded: b &>> 16 & 0xFF | (b &>> 32 & 0xFF_FFFF) &<< 8)
            opaque = opaque && a & b & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
            destination.storeBytes(of: low.littleEndian, toByteOffset: 3 &* x, as: UInt64.self)
            destination.storeBytes(of: high.littleEndian, toByteOffset: 3 &* x &+ 8, as: UInt32.self)
            x &+= 4
        }
        while x < width {
            for byte in 0..<3 {
                destination.storeBytes(
                    of: source.load(fromByteOffset: 4 &* x &+ byte, as: UInt8.self), toByteOffset: 3 &* x &+ byte,
                    as: UInt8.self)
            }
            opaque = opaque && source.load(fromByteOffset: 4 &* x &+ 3, as: UInt8.self) == 0xFF
            x &+= 1
        }
        return opaque
    }

    /// 16-bit samples, the first `channels` of each pixel's four, big-endian.
    static func bigEndian16(
        _ source: UnsafeRawPointer, _ width: Int, channels: Int, _ destination: UnsafeMutableRawPointer
    ) -> Bool {
        var alphas = UInt16.max
        for x in 0..<width {
            alphas &= source.loadUnaligned(fromByteOffset: 8 &* x &+ 6, as: UInt16.self)
            for c in 0..<channels {
                let sample = source.loadUnaligned(fromByteOffset: 8 &* x &+ 2 &* c, as: UInt16.self)
                destination.storeBytes(of: sample.bigEndian, toByteOffset: 2 &* (channels &* x &+ c), as: UInt16.self)
            }
        }
        return channels == 4 || alphas == .max
    }
}
