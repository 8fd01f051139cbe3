import Foundation
import MeshGradCore

/// Encodes whole `RGBAImage`s as PNG: 8 or 16 bits per component, RGB
/// when every pixel is opaque (a quarter smaller, and what wallpaper tools
/// expect), RGBA otherwise, tagged sRGB since every component is
/// sRGB-encoded. A convenience over ``PNGStreamEncoder``, which does the
/// work (in parallel) and which callers that produce rows in bands should
/// use directly.
public struct PNGEncoder: Sendable {
    /// 0 (store) to 9; see ``PNGStreamEncoder/Options/compressionLevel``.
    public var compressionLevel: Int
    /// How each row's filter is chosen.
    public var filter: PNGFilterStrategy
    /// Pieces compressed at once.
    public var threads: Int

    public init(
        compressionLevel: Int = 6, filter: PNGFilterStrategy = .adaptive,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        precondition((0...9).contains(compressionLevel))
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.threads = threads
    }

    public func encode(_ image: RGBAImage<UInt8>) throws(PNGError) -> [UInt8] {
        try encode(width: image.width, height: image.height, bitDepth: 8, opaque: isOpaque(image.components)) {
            encoder in
            try image.components.withUnsafeBufferPointer { try encoder.appendRows($0) }
        }
    }

    public func encode(_ image: RGBAImage<UInt16>) throws(PNGError) -> [UInt8] {
        try encode(width: image.width, height: image.height, bitDepth: 16, opaque: isOpaque(image.components)) {
            encoder in
            try image.components.withUnsafeBufferPointer { try encoder.appendRows($0) }
        }
    }

    private func encode(
        width: Int, height: Int, bitDepth: Int, opaque: Bool, rows: (PNGStreamEncoder) throws -> Void
    ) throws(PNGError) -> [UInt8] {
        var output: [UInt8] = []
        let encoder = try PNGStreamEncoder(
            width: width, height: height, bitDepth: bitDepth, channels: opaque ? 3 : 4,
            options: .init(compressionLevel: compressionLevel, filter: filter, threads: threads)
        ) { output.append(contentsOf: $0) }
        do {
            try rows(encoder)
            try encoder.finish()
        } catch let error as PNGError {
            throw error
        } catch {
            // Appending to an array cannot fail; anything else is a PNGError.
            throw PNGError(message: "\(error)")
        }
        return output
    }
}

/// Whether every alpha component is full: `RGBAImage/isOpaque` for the
/// two depths PNG writes, as an AND over 64-bit words (one or two pixels
/// each, alpha in the top bits on a little-endian machine), since the
/// generic one costs tens of milliseconds at 4K and this about one.
func isOpaque<C: FixedWidthInteger & UnsignedInteger>(_ components: [C]) -> Bool {
    precondition(C.bitWidth == 8 || C.bitWidth == 16)
    let alphaMask: UInt64 = C.bitWidth == 8 ? 0xFF00_0000_FF00_0000 : 0xFFFF_0000_0000_0000
    return components.withUnsafeBytes { raw in
        let words = raw.count / 8
        var all = UInt64.max
        var i = 0
        while i < words {
            all &= raw.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)
            i &+= 1
        }
        // An 8-bit image with an odd number of pixels has one left over.
        var tailOpaque = true
        if raw.count % 8 != 0 {
            tailOpaque =
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: words * 8, as: UInt32.self)) >> 24 == 0xFF
        }
        return UInt64(littleEndian: all) & alphaMask == alphaMask && tailOpaque
    }
}
