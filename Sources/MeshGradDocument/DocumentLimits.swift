/// The largest values a document may hold (Docs/document-format.md,
/// "Validation"). Each is far past anything a picture needs and small
/// enough that every product the renderers form from them (a time times a
/// frequency, a position moved by waves and drift, a frame or a text size
/// scaled to pixels) stays finite and fits the integers it becomes.
public enum DocumentLimits {
    /// A position, handle, wave base or gradient point, in unit squares
    /// (the canvas is 0…1): a mesh may reach far past its canvas, not
    /// without end.
    public static let coordinate = 1000.0
    /// A layer frame's origin and size, in canvas widths or heights.
    public static let frame = 1000.0
    /// A wave's amplitude, in unit squares.
    public static let amplitude = 1000.0
    /// A wave's frequency and a drift's speed, in radians per second.
    public static let frequency = 10_000.0
    /// A wave's phase, in radians.
    public static let phase = 1e6
    /// A time (`poster`, `--time`), a loop or a keyframe's duration, and the
    /// sum of a list of keyframes, in seconds (about 11.5 days).
    public static let time = 1e6
    /// A spring's response (seconds) and damping fraction.
    public static let spring = 1000.0
    /// A scene's size in points, each axis.
    public static let points = 1...100_000.0
    /// A text size, a line spacing, a shadow radius, in points.
    public static let textSize = 10_000.0
    public static let shadowRadius = 10_000.0
    /// A shadow's offset, in points.
    public static let shadowOffset = 100_000.0
    /// A text's width factor.
    public static let widthFactor = 0.01...100.0
    /// A rounded rectangle's corner radius, in points (clamped to half the
    /// shorter side when drawn).
    public static let shapeLength = 100_000.0
    /// A stroke's width, in points.
    public static let strokeWidth = 10_000.0
    /// A stroke's width once scaled to the canvas, in pixels: the layer's
    /// box grows by half of it.
    public static let strokePixels = 16_384.0
    /// A layer's offset, in points (SwiftUI's `.offset`).
    public static let layerOffset = 100_000.0
    /// A layer's scale (SwiftUI's `.scaleEffect`).
    public static let layerScale = 0...100.0
    /// A layout's spacing, padding, spacer length or fixed size, in points.
    public static let layoutLength = 100_000.0
    /// How deep stacks nest: sizing a stack sizes each child up to three
    /// times (two to learn its flexibility), so the work grows as 3^depth.
    public static let layoutDepth = 8
    /// Nodes in a layout (stacks, spacers, layers).
    public static let layoutNodes = 2000
    /// A material's blur (its standard deviation) once scaled to the
    /// canvas, in pixels: the backdrop blurred reaches three of them past
    /// the layer on every side.
    public static let materialPixels = 2048.0
    /// Characters in a text.
    public static let textLength = 10_000
    /// Bytes in a font path.
    public static let fontPath = 4096
    /// Layers in a scene.
    public static let layers = 1000
    /// Keyframes and waves in one animation or layer.
    public static let keyframes = 10_000
    /// Mesh vertices in a document, all meshes together (one mesh has at
    /// most 256 × 256 = 65,536).
    public static let vertices = 262_144
    /// A document file, in bytes.
    public static let fileSize = 32 << 20
    /// A text's size once scaled to the canvas, in pixels: a glyph is
    /// rasterized whole, so this bounds one glyph's bitmap.
    public static let textPixels = 8192.0
    /// A shadow's radius once scaled to the canvas, in pixels.
    public static let shadowPixels = 16_384.0
}
