/// How one row of RGBA components, as images hold them, becomes PNG sample
/// bytes: alpha dropped for RGB files, 16-bit samples big-endian.
///
/// Rows are packed in place, where the encoder copied them, by the worker
/// that filters them: packing a 4K row on the thread that appends rows was
/// time in which only that thread ran, between the renderer's bands.
/// Every layout writes each byte at or before the bytes it reads next, so
/// packing forward in place is safe.
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

    /// Packs the row of `width` pixels at `row` in place.
    func pack(_ row: UnsafeMutableRawPointer, width: Int) {
        switch self {
        case .rgba8: return
        case .rgb8: RowPacking.rgb8(row, width)
        case .rgb16: RowPacking.rgb16(row, width)
        case .rgba16: RowPacking.rgba16(row, width)
        }
    }

    /// Each pixel but the last is moved as one 4-byte store, whose fourth
    /// (alpha) byte the next pixel overwrites: a third of the stores of
    /// three single bytes, which the compiler does not vectorize. Pixel
    /// `x`'s store ends at byte `3x + 3`, before pixel `x + 1` starts.
    static func rgb8(_ row: UnsafeMutableRawPointer, _ width: Int) {
        guard width > 0 else { return }
        var x = 0
        while x < width &- 1 {
            let pixel = row.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self)
            row.storeBytes(of: pixel, toByteOffset: 3 &* x, as: UInt32.self)
            x &+= 1
        }
        let last = row.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self)
        for byte in 0..<3 {
            row.storeBytes(
                of: UInt8(truncatingIfNeeded: last >> (8 * byte)), toByteOffset: 3 * x + byte, as: UInt8.self)
        }
    }

    static func rgba16(_ row: UnsafeMutableRawPointer, _ width: Int) {
        for i in 0..<width * 4 {
            let sample = row.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)
            row.storeBytes(of: sample.bigEndian, toByteOffset: 2 * i, as: UInt16.self)
        }
    }

    static func rgb16(_ row: UnsafeMutableRawPointer, _ width: Int) {
        for x in 0..<width {
            for c in 0..<3 {
                let sample = row.loadUnaligned(fromByteOffset: 8 * x + 2 * c, as: UInt16.self)
                row.storeBytes(of: sample.bigEndian, toByteOffset: 6 * x + 2 * c, as: UInt16.self)
            }
        }
    }
}
