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
        threads: Int = ActiveProcessors.count
    ) {
        precondition((0...9).contains(compressionLevel))
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.threads = threads
    }

    public func encode(_ image: RGBAImage<UInt8>) throws(PNGError) -> [UInt8] {
        try encode(image, bitDepth: 8)
    }

    public func encode(_ image: RGBAImage<UInt16>) throws(PNGError) -> [UInt8] {
        try encode(image, bitDepth: 16)
    }

    /// The image's rows are lent to the encoder, which packs them on its
    /// workers: the image outlives every encoder made here.
    private func encode<C: FixedWidthInteger>(_ image: RGBAImage<C>, bitDepth: Int) throws(PNGError) -> [UInt8] {
        let rowComponents = image.width * 4
        return try image.components.withUnsafeBufferPointer { (components) throws(PNGError) in
            try encode(width: image.width, height: image.height, bitDepth: bitDepth) { encoder, rows in
                try encoder.lendRows(
                    UnsafeBufferPointer(
                        rebasing: components[rows.lowerBound * rowComponents..<rows.upperBound * rowComponents]))
            }
        }
    }

    /// Rows handed to the encoder at a time while an RGB encoding checks
    /// that the alpha it drops is full.
    static let bandRows = 64

    /// The image as RGB, its rows appended a band at a time; as RGBA once
    /// a piece turns out to drop an alpha that is not full. The check rides
    /// on the packing of the rows, which reads every alpha anyway: a pass
    /// of its own over a 4K image cost 1.5 ms before the encoding began.
    private func encode(
        width: Int, height: Int, bitDepth: Int, append: (PNGStreamEncoder, Range<Int>) throws -> Void
    ) throws(PNGError) -> [UInt8] {
        do {
            if let rgb = try encode(width: width, height: height, bitDepth: bitDepth, channels: 3, append: append) {
                return rgb
            }
            // RGBA drops nothing, so it always finishes.
            return try encode(width: width, height: height, bitDepth: bitDepth, channels: 4, append: append)!
        } catch let error as PNGError {
            throw error
        } catch {
            // Appending to an array cannot fail; anything else is a PNGError.
            throw PNGError(message: "\(error)")
        }
    }

    /// The PNG with `channels` channels, or nil when RGB dropped an alpha
    /// that was not full.
    private func encode(
        width: Int, height: Int, bitDepth: Int, channels: Int, append: (PNGStreamEncoder, Range<Int>) throws -> Void
    ) throws -> [UInt8]? {
        var output: [UInt8] = []
        // Room for a quarter of the samples (a dithered rendering's file is
        // a fifth): without it the growing file is copied again and again,
        // on the thread that hands rows to the workers. Pages beyond what is
        // written are never touched.
        output.reserveCapacity(width * height * channels * bitDepth / 32 + 4096)
        let encoder = try PNGStreamEncoder(
            width: width, height: height, bitDepth: bitDepth, channels: channels,
            options: .init(compressionLevel: compressionLevel, filter: filter, threads: threads)
        ) { output.append(contentsOf: $0) }
        for first in stride(from: 0, to: height, by: Self.bandRows) {
            try append(encoder, first..<min(first + Self.bandRows, height))
            if !encoder.droppedOnlyOpaqueAlpha { return nil }
        }
        try encoder.finish()
        return encoder.droppedOnlyOpaqueAlpha ? output : nil
    }
}
