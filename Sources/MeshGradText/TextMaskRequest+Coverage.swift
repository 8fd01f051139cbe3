import Foundation
import MeshGradCore

extension TextMaskRequest {
    /// The style of the request's text in pixels: point sizes scaled by
    /// the canvas's pixels per point.
    public var style: TextStyle { text.style(pixelsPerPoint: pixelsPerPoint) }

    /// The text laid out in the layer's frame (centered in it, at its own
    /// size) and rasterized by FreeType onto a mask the size of the
    /// layer's box.
    public func coverageMask() throws(TextError) -> CoverageMask {
        let frame = PixelRect(x: frameX, y: frameY, width: frameWidth, height: frameHeight)
        // Wrapped at the same width in points as the layout measured it.
        let layout = try TextLayout(
            text.text, style: style, in: frame, wrapWidth: text.wrapWidth.map { $0 * pixelsPerPoint })
        return try layout.coverageMask(width: maskWidth, height: maskHeight)
    }
}

/// Text masks already rasterized, by request: an animation's frames and a
/// preview's redraws ask for the same text again and again while only
/// the meshes move. Thread-safe; keeps the most recent few.
public final class TextMaskCache: @unchecked Sendable {
    private let lock = NSLock()
    private var masks: [(request: TextMaskRequest, mask: CoverageMask)] = []
    private let capacity: Int

    public init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
    }

    public func mask(for request: TextMaskRequest) throws(TextError) -> CoverageMask {
        if let hit = lock.withLock({ masks.first { $0.request == request }?.mask }) { return hit }
        let mask = try request.coverageMask()
        lock.withLock {
            masks.removeAll { $0.request == request }
            masks.append((request, mask))
            if masks.count > capacity { masks.removeFirst() }
        }
        return mask
    }
}

/// A layer's text that could not be set: which layer, and why.
public struct SceneTextError: Error, CustomStringConvertible, Sendable, Equatable {
    public var layerIndex: Int
    public var error: TextError

    public var description: String { "layers[\(layerIndex)].text: \(error)" }
}

extension ScenePlan {
    /// Resolves `scene` for a canvas with its text rasterized by FreeType
    /// (through `cache`, when given).
    public init(
        scene: Scene, width: Int, height: Int, time: Double = 0, antialiasing: Bool = true,
        tolerance: TessellationLevel = TessellationLevel(), textMasks cache: TextMaskCache? = nil
    ) throws(SceneTextError) {
        try self.init(
            scene: scene, width: width, height: height, time: time, antialiasing: antialiasing, tolerance: tolerance
        ) {
            (request) throws(SceneTextError) in
            do throws(TextError) {
                if let cache { return try cache.mask(for: request) }
                return try request.coverageMask()
            } catch {
                throw SceneTextError(layerIndex: request.layerIndex, error: error)
            }
        }
    }
}

extension TextMask {
    /// The style of the text in pixels at `pixelsPerPoint`.
    public func style(pixelsPerPoint: Double) -> TextStyle {
        let weight: FontWeight =
            switch self.weight {
            case .regular: .regular
            case .bold: .bold
            case .heavy: .heavy
            }
        let alignment: TextAlignment =
            switch self.alignment {
            case .leading: .leading
            case .center: .center
            case .trailing: .trailing
            }
        return TextStyle(
            size: size * pixelsPerPoint, font: fontPath.map { .file($0) } ?? .dejaVuSans, weight: weight,
            widthFactor: widthFactor, lineSpacing: lineSpacing * pixelsPerPoint, alignment: alignment)
    }

    /// The text's size in points as a layout sizes it (its lines' block,
    /// ``TextLayout/blockSize``), its lines wrapped to `wrapWidth` points
    /// when given: laid out at one pixel per point.
    public func sizeInPoints(wrapWidth: Double? = nil) throws(TextError) -> SIMD2<Double> {
        try TextLayout(
            text, style: style(pixelsPerPoint: 1), in: PixelRect(x: 0, y: 0, width: 0, height: 0),
            wrapWidth: wrapWidth
        ).blockSize
    }
}
