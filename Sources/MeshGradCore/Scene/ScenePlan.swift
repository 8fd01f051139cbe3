/// What a layer is painted with, resolved for one canvas.
public enum LayerContent: Sendable {
    /// One straight color.
    case solid(SIMD4<Float>)
    case linearGradient(GradientShading)
    /// A mesh planned at the layer's box size: its unit square is the box.
    case mesh(RenderPlan)
    /// What is already drawn behind the layer, blurred, saturated and
    /// tinted (Material.swift).
    case material(MaterialPlan)
    /// A picture resampled to the layer's box: straight colors, box-sized
    /// (``LayerImage/resampled(frame:box:)``).
    case image(RGBAImage<Float>)
}

/// A linear gradient placed on the canvas: its stops as the renderers read
/// them (``LinearGradient/shadingStops``) and its line in canvas pixels.
public struct GradientShading: Sendable, Hashable {
    /// Stop locations, ascending.
    public var locations: [Float]
    /// Stop colors, premultiplied, in the interpolation space.
    public var colors: [SIMD4<Float>]
    public var colorSpace: ColorSpace
    /// The gradient's start and end points in canvas pixels.
    public var start: SIMD2<Float>
    public var end: SIMD2<Float>

    /// `gradient` stretched over `box`: its unit points are the box's.
    public init(_ gradient: LinearGradient, in box: PixelBox) {
        let stops = gradient.shadingStops
        locations = stops.locations
        colors = stops.colors
        colorSpace = gradient.colorSpace
        let origin = SIMD2(Double(box.x0), Double(box.y0))
        let size = SIMD2(Double(box.width), Double(box.height))
        start = SIMD2<Float>(origin + gradient.start * size)
        end = SIMD2<Float>(origin + gradient.end * size)
    }

    /// The straight color at pixel center `(x, y)`.
    @inlinable
    public func color(x: Float, y: Float) -> SIMD4<Float> {
        let t = linearGradientParameter(x: x, y: y, start: start, end: end)
        return locations.withUnsafeBufferPointer { l in
            colors.withUnsafeBufferPointer { c in
                linearGradientColor(
                    t, locations: l.baseAddress!, colors: c.baseAddress!, count: l.count, space: colorSpace)
            }
        }
    }
}

/// A layer's shadow on one canvas: its premultiplied color, the blur, and
/// the offset in whole pixels.
public struct ShadowPlan: Sendable, Hashable {
    public var color: SIMD4<Float>
    public var kernel: GaussianKernel
    public var offset: SIMD2<Int>

    public init(color: SIMD4<Float>, kernel: GaussianKernel, offset: SIMD2<Int>) {
        self.color = color
        self.kernel = kernel
        self.offset = offset
    }

    /// The layer pixels whose shadow can reach a `canvas` (the rest would
    /// blur and shift to outside it): both renderers blur only these.
    public func sourceBox(of layerBox: PixelBox, canvas: PixelBox) -> PixelBox {
        layerBox.intersection(canvas.offset(by: SIMD2(-offset.x, -offset.y)).expanded(by: kernel.radius))
    }
}

/// One layer resolved for one canvas at one time: the pixels it covers,
/// its content, and what multiplies the content's alpha.
public struct LayerPlan: Sendable {
    /// Where the content lies, in canvas pixels; parts outside the canvas
    /// are not drawn.
    public var box: PixelBox
    public var content: LayerContent
    /// In `0...1`.
    public var opacity: Float
    /// Text coverage, `box.width × box.height`, in the box's coordinates.
    public var mask: CoverageMask?
    public var shadow: ShadowPlan?
    /// The shape the content is clipped to and stroked along; nil for the
    /// whole box.
    public var shape: ShapePlan?

    public init(
        box: PixelBox, content: LayerContent, opacity: Float = 1, mask: CoverageMask? = nil, shadow: ShadowPlan? = nil,
        shape: ShapePlan? = nil
    ) {
        self.shape = shape
        precondition(mask.map { $0.width == box.width && $0.height == box.height } ?? true, "mask must be box-sized")
        self.box = box
        self.content = content
        self.opacity = opacity
        self.mask = mask
        self.shadow = shadow
    }
}

/// What a text mask is asked to cover: the layer's text, laid out in its
/// frame, on a mask the size of the layer's box.
public struct TextMaskRequest: Sendable, Hashable {
    /// Which of the scene's layers asks (for messages).
    public var layerIndex: Int
    public var text: TextMask
    /// The layer's frame in pixels, relative to the mask's top-left pixel
    /// (not rounded: text is placed to a fraction of a pixel).
    public var frameX: Double
    public var frameY: Double
    public var frameWidth: Double
    public var frameHeight: Double
    public var maskWidth: Int
    public var maskHeight: Int
    /// What the text's point sizes are multiplied by.
    public var pixelsPerPoint: Double
}

/// A scene resolved for one canvas at one time: what both scene renderers
/// (``SceneRenderer`` and `GLSceneRenderer`) draw, so they draw the same.
///
/// Drawing: the background fills the canvas; then each layer in order,
/// first its shadow (the layer's alpha blurred, offset, in the shadow's
/// color), then the layer itself, each composited over what is there in
/// premultiplied float; last, every pixel is unpremultiplied and quantized,
/// dithered like a mesh (mesh-math §8), since a gradient background bands
/// as a mesh does.
public struct ScenePlan: Sendable {
    public var width: Int
    public var height: Int
    /// Fills the canvas first: solid or linear gradient (a mesh background
    /// becomes the first layer).
    public var background: LayerContent
    public var layers: [LayerPlan]
    /// Film grain over every pixel of the canvas (mesh-math §8a), at the
    /// frame's time; nil for none.
    public var grain: GrainField?

    public init(width: Int, height: Int, background: LayerContent, layers: [LayerPlan]) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        self.background = background
        self.layers = layers
    }

    public var canvas: PixelBox { PixelBox(width: width, height: height) }

    /// Resolves `scene` at `time` seconds for a `width × height` canvas:
    /// frames, opacities, offsets and scales moved by their keyframes, meshes by their
    /// animations, point sizes scaled to pixels, text rasterized by
    /// `textMask` (the text module's FreeType rasterizer; the core has no
    /// fonts). `tolerance` tessellates the meshes (a live preview trades
    /// invisible precision for speed, as for a plain mesh).
    public init<Failure: Error>(
        scene: Scene, width: Int, height: Int, time: Double = 0, antialiasing: Bool = true,
        tolerance: TessellationLevel = TessellationLevel(),
        textMask: (TextMaskRequest) throws(Failure) -> CoverageMask
    ) throws(Failure) {
        let canvas = PixelBox(width: width, height: height)
        let scale = scene.pixelsPerPoint(width: width, height: height)
        var layers: [LayerPlan] = []
        var background = LayerContent.solid(.zero)
        let vertexShare = scene.tessellationShare
        switch scene.background {
        case .solid(let color): background = .solid(SIMD4<Float>(color.vector))
        case .linearGradient(let gradient): background = .linearGradient(GradientShading(gradient, in: canvas))
        case .mesh(let mesh, let animation):
            let moved = animation?.mesh(from: mesh, at: time) ?? mesh
            layers.append(
                LayerPlan(
                    box: canvas,
                    content: .mesh(
                        RenderPlan(
                            nets: PatchNets(moved), width: width, height: height, tolerance: tolerance,
                            antialiasing: antialiasing, maximumVertices: vertexShare))))
        case .image(let image):
            let whole = SIMD4(0, 0, Double(width), Double(height))
            layers.append(LayerPlan(box: canvas, content: .image(image.resampled(frame: whole, box: canvas))))
        }
        for (index, layer) in scene.layers.enumerated() {
            let state = layer.state(at: time)
            let opacity = Float(min(max(state.opacity, 0), 1))
            // Offset and scale move the drawing, not the frame.
            let frame = state.drawnFrame(points: scene.points)
            let layerScale = state.pixelsPerPoint(canvas: scale)
            guard opacity > 0, layerScale > 0,
                let placed = Self.place(layer, frame: frame, canvas: canvas, scale: layerScale)
            else { continue }
            let box = placed.box
            var content: LayerContent
            switch layer.fill {
            case .solid(let color): content = .solid(SIMD4<Float>(color.vector))
            case .linearGradient(let gradient):
                content = .linearGradient(GradientShading(gradient, in: placed.frameBox))
            case .mesh(let mesh, let animation):
                let moved = animation?.mesh(from: mesh, at: time) ?? mesh
                content = .mesh(
                    RenderPlan(
                        nets: PatchNets(moved).reframed(from: placed.frameBox, to: box), width: box.width,
                        height: box.height, tolerance: tolerance, antialiasing: antialiasing,
                        maximumVertices: vertexShare))
            case .image(let image):
                let inPixels = SIMD4(
                    frame.x * Double(width), frame.y * Double(height), frame.width * Double(width),
                    frame.height * Double(height))
                content = .image(image.resampled(frame: inPixels, box: box))
            }
            if let material = layer.material {
                content = .material(MaterialPlan(material, pixelsPerPoint: layerScale))
            }
            var mask: CoverageMask?
            if let text = layer.text {
                mask = try textMask(
                    TextMaskRequest(
                        layerIndex: index, text: text, frameX: frame.x * Double(width) - Double(box.x0),
                        frameY: frame.y * Double(height) - Double(box.y0), frameWidth: frame.width * Double(width),
                        frameHeight: frame.height * Double(height), maskWidth: box.width, maskHeight: box.height,
                        pixelsPerPoint: layerScale))
            }
            layers.append(
                LayerPlan(
                    box: box, content: content, opacity: opacity, mask: mask, shadow: placed.shadow,
                    shape: placed.shape))
        }
        self.init(width: width, height: height, background: background, layers: layers)
    }
}

/// Where a layer is drawn on one canvas: its frame in pixels, the part of
/// it that is planned (what can be seen, and what can cast a visible
/// shadow) and its shadow.
public struct PlacedLayer: Sendable, Hashable {
    /// The layer's whole frame in canvas pixels (it may be far larger than
    /// the canvas).
    public var frameBox: PixelBox
    /// The part of ``frameBox`` that reaches the canvas, itself or by its
    /// shadow: meshes, text masks and shadows are planned over this box
    /// only, so a layer a thousand canvases wide costs what the canvas
    /// costs.
    public var box: PixelBox
    public var shadow: ShadowPlan?
    /// The layer's shape and stroke in canvas pixels, when it has either.
    public var shape: ShapePlan?
}

extension ScenePlan {
    /// `layer` with `frame` on `canvas` at `scale` pixels per point; nil
    /// when nothing of it can reach the canvas.
    public static func place(_ layer: Layer, frame: UnitRect, canvas: PixelBox, scale: Double) -> PlacedLayer? {
        let frameBox = frame.pixelBox(width: canvas.width, height: canvas.height)
        guard !frameBox.isEmpty else { return nil }
        let shape = shapePlan(layer, frame: frame, canvas: canvas, scale: scale)
        // A stroke reaches half its width past the frame.
        let drawn = frameBox.expanded(by: shape?.reach ?? 0)
        var shadow: ShadowPlan?
        var reach = canvas
        if let s = layer.shadow, s.color.alpha > 0 {
            // Clamped as a second line of defence: the document check
            // refuses radii and offsets that do not fit first.
            let sigma = GaussianKernel.sigma(forShadowRadius: s.radius * scale)
            let kernel = GaussianKernel(sigma: sigma.isFinite ? min(max(sigma, 0), 16_384) : 0)
            let offset = SIMD2(
                Int(clamping: s.offset.x * scale, limit: 1 << 30), Int(clamping: s.offset.y * scale, limit: 1 << 30))
            let plan = ShadowPlan(color: premultiply(SIMD4<Float>(s.color.vector)), kernel: kernel, offset: offset)
            let source = plan.sourceBox(of: drawn, canvas: canvas)
            if !source.isEmpty {
                shadow = plan
                reach = reach.union(source)
            }
        }
        let box = drawn.intersection(reach)
        guard !box.isEmpty else { return nil }
        return PlacedLayer(frameBox: frameBox, box: box, shadow: shadow, shape: shape)
    }

    /// The layer's shape (a rectangle when it has only a stroke) inscribed
    /// in `frame` (not rounded: edges are anti-aliased where they fall);
    /// nil when it has neither.
    static func shapePlan(_ layer: Layer, frame: UnitRect, canvas: PixelBox, scale: Double) -> ShapePlan? {
        guard layer.shape != nil || layer.stroke != nil else { return nil }
        let w = Double(canvas.width)
        let h = Double(canvas.height)
        // Clamped as a second line of defence, as shadows are: the document
        // check refuses what does not fit first.
        func clamped(_ v: Double) -> Double { v.isFinite ? min(max(v, -1e9), 1e9) : 0 }
        var stroke = layer.stroke
        if let width = stroke?.width { stroke?.width = min(max(width.isFinite ? width : 0, 0), 1e6 / max(scale, 1e-9)) }
        return ShapePlan(
            layer.shape ?? .roundedRectangle(cornerRadius: 0), stroke: stroke,
            frame: (clamped(frame.x * w), clamped(frame.y * h), clamped(frame.width * w), clamped(frame.height * h)),
            scale: scale)
    }
}

extension Scene {
    /// The vertices each of the scene's meshes may tessellate to: the
    /// meshes share ``Tessellation/maximumVertices``, so that many large
    /// meshes together stay within one mesh's memory.
    public var tessellationShare: Int {
        Tessellation.maximumVertices / max(1, meshes.count)
    }
}
