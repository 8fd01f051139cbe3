@preconcurrency import CEpoxy
import Dispatch
import Foundation
import MeshGradCore

/// The GPU renderer: the same function as `CPURenderer` from the same
/// `RenderPlan`, on OpenGL 3.3 core.
///
/// The mesh (`mesh.vert`, `mesh.geom`, `mesh.frag`) is drawn from the
/// uploaded triangles; every fragment evaluates its patch's color
/// polynomial at its own `(u, v)` (from its triangle's affine map, in
/// canvas coordinates) and finishes it (mesh-math §4). Where the mesh's
/// border lies inside the canvas, its edge is anti-aliased with 4×
/// multisampling, in two passes, as the CPU blends its border samples: pass
/// 1 writes premultiplied colors and coverage into float images, and pass 2
/// (`finish.vert`, `finish.frag`) resolves, unpremultiplies, dithers with
/// the CPU's noise and quantizes (§8). Otherwise (most meshes, and every
/// window frame of them) `mesh.frag` quantizes directly into the output,
/// over a clear to the background: one pass, no float image, about twice
/// the frame rate on llvmpipe. Images are read back through pixel buffer
/// objects.
///
/// Canvases larger than the driver's render targets, or than a comfortable
/// amount of GPU memory, render in tiles; the noise hashes canvas
/// coordinates, so tiles meet without seams.
///
/// Works with whatever context is current: a ``HeadlessContext`` or the
/// preview window's. Not thread-safe, like the context.
public final class GLRenderer {
    public let info: GLInfo
    /// The mesh program for each color space and output mode (`-1`:
    /// pass 1 of two), and the finish program for each output mode,
    /// compiled when first needed.
    private var meshPrograms: [MeshProgramKey: GLProgram] = [:]
    private var finishPrograms: [FinishProgramKey: GLProgram] = [:]
    let emptyVertexArray = GLVertexArray()
    private var targets: PassTargets?
    private let readbackBuffers = [GLBuffer(target: GL_PIXEL_PACK_BUFFER), GLBuffer(target: GL_PIXEL_PACK_BUFFER)]

    /// The largest tile side: 4096 pixels (2048 with 4× MSAA) keeps pass 1
    /// near 256 MB of GPU memory whatever the canvas.
    public var maximumTileSide = 4096 {
        didSet { precondition(maximumTileSide >= 2 && maximumTileSide <= 8192) }
    }

    /// Where the time of the last ``render(_:format:)`` went, when
    /// ``measuresStages`` is on (benchmarks, `--timings`).
    public struct StageTimes: Sendable {
        /// GPU time of both passes, from GL timer queries (seconds).
        public var drawGPU = 0.0
        /// Wall time from issuing the passes until the GPU finished them.
        public var draw = 0.0
        /// Wall time of reading the result back into memory.
        public var readback = 0.0
    }

    /// Measure each stage: waits for the GPU after drawing (so draw and
    /// readback no longer overlap) and times the passes with timer queries.
    public var measuresStages = false
    public private(set) var lastStageTimes = StageTimes()

    private struct MeshProgramKey: Hashable {
        var colorSpace: ColorSpace
        var outputMode: Int
        var opaque: Bool
        var folds: Bool
        var grain: Bool
    }

    private struct FinishProgramKey: Hashable {
        var outputMode: Int
        var grain: Bool
    }

    /// Compiles the shaders of the commonest output (so a broken driver
    /// fails here, not mid-render). Needs a current context.
    public init() throws(GLError) {
        info = GLInfo()
        _ = try meshProgram(
            colorSpace: .device, outputMode: OutputFormat.rgba8(dithers: true).shaderMode, opaque: true, folds: false,
            grain: false)
        _ = try finishProgram(outputMode: OutputFormat.rgba8(dithers: true).shaderMode, grain: false)
        epoxy_glDisable(GLenum(GL_DITHER))
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_BLEND))
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        try checkGL("setting up the renderer")
    }

    /// mesh.vert, mesh.geom and mesh.frag with `COLOR_SPACE`,
    /// `OUTPUT_MODE`, `OPAQUE`, `FOLDS` and `GRAIN` defined. Grain is a
    /// constant, not a uniform tested per pixel: llvmpipe runs both sides
    /// of a branch, and the grain side (12 lattice hashes and 6 `pow`s a
    /// pixel) tripled the cost of every grainless frame.
    func meshProgram(
        colorSpace: ColorSpace, outputMode: Int, opaque: Bool, folds: Bool, grain: Bool
    ) throws(GLError) -> GLProgram {
        let key = MeshProgramKey(
            colorSpace: colorSpace, outputMode: outputMode, opaque: opaque, folds: folds, grain: grain)
        if let program = meshPrograms[key] { return program }
        let program = try GLProgram(
            name: "mesh", vertex: EmbeddedShaders.meshVert, geometry: EmbeddedShaders.meshGeom,
            fragment: EmbeddedShaders.meshFrag,
            fragmentLibraries: [EmbeddedShaders.colorGlsl, EmbeddedShaders.quantizeGlsl, EmbeddedShaders.grainGlsl],
            defines: [
                "COLOR_SPACE": colorSpace == .device ? 0 : 1, "OUTPUT_MODE": outputMode, "OPAQUE": opaque ? 1 : 0,
                "FOLDS": folds ? 1 : 0, "GRAIN": grain ? 1 : 0,
            ])
        meshPrograms[key] = program
        return program
    }

    /// finish.vert and finish.frag with `OUTPUT_MODE` and `GRAIN` defined.
    func finishProgram(outputMode: Int, grain: Bool) throws(GLError) -> GLProgram {
        let key = FinishProgramKey(outputMode: outputMode, grain: grain)
        if let program = finishPrograms[key] { return program }
        let program = try GLProgram(
            name: "finish", vertex: EmbeddedShaders.finishVert, fragment: EmbeddedShaders.finishFrag,
            fragmentLibraries: [EmbeddedShaders.quantizeGlsl, EmbeddedShaders.grainGlsl],
            defines: ["OUTPUT_MODE": outputMode, "GRAIN": grain ? 1 : 0])
        finishPrograms[key] = program
        return program
    }

    /// Uploads a plan's buffers.
    public func upload(_ plan: RenderPlan) throws(GLError) -> GPUMesh {
        try GPUMesh(plan, info: info)
    }

    public func render8(_ plan: RenderPlan, dithers: Bool = true) throws(GLError) -> RGBAImage<UInt8> {
        try render(upload(plan), format: .rgba8(dithers: dithers))
    }

    public func render16(_ plan: RenderPlan) throws(GLError) -> RGBAImage<UInt16> {
        try render(upload(plan), format: .rgba16)
    }

    public func renderFloat(_ plan: RenderPlan) throws(GLError) -> RGBAImage<Float> {
        try render(upload(plan), format: .rgbaFloat)
    }

    /// Renders an uploaded mesh to an image whose component type matches
    /// `format` (UInt8 for rgba8, UInt16 for rgba16, Float for rgbaFloat).
    public func render<C: ImageComponent>(_ mesh: GPUMesh, format: OutputFormat) throws(GLError) -> RGBAImage<C> {
        precondition(MemoryLayout<C>.size == format.bytesPerComponent, "component type does not match \(format)")
        let plan = mesh.plan
        var components = [C](repeating: .zero, count: plan.width * plan.height * 4)
        let result = components.withUnsafeMutableBytes { output in
            Result { () throws(GLError) in try render(mesh, format: format, into: output.baseAddress!) }
        }
        try result.get()
        return RGBAImage(width: plan.width, height: plan.height, components: components)
    }

    /// The regions rows `rows` of a canvas are drawn in: one, or tiles of
    /// at most ``maximumTileSide`` (and the driver's limit), row-major.
    func tiles(width: Int, rows: Range<Int>, multisampled: Bool) -> [(x: Int, y: Int, width: Int, height: Int)] {
        // The exact viewport of pass 1 is twice the tile: keep it in range.
        let side = min(info.maxTargetSide / 2, multisampled ? maximumTileSide / 2 : maximumTileSide)
        var result: [(Int, Int, Int, Int)] = []
        for y in stride(from: rows.lowerBound, to: rows.upperBound, by: side) {
            for x in stride(from: 0, to: width, by: side) {
                result.append((x, y, min(side, width - x), min(side, rows.upperBound - y)))
            }
        }
        return result
    }

    func tiles(width: Int, height: Int, multisampled: Bool) -> [(x: Int, y: Int, width: Int, height: Int)] {
        tiles(width: width, rows: 0..<height, multisampled: multisampled)
    }

    /// Renders into `output`: `width × height × 4` components of the
    /// format's size, rows top first.
    func render(_ mesh: GPUMesh, format: OutputFormat, into output: UnsafeMutableRawPointer) throws(GLError) {
        try render(mesh, format: format, rows: 0..<mesh.plan.height, into: output)
    }

    /// Renders canvas rows `rows` into `output` (`rows.count` rows of
    /// `width × 4` components of the format's size): the way to stream a
    /// canvas larger than memory band by band. Tile `k + 1` is drawn while
    /// tile `k` waits in its pixel buffer, so the GPU works while the CPU
    /// copies.
    public func render(
        _ mesh: GPUMesh, format: OutputFormat, rows: Range<Int>, into output: UnsafeMutableRawPointer
    ) throws(GLError) {
        let plan = mesh.plan
        precondition(rows.lowerBound >= 0 && rows.upperBound <= plan.height)
        let samples = plan.antialiasesBorder ? min(4, max(1, info.maxSamples)) : 1
        let regions = tiles(width: plan.width, rows: rows, multisampled: samples > 1)
        let tileWidth = regions.map(\.width).max()!
        let tileHeight = regions.map(\.height).max()!
        let targets = try self.targets(
            width: tileWidth, height: tileHeight, samples: samples, format: format,
            twoPasses: samples > 1 || plan.folds, hasOutput: true, depth: plan.folds)

        var times = StageTimes()
        var pending: (region: (x: Int, y: Int, width: Int, height: Int), buffer: GLBuffer)?
        for (index, region) in regions.enumerated() {
            if measuresStages {
                let start = DispatchTime.now()
                times.drawGPU += try timedOnGPU { () throws(GLError) in try draw(mesh, region: region, targets: targets)
                }
                times.draw += start.secondsElapsed
            } else {
                try draw(mesh, region: region, targets: targets)
            }
            let readbackStart = DispatchTime.now()
            let buffer = readbackBuffers[index % 2]
            try startReadback(targets, region: region, format: format, into: buffer)
            if measuresStages {
                try finishReadback(
                    buffer, region: region, format: format, canvasWidth: plan.width, firstRow: rows.lowerBound,
                    into: output)
                times.readback += readbackStart.secondsElapsed
                continue
            }
            if let previous = pending {
                try finishReadback(
                    previous.buffer, region: previous.region, format: format, canvasWidth: plan.width,
                    firstRow: rows.lowerBound, into: output)
            }
            pending = (region, buffer)
        }
        if let last = pending {
            try finishReadback(
                last.buffer, region: last.region, format: format, canvasWidth: plan.width, firstRow: rows.lowerBound,
                into: output)
        }
        lastStageTimes = times
    }

    /// Runs `body` between a GL_TIME_ELAPSED query's begin and end, waits
    /// for the GPU, and returns the GPU time in seconds.
    private func timedOnGPU(_ body: () throws(GLError) -> Void) throws(GLError) -> Double {
        var query: GLuint = 0
        epoxy_glGenQueries(1, &query)
        defer { epoxy_glDeleteQueries(1, &query) }
        epoxy_glBeginQuery(GLenum(GL_TIME_ELAPSED), query)
        try body()
        epoxy_glEndQuery(GLenum(GL_TIME_ELAPSED))
        epoxy_glFinish()
        var nanoseconds: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(query, GLenum(GL_QUERY_RESULT), &nanoseconds)
        try checkGL("timing the passes")
        return Double(nanoseconds) / 1e9
    }

    private func targets(
        width: Int, height: Int, samples: Int, format: OutputFormat, twoPasses: Bool, hasOutput: Bool,
        depth: Bool = false
    ) throws(GLError) -> PassTargets {
        if let targets, targets.width == width, targets.height == height, targets.samples == samples,
            targets.format == format, (targets.passOne != nil) == twoPasses,
            (targets.outputFramebuffer != nil) == hasOutput, targets.depth == depth
        {
            return targets
        }
        targets = nil  // free the old images before allocating new ones
        let made = try PassTargets(
            width: width, height: height, samples: samples, format: format, twoPasses: twoPasses,
            hasOutput: hasOutput, depth: depth)
        targets = made
        return made
    }

    /// Draws an uploaded mesh into the current window's framebuffer (8-bit,
    /// dithered like any 8-bit output), the same passes as an image; only
    /// the last one writes to the window instead of a texture, upside down
    /// since a window's first row is its bottom one. The plan's size must be
    /// the framebuffer's size in pixels.
    public func present(_ mesh: GPUMesh, dithers: Bool = true) throws(GLError) {
        let plan = mesh.plan
        let samples = plan.antialiasesBorder ? min(4, max(1, info.maxSamples)) : 1
        guard plan.width <= info.maxTargetSide / 2, plan.height <= info.maxTargetSide / 2 else {
            throw .limitExceeded("a \(plan.width)×\(plan.height) window is larger than this driver can draw")
        }
        let targets = try self.targets(
            width: plan.width, height: plan.height, samples: samples, format: .rgba8(dithers: dithers),
            twoPasses: samples > 1 || plan.folds, hasOutput: false, depth: plan.folds)
        try draw(mesh, region: (0, 0, plan.width, plan.height), targets: targets, toWindow: true)
    }

    /// The mesh in one region of the canvas, into the output texture or,
    /// for a window, into framebuffer 0: in one pass, or in two when the
    /// targets hold pass 1's images.
    func draw(
        _ mesh: GPUMesh, region: (x: Int, y: Int, width: Int, height: Int), targets: PassTargets, toWindow: Bool = false
    ) throws(GLError) {
        func bindOutput() {
            if toWindow {
                epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            } else {
                targets.outputFramebuffer!.bind()
            }
        }
        guard let passOne = targets.passOne else {
            // One pass: the background, stored as the CPU stores it, then
            // the mesh finishing its own pixels.
            bindOutput()
            var clearColor = storedBackground(mesh.plan.backgroundVector, format: targets.format)
            epoxy_glClearBufferfv(GLenum(GL_COLOR), 0, &clearColor)
            try drawMesh(mesh, region: region, outputMode: targets.format.shaderMode, flipsY: toWindow)
            return
        }
        try drawMesh(mesh, region: region, into: passOne)

        // Pass 2: unpremultiply, dither, quantize.
        bindOutput()
        epoxy_glViewport(0, 0, GLsizei(region.width), GLsizei(region.height))
        let finishProgram = try finishProgram(
            outputMode: targets.format.shaderMode, grain: mesh.plan.grain.drawn != nil)
        finishProgram.use()
        finishProgram.set("premultipliedImage", 0)
        finishProgram.set("coverageImage", 1)
        finishProgram.set("background", mesh.plan.backgroundVector)
        finishProgram.set("regionOrigin", region.x, region.y)
        finishProgram.set("flipsY", toWindow ? 1 : 0)
        finishProgram.set("isScene", 0)
        finishProgram.setGrain(mesh.plan.grain)
        passOne.premultiplied.bind(unit: 0)
        passOne.coverage.bind(unit: 1)
        emptyVertexArray.bind()
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        try checkGL("finishing the image")
    }

    /// The background as the output stores it: the CPU's
    /// `PixelWriter/backgroundPixel(_:)` (never dithered: a flat fill
    /// cannot band), as k/255 or k/65535, which the targets store exactly.
    func storedBackground(_ straight: SIMD4<Float>, format: OutputFormat) -> [GLfloat] {
        let stored: SIMD4<Float>
        switch format {
        case .rgba8: stored = SIMD4<Float>(RGBA8Writer(dithers: false).backgroundPixel(straight)) / 255
        case .rgba16: stored = SIMD4<Float>(RGBA16Writer().backgroundPixel(straight)) / 65535
        case .rgbaFloat: stored = RGBAFloatWriter().backgroundPixel(straight)
        }
        return [stored.x, stored.y, stored.z, stored.w]
    }

    /// Pass 1 alone for a mesh that fits one tile: its premultiplied colors
    /// over its background, in a float texture the plan's size (valid until
    /// the renderer draws again), for a scene to composite. Nil when the
    /// plan is larger than a tile.
    func drawPremultiplied(_ mesh: GPUMesh) throws(GLError) -> GLTexture? {
        let plan = mesh.plan
        let samples = plan.antialiasesBorder ? min(4, max(1, info.maxSamples)) : 1
        let regions = tiles(width: plan.width, height: plan.height, multisampled: samples > 1)
        guard regions.count == 1 else { return nil }
        let targets = try self.targets(
            width: plan.width, height: plan.height, samples: samples, format: .rgbaFloat, twoPasses: true,
            hasOutput: false, depth: plan.folds)
        try drawMesh(mesh, region: (0, 0, plan.width, plan.height), into: targets.passOne!)
        return targets.passOne!.premultiplied
    }

    /// Pass 1 of two: the mesh's premultiplied colors over the premultiplied
    /// background, and its coverage.
    func drawMesh(
        _ mesh: GPUMesh, region: (x: Int, y: Int, width: Int, height: Int), into passOne: PassOneImages
    ) throws(GLError) {
        let background = mesh.plan.backgroundVector
        passOne.meshFramebuffer.bind()
        var clearColor = [
            background.x * background.w, background.y * background.w, background.z * background.w, background.w,
        ]
        epoxy_glClearBufferfv(GLenum(GL_COLOR), 0, &clearColor)
        var clearCoverage: [GLfloat] = [0, 0, 0, 0]
        epoxy_glClearBufferfv(GLenum(GL_COLOR), 1, &clearCoverage)
        if mesh.plan.folds {
            // The fold rule (mesh-math §7a): the largest key wins, equal
            // keys the later triangle; nothing is nearer than 0.
            var clearDepth: GLfloat = 0
            epoxy_glClearBufferfv(GLenum(GL_DEPTH), 0, &clearDepth)
            epoxy_glEnable(GLenum(GL_DEPTH_TEST))
            epoxy_glDepthFunc(GLenum(GL_GEQUAL))
        }
        try drawMesh(mesh, region: region, outputMode: -1, flipsY: false)
        if mesh.plan.folds { epoxy_glDisable(GLenum(GL_DEPTH_TEST)) }
        try passOne.resolve()
    }

    /// The mesh's triangles into the bound framebuffer, through the exact
    /// viewport of mesh.vert: S a power of two ≥ twice the region.
    /// `outputMode` -1 writes pass 1's premultiplied colors; otherwise
    /// finished output (``OutputFormat/shaderMode``).
    private func drawMesh(
        _ mesh: GPUMesh, region: (x: Int, y: Int, width: Int, height: Int), outputMode: Int, flipsY: Bool
    ) throws(GLError) {
        var side = 1
        while side < 2 * max(region.width, region.height) { side *= 2 }
        epoxy_glViewport(GLint(-side / 2), GLint(-side / 2), GLsizei(side), GLsizei(side))
        let meshProgram = try meshProgram(
            colorSpace: mesh.plan.colorSpace, outputMode: outputMode, opaque: mesh.plan.colorsAreOpaque,
            folds: mesh.plan.folds, grain: outputMode >= 0 && mesh.plan.grain.drawn != nil)
        meshProgram.use()
        meshProgram.set("regionOrigin", Float(region.x), Float(region.y))
        if outputMode >= 0 { meshProgram.setGrain(mesh.plan.grain) }
        meshProgram.set("ndcScale", Float(2) / Float(side))
        meshProgram.set("flipsY", flipsY ? 1 : 0)
        meshProgram.set("regionHeight", Float(region.height))
        meshProgram.set("colorPolynomials", 0)
        if mesh.plan.folds { meshProgram.set("foldKeyScale", mesh.plan.foldKeyScale) }
        mesh.polynomialTexture.bind(unit: 0)
        mesh.vertexArray.bind()
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(mesh.indexCount), GLenum(GL_UNSIGNED_INT), nil)
        try checkGL("drawing the mesh")
    }

    /// Queues the copy of a region's output into a pixel buffer; returns at
    /// once, the GPU fills the buffer when it gets there.
    private func startReadback(
        _ targets: PassTargets, region: (x: Int, y: Int, width: Int, height: Int), format: OutputFormat,
        into buffer: GLBuffer
    ) throws(GLError) {
        targets.outputFramebuffer!.bind(GL_READ_FRAMEBUFFER)
        epoxy_glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0))
        let bytes = region.width * region.height * 4 * format.bytesPerComponent
        if buffer.byteCount < bytes {
            try buffer.allocate(bytes: bytes, usage: GL_STREAM_READ)
        }
        buffer.bind()
        epoxy_glReadPixels(
            0, 0, GLsizei(region.width), GLsizei(region.height), GLenum(GL_RGBA), GLenum(format.pixelType), nil)
        epoxy_glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        try checkGL("reading back the image")
    }

    /// Waits for a pixel buffer and copies its rows into place.
    private func finishReadback(
        _ buffer: GLBuffer, region: (x: Int, y: Int, width: Int, height: Int), format: OutputFormat, canvasWidth: Int,
        firstRow: Int, into output: UnsafeMutableRawPointer
    ) throws(GLError) {
        buffer.bind()
        defer { epoxy_glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        let rowBytes = region.width * 4 * format.bytesPerComponent
        guard
            let mapped = epoxy_glMapBufferRange(
                GLenum(GL_PIXEL_PACK_BUFFER), 0, rowBytes * region.height, GLbitfield(GL_MAP_READ_BIT))
        else {
            try checkGL("mapping the read-back buffer")
            throw .call(operation: "mapping the read-back buffer", code: 0)
        }
        let canvasRowBytes = canvasWidth * 4 * format.bytesPerComponent
        let columnOffset = region.x * 4 * format.bytesPerComponent
        for row in 0..<region.height {
            (output + (region.y - firstRow + row) * canvasRowBytes + columnOffset)
                .copyMemory(from: mapped + row * rowBytes, byteCount: rowBytes)
        }
        _ = epoxy_glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
        try checkGL("copying the read-back buffer")
    }
}
