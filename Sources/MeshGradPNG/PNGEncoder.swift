import Foundation
import MeshGradCore

/// Encodes whole ``RGBAImage``s as PNG: 8 or 16 bits per component, RGB
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

/// Whether every alpha component is full: ``RGBAImage/isOpaque`` for the
/// two depths PNG writes, specialized, since the generic one costs tens of
/// milliseconds at 4K and this a few.
func isOpaque<C: FixedWidthInteger & UnsignedInteger>(_ components: [C]) -> Bool {
    components.withUnsafeBufferPointer { buffer in
        var all = C.max
        var i = 3
        while i < buffer.count {
            all &= buffer[i]
            i &+= 4
        }
        return all == C.max
    }
}
