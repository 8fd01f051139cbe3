@preconcurrency import CEpoxy
import MeshGradCore

/// The GPU scene renderer: the twin of `SceneRenderer`, drawing a
/// `ScenePlan` in the same steps with the same float operations.
///
/// The canvas is an RGBA32F texture of premultiplied colors. The
/// background is cleared or drawn; then for each layer: a mesh is drawn by
/// the ``GLRenderer``'s pass 1 into a texture its box's size; a shadow is
/// the layer drawn alone (`layer.frag`) into a texture of its source box
/// plus the blur's reach, blurred by ``GLGaussianBlur`` (rows, then
/// columns) and drawn offset in its color (`shadow.frag`); then the layer
/// (`layer.frag`). Each is composited by GL blending, `(ONE,
/// ONE_MINUS_SRC_ALPHA)`: "over" on premultiplied colors. Last,
/// `finish.frag` unpremultiplies, dithers every pixel and quantizes.
///
/// Needs a current context; not thread-safe, like the context.
public final class GLSceneRenderer {
    public let meshRenderer: GLRenderer
    let blur: GLGaussianBlur
    let layerProgram: GLProgram
    let shadowProgram: GLProgram
    let emptyVertexArray = GLVertexArray()
    private var canvas: (width: Int, height: Int, texture: GLTexture, framebuffer: GLFramebuffer)?
    private var output: (width: Int, height: Int, format: OutputFormat, framebuffer: GLFramebuffer)?

    /// Compiles the layer and shadow shaders; shares `meshRenderer`'s
    /// mesh, finish and dither resources when given one.
    public init(meshRenderer: GLRenderer? = nil) throws(GLError) {
        if let meshRenderer {
            self.meshRenderer = meshRenderer
        } else {
            self.meshRenderer = try GLRenderer()
        }
        blur = try GLGaussianBlur()
        layerProgram = try GLProgram(
            name: "layer", vertex: EmbeddedShaders.layerVert, fragment: EmbeddedShaders.layerFrag,
            fragmentLibraries: [EmbeddedShaders.colorGlsl, EmbeddedShaders.shapeGlsl, EmbeddedShaders.materialGlsl])
        shadowProgram = try GLProgram(
            name: "shadow", vertex: EmbeddedShaders.layerVert, fragment: EmbeddedShaders.shadowFrag)
    }

    public func render8(_ plan: ScenePlan, dithers: Bool = true) throws(GLError) -> RGBAImage<UInt8> {
        try render(plan, format: .rgba8(dithers: dithers))
    }

    public func render16(_ plan: ScenePlan) throws(GLError) -> RGBAImage<UInt16> {
        try render(plan, format: .rgba16)
    }

    public func renderFloat(_ plan: ScenePlan) throws(GLError) -> RGBAImage<Float> {
        try render(plan, format: .rgbaFloat)
    }

    /// Draws the scene and reads it back in `format`, whose component type
    /// must match `C`.
    public func render<C: ImageComponent>(_ plan: ScenePlan, format: OutputFormat) throws(GLError) -> RGBAImage<C> {
        precondition(MemoryLayout<C>.size == format.bytesPerComponent, "component type does not match \(format)")
        let canvas = try composite(plan)
        let target = try outputTarget(width: plan.width, height: plan.height, format: format)
        target.bind()
        try finish(canvas, width: plan.width, height: plan.height, format: format, flipsY: false, grain: plan.grain)

        target.bind(GL_READ_FRAMEBUFFER)
        epoxy_glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0))
        epoxy_glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var components = [C](repeating: .zero, count: plan.width * plan.height * 4)
        components.withUnsafeMutableBytes { bytes in
            epoxy_glReadPixels(
                0, 0, GLsizei(plan.width), GLsizei(plan.height), GLenum(GL_RGBA), GLenum(format.pixelType),
                bytes.baseAddress)
        }
        try checkGL("reading back the scene")
        return RGBAImage(width: plan.width, height: plan.height, components: components)
    }

    /// Draws the scene into the current window's framebuffer (8-bit,
    /// dithered like any 8-bit output), upside down as a window wants. The
    /// plan's size must be the framebuffer's size in pixels.
    public func present(_ plan: ScenePlan, dithers: Bool = true) throws(GLError) {
        let canvas = try composite(plan)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try finish(
            canvas, width: plan.width, height: plan.height, format: .rgba8(dithers: dithers), flipsY: true,
            grain: plan.grain)
    }

    /// The finish pass over the canvas into whatever framebuffer is bound.
    private func finish(
        _ canvas: GLTexture, width: Int, height: Int, format: OutputFormat, flipsY: Bool, grain: GrainField?
    ) throws(GLError) {
        let renderer = meshRenderer
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
        let finishProgram = try renderer.finishProgram(outputMode: format.shaderMode, grain: grain.drawn != nil)
        finishProgram.use()
        finishProgram.set("premultipliedImage", 0)
        finishProgram.set("coverageImage", 1)
        finishProgram.set("background", SIMD4<Float>.zero)
        finishProgram.set("regionOrigin", 0, 0)
        finishProgram.set("flipsY", flipsY ? 1 : 0)
        finishProgram.set("isScene", 1)
        finishProgram.setGrain(grain)
        canvas.bind(unit: 0)
        canvas.bind(unit: 1)
        emptyVertexArray.bind()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        try checkGL("finishing the scene")
    }

    /// Draws background, shadows and layers into the canvas texture.
    func composite(_ plan: ScenePlan) throws(GLError) -> GLTexture {
        let info = meshRenderer.info
        guard plan.width <= info.maxTargetSide, plan.height <= info.maxTargetSide else {
            throw .limitExceeded(
                "a \(plan.width)×\(plan.height) scene is larger than this driver's \(info.maxTargetSide)-pixel images")
        }
        let target = try canvasTarget(width: plan.width, height: plan.height)
        let whole = plan.canvas
        target.framebuffer.bind()
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glViewport(0, 0, GLsizei(plan.width), GLsizei(plan.height))
        switch plan.background {
        case .solid(let color):
            var clear = [color.x * color.w, color.y * color.w, color.z * color.w, color.w]
            epoxy_glClearBufferfv(GLenum(GL_COLOR), 0, &clear)
        case .linearGradient:
            try drawLayer(
                LayerPlan(box: whole, content: plan.background), content: nil, into: target.framebuffer,
                targetBox: whole, blends: false)
        case .mesh, .image:
            var clear: [GLfloat] = [0, 0, 0, 0]
            epoxy_glClearBufferfv(GLenum(GL_COLOR), 0, &clear)
            try draw(LayerPlan(box: whole, content: plan.background), plan: plan, canvas: target.framebuffer)
        case .material:
            var clear: [GLfloat] = [0, 0, 0, 0]  // nothing lies behind the background
            epoxy_glClearBufferfv(GLenum(GL_COLOR), 0, &clear)
        }
        for layer in plan.layers {
            try draw(layer, plan: plan, canvas: target.framebuffer)
        }
        epoxy_glDisable(GLenum(GL_BLEND))
        return target.texture
    }

    /// What a layer's content texture holds: premultiplied colors from
    /// pass 1, or straight ones (read back from a tiled render, or a
    /// picture's).
    enum ContentImage {
        case premultiplied(GLTexture)
        case straight(GLTexture)
        /// A material's blurred backdrop and the canvas box it covers.
        case backdrop(GLTexture, PixelBox)
    }

    /// One layer's shadow, then the layer, over the canvas.
    private func draw(_ layer: LayerPlan, plan: ScenePlan, canvas: GLFramebuffer) throws(GLError) {
        var image: ContentImage?
        if case .mesh(let meshPlan) = layer.content {
            let mesh = try meshRenderer.upload(meshPlan)
            if let texture = try meshRenderer.drawPremultiplied(mesh) {
                image = .premultiplied(texture)
            } else {
                image = try straightImage(try meshRenderer.render(mesh, format: .rgbaFloat))
            }
        }
        if case .image(let straight) = layer.content {
            image = try straightImage(straight)
        }
        if case .material(let material) = layer.content {
            image = try blurredBackdrop(material, of: layer, plan: plan, canvas: canvas)
        }
        var mask: GLTexture?
        if let values = layer.mask {
            let texture = try GLTexture.image(width: values.width, height: values.height, format: GL_R32F)
            try texture.upload(redFloat: values.values, width: values.width, height: values.height)
            mask = texture
        }
        if let shadow = layer.shadow {
            try drawShadow(shadow, of: layer, content: image, mask: mask, plan: plan, canvas: canvas)
        }
        try drawLayer(
            layer, content: image, mask: mask, into: canvas, targetBox: plan.canvas, blends: true)
    }

    /// Straight colors made a layer's content texture (RGBA32F).
    private func straightImage(_ straight: RGBAImage<Float>) throws(GLError) -> ContentImage {
        let texture = try GLTexture.image(width: straight.width, height: straight.height, format: GL_RGBA32F)
        try texture.upload(rgbaFloat: straight.components, width: straight.width, height: straight.height)
        return .straight(texture)
    }

    /// The layer alone over its shadow's source box (and the blur's reach
    /// of zeros around it), blurred, and drawn offset in the shadow's color.
    private func drawShadow(
        _ shadow: ShadowPlan, of layer: LayerPlan, content: ContentImage?, mask: GLTexture?, plan: ScenePlan,
        canvas: GLFramebuffer
    ) throws(GLError) {
        let source = shadow.sourceBox(of: layer.box, canvas: plan.canvas)
        guard !source.isEmpty else { return }
        let area = source.expanded(by: shadow.kernel.radius)
        let alpha = try GLTexture.image(width: area.width, height: area.height, format: GL_RGBA32F)
        let alphaTarget = GLFramebuffer()
        alphaTarget.attach(alpha, at: 0)
        try alphaTarget.finish(drawing: 1, what: "shadow source")
        alphaTarget.bind()
        var clear: [GLfloat] = [0, 0, 0, 0]
        epoxy_glClearBufferfv(GLenum(GL_COLOR), 0, &clear)
        try drawLayer(
            layer, content: content, mask: mask, into: alphaTarget, targetBox: area, blends: false, clip: source)

        let blurred = try GLTexture.image(width: area.width, height: area.height, format: GL_RGBA32F)
        try blur.blur(alpha, into: blurred, width: area.width, height: area.height, kernel: shadow.kernel)

        let placed = area.offset(by: shadow.offset)
        let clip = placed.intersection(plan.canvas)
        guard !clip.isEmpty else { return }
        canvas.bind()
        epoxy_glViewport(0, 0, GLsizei(plan.width), GLsizei(plan.height))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        shadowProgram.use()
        shadowProgram.set("rect", clip.x0, clip.y0, clip.x1, clip.y1)
        shadowProgram.set("targetOrigin", 0, 0)
        shadowProgram.set("targetSize", plan.width, plan.height)
        shadowProgram.set("shadowImage", 0)
        shadowProgram.set("shadowOrigin", placed.x0, placed.y0)
        shadowProgram.set("shadowColor", shadow.color)
        blurred.bind(unit: 0)
        emptyVertexArray.bind()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        try checkGL("drawing a shadow")
    }

    /// Draws `layer` (over `clip`, by default its box) into `target`, a
    /// framebuffer covering `targetBox` of the canvas, composited over what
    /// is there when `blends`, else replacing it.
    private func drawLayer(
        _ layer: LayerPlan, content: ContentImage?, mask: GLTexture? = nil, into target: GLFramebuffer,
        targetBox: PixelBox, blends: Bool, clip: PixelBox? = nil
    ) throws(GLError) {
        let rect = (clip ?? layer.box).intersection(targetBox)
        guard !rect.isEmpty else { return }
        target.bind()
        epoxy_glViewport(0, 0, GLsizei(targetBox.width), GLsizei(targetBox.height))
        if blends {
            epoxy_glEnable(GLenum(GL_BLEND))
            epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        } else {
            epoxy_glDisable(GLenum(GL_BLEND))
        }
        let program = layerProgram
        program.use()
        program.set("rect", rect.x0, rect.y0, rect.x1, rect.y1)
        program.set("targetOrigin", targetBox.x0, targetBox.y0)
        program.set("targetSize", targetBox.width, targetBox.height)
        program.set("boxOrigin", layer.box.x0, layer.box.y0)
        program.set("contentImage", 0)
        program.set("maskImage", 1)
        program.set("opacity", layer.opacity)
        program.set("hasMask", mask == nil ? 0 : 1)
        mask?.bind(unit: 1)
        setShape(layer.shape, in: program)
        switch layer.content {
        case .solid(let color):
            program.set("contentKind", 0)
            program.set("solidColor", color)
        case .linearGradient(let gradient):
            precondition(gradient.locations.count <= LinearGradient.maximumStops)
            program.set("contentKind", 1)
            program.set("stopCount", gradient.locations.count)
            program.set("stopLocations", floats: gradient.locations)
            program.set("stopColors", vectors: gradient.colors)
            program.set("colorSpace", gradient.colorSpace == .device ? 0 : 1)
            program.set("gradientStart", gradient.start.x, gradient.start.y)
            program.set("gradientEnd", gradient.end.x, gradient.end.y)
        case .material(let material):
            guard case .backdrop(let texture, let area) = content else {
                preconditionFailure("a material layer is drawn from its backdrop")
            }
            program.set("contentKind", 4)
            program.set("backdropOrigin", area.x0, area.y0)
            program.set("materialSaturation", material.saturation)
            program.set("materialTint", material.tint)
            texture.bind(unit: 0)
        case .mesh, .image:
            switch content {
            case .premultiplied(let texture):
                program.set("contentKind", 2)
                texture.bind(unit: 0)
            case .straight(let texture):
                program.set("contentKind", 3)
                texture.bind(unit: 0)
            case nil, .backdrop:
                preconditionFailure("a mesh or picture layer is drawn from its image")
            }
        }
        emptyVertexArray.bind()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        try checkGL("drawing a layer")
    }

    private func canvasTarget(
        width: Int, height: Int
    ) throws(GLError) -> (texture: GLTexture, framebuffer: GLFramebuffer) {
        if let canvas, canvas.width == width, canvas.height == height { return (canvas.texture, canvas.framebuffer) }
        canvas = nil  // free the old image first
        let (texture, framebuffer) = try GLFramebuffer.floatImage(width: width, height: height, what: "scene canvas")
        canvas = (width, height, texture, framebuffer)
        return (texture, framebuffer)
    }

    private func outputTarget(width: Int, height: Int, format: OutputFormat) throws(GLError) -> GLFramebuffer {
        if let output, output.width == width, output.height == height, output.format == format {
            return output.framebuffer
        }
        output = nil
        let texture = try GLTexture.image(width: width, height: height, format: format.textureFormat)
        let framebuffer = GLFramebuffer()
        framebuffer.attach(texture, at: 0)
        try framebuffer.finish(drawing: 1, what: "scene output")
        output = (width, height, format, framebuffer)
        return framebuffer
    }
}
