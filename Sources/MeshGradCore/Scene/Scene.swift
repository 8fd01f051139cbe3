/// A rectangle in unit coordinates of the canvas: origin (top-left) and
/// size, y down.
public struct UnitRect: Hashable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let full = UnitRect(x: 0, y: 0, width: 1, height: 1)

    func interpolated(to other: UnitRect, _ t: Double) -> UnitRect {
        UnitRect(
            x: x + (other.x - x) * t, y: y + (other.y - y) * t, width: width + (other.width - width) * t,
            height: height + (other.height - height) * t)
    }
}

/// What a layer (or the canvas background) is painted with.
public enum Fill: Hashable, Sendable {
    case solid(RGBAColor)
    case linearGradient(LinearGradient)
    /// A mesh stretched over the layer's frame (its unit square is the
    /// frame), with its own animation, if any, and its own background
    /// filling the frame where no patch covers.
    case mesh(MeshGradient, MeshAnimation?)
    /// A picture placed in the frame by its content mode (LayerImage.swift).
    case image(LayerImage)
}

/// A soft shadow of a layer's shape, drawn under it: SwiftUI's
/// `.shadow(color:radius:x:y:)`. Lengths are in the scene's points.
public struct Shadow: Hashable, Sendable {
    public var color: RGBAColor
    public var radius: Double
    public var offset: SIMD2<Double>

    public init(color: RGBAColor, radius: Double, offset: SIMD2<Double> = .zero) {
        self.color = color
        self.radius = radius
        self.offset = offset
    }
}

/// Letters that mask a layer: the layer shows only inside them (the
/// "Meshing" title filled with a mesh; a white title over a background).
/// Sizes are in the scene's points.
public struct TextMask: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable, CaseIterable { case regular, bold, heavy }
    public enum Alignment: String, Hashable, Sendable, CaseIterable { case leading, center, trailing }

    public var text: String
    public var size: Double
    public var weight: Weight
    /// 1 for normal width; SwiftUI's `.fontWidth(.expanded)` is about 1.25.
    public var widthFactor: Double
    public var alignment: Alignment
    /// Extra space between lines, in points.
    public var lineSpacing: Double
    /// A TTF or OTF file; nil for the default sans serif.
    public var fontPath: String?
    /// The SF Symbol this text draws (an icon, its glyph from
    /// ``IconSymbols``), kept to write the document and SwiftUI code back.
    public var symbol: String?
    /// The SwiftUI text style the size and weight came from, if any.
    public var style: TextStyleName?
    /// SwiftUI's `.fixedSize`, if the document says it: fixed
    /// horizontally, a text in a layout does not wrap.
    public var fixedSize: TextFixedSize?
    /// The width in points the text's lines wrap to, set by the layout
    /// that holds it (its laid-out width: a greedily wrapped text wraps
    /// the same at the width of its widest line); nil for a text that is
    /// not wrapped (outside a layout, or fixed horizontally). Not part of
    /// the document: the layout computes it when the document is read.
    public var wrapWidth: Double?

    /// Whether a layout wraps the text to the width it offers.
    public var wrapsInLayout: Bool { symbol == nil && fixedSize?.horizontal != true }

    public init(
        text: String, size: Double, weight: Weight = .regular, widthFactor: Double = 1, alignment: Alignment = .center,
        lineSpacing: Double = 0, fontPath: String? = nil
    ) {
        self.text = text
        self.size = size
        self.weight = weight
        self.widthFactor = widthFactor
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.fontPath = fontPath
    }
}

/// One layer of a scene: a fill in a frame, clipped to its shape and
/// stroked if it has them, faded by its opacity, masked by text if it has
/// some, with a shadow under it if it has one. Keyframes can move its frame,
/// opacity, offset and scale (LayerMotion.swift).
public struct Layer: Hashable, Sendable {
    public var frame: UnitRect
    public var fill: Fill
    public var opacity: Double
    public var shadow: Shadow?
    public var text: TextMask?
    public var keyframes: [LayerKeyframe]
    /// The keyframes repeat every `loop` seconds when set.
    public var loop: Double?
    /// The outline the fill is clipped to (anti-aliased); nil for the
    /// frame's whole pixel box, as before shapes.
    public var shape: LayerShape?
    /// A line along the shape (the frame's rectangle when there is no
    /// shape), over the fill.
    public var stroke: Stroke?
    /// A backdrop material drawn instead of the fill (SwiftUI's
    /// `.fill(.ultraThinMaterial)`): what lies behind, blurred and tinted.
    public var material: Material?
    /// Where the layer is drawn relative to its frame, in points (SwiftUI's
    /// `.offset(x:y:)`): it moves the drawing, not the frame.
    public var offset: SIMD2<Double>
    /// The drawing scaled about the frame's center (SwiftUI's
    /// `.scaleEffect(_:)`): text, corners, strokes and shadows with it.
    public var scale: Double
    /// What the editor's Layers panel calls it (`"name"`); nil: named by
    /// its content ("text …", "mesh 3×3"). Drawing ignores it.
    public var name: String?
    /// Locked in the editor (`"locked"`): its frame and mesh are not
    /// picked or moved on the canvas. Drawing ignores it.
    public var locked = false

    public init(
        frame: UnitRect = .full, fill: Fill, opacity: Double = 1, shadow: Shadow? = nil, text: TextMask? = nil,
        keyframes: [LayerKeyframe] = [], loop: Double? = nil, shape: LayerShape? = nil, stroke: Stroke? = nil,
        offset: SIMD2<Double> = .zero, scale: Double = 1
    ) {
        self.offset = offset
        self.scale = scale
        self.shape = shape
        self.stroke = stroke
        self.frame = frame
        self.fill = fill
        self.opacity = opacity
        self.shadow = shadow
        self.text = text
        self.keyframes = keyframes
        self.loop = loop
    }
}

/// A layer's state to reach: frame, opacity, offset and scale, over
/// `duration` seconds, after holding the state before for `delay` seconds
/// (SwiftUI's `.delay(_:)` on an animation).
public struct LayerKeyframe: Hashable, Sendable {
    public var duration: Double
    public var easing: Easing
    public var frame: UnitRect?
    public var opacity: Double?
    /// In points.
    public var offset: SIMD2<Double>?
    public var scale: Double?
    public var delay: Double

    public init(
        duration: Double, easing: Easing = .easeInOut, frame: UnitRect? = nil, opacity: Double? = nil,
        offset: SIMD2<Double>? = nil, scale: Double? = nil, delay: Double = 0
    ) {
        self.duration = duration
        self.easing = easing
        self.frame = frame
        self.opacity = opacity
        self.offset = offset
        self.scale = scale
        self.delay = delay
    }

    /// The seconds the keyframe takes: its delay, then its duration.
    public var span: Double { delay + duration }
}

/// Several layers drawn in order over a canvas background: the onboarding
/// screen (a mesh, a dimming overlay, a title), gradient text, the bars of
/// a wallpaper. Lengths (text sizes, shadow radii and offsets) are in
/// points, `points.x` of them across the canvas, so that a scene looks the
/// same at any output size, as a SwiftUI view does on any screen scale.
public struct Scene: Hashable, Sendable {
    public var background: Fill
    public var layers: [Layer]
    /// The canvas in points (SwiftUI's logical size).
    public var points: SIMD2<Double>
    /// The stacks that gave the layers they hold their frames (Layout.swift),
    /// kept to write the document back and to print SwiftUI stacks; nil
    /// when every frame is the document's own.
    public var layout: SceneLayout?

    public init(
        background: Fill = .solid(.clear), layers: [Layer], points: SIMD2<Double> = SIMD2(1000, 1000),
        layout: SceneLayout? = nil
    ) {
        self.background = background
        self.layers = layers
        self.points = points
        self.layout = layout
    }

    /// Canvas pixels per point on a `width × height` canvas: the scale
    /// that fits the scene's points into the canvas (the smaller of the two
    /// axes' scales), so that text and shadows keep their proportions when
    /// a portrait scene is rendered to a landscape canvas.
    public func pixelsPerPoint(width: Int, height: Int) -> Double {
        min(Double(width) / points.x, Double(height) / points.y)
    }
}

extension Scene {
    /// How long the scene's motion lasts: the longest of its layers'
    /// keyframes (or loops) and its meshes' animations; nil when nothing
    /// moves.
    public var naturalDuration: Double? {
        var longest: Double?
        func note(_ value: Double?) {
            guard let value, value > 0 else { return }
            longest = max(longest ?? 0, value)
        }
        func note(_ fill: Fill) {
            if case .mesh(_, let animation?) = fill { note(animation.naturalDuration) }
        }
        note(background)
        for layer in layers {
            note(layer.loop ?? layer.keyframes.reduce(0) { $0 + $1.span })
            note(layer.fill)
        }
        return longest
    }

    /// The meshes the scene draws, each with its animation.
    public var meshes: [(mesh: MeshGradient, animation: MeshAnimation?)] {
        ([background] + layers.map(\.fill)).compactMap { fill in
            if case .mesh(let mesh, let animation) = fill { return (mesh, animation) }
            return nil
        }
    }
}

extension Scene {
    /// The scene with each mesh's motion repeating every `loop` seconds
    /// (those that do not loop already): `animate` closes a video's loop
    /// this way. Layer keyframes are left as they are: they play once.
    public func loopingMeshes(every loop: Double) -> Scene {
        func looped(_ fill: Fill) -> Fill {
            if case .mesh(let mesh, let animation?) = fill, animation.loop == nil {
                return .mesh(mesh, animation.looping(every: loop))
            }
            return fill
        }
        var copy = self
        copy.background = looped(background)
        for k in copy.layers.indices { copy.layers[k].fill = looped(copy.layers[k].fill) }
        return copy
    }
}

extension Scene {
    /// Whether anything moves from `time` on: a mesh animation, a looping
    /// layer, or keyframes not yet played to their end. A preview stops
    /// redrawing a scene that has come to rest.
    public func moves(after time: Double) -> Bool {
        if !meshes.allSatisfy({ $0.animation == nil }) { return true }
        return layers.contains { layer in
            guard !layer.keyframes.isEmpty else { return false }
            return layer.loop != nil || time < layer.keyframes.reduce(0) { $0 + $1.span }
        }
    }
}
