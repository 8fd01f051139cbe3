import Dispatch
import Foundation

/// The CPU scene renderer: the twin of `GLSceneRenderer`, drawing a
/// ``ScenePlan`` in the same steps (see there) with the same float
/// operations, so `meshgrad compare` holds one against the other.
///
/// The canvas is one premultiplied float image; every step runs over row
/// bands on every core. Meshes are drawn by the ``CPURenderer`` at their
/// box's size, shadows blurred by ``GaussianBlur`` over the layer's box
/// plus the blur's reach.
public struct SceneRenderer: Sendable {
    public var threadCount: Int

    public init(threadCount: Int = ActiveProcessors.count) {
        self.threadCount = max(1, threadCount)
    }

    /// About what drawing a `width × height` scene holds in memory at once,
    /// in bytes: the float canvas (16 bytes a pixel), the output (up to 8)
    /// and one full-canvas layer's float image or text mask and blur scratch
    /// (16). Scenes are composited whole (a shadow reaches across any band),
    /// so unlike a mesh their memory grows with the area.
    public static func bytesNeeded(width: Int, height: Int) -> Int {
        let (pixels, pixelsOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = pixels.multipliedReportingOverflow(by: 40)
        return pixelsOverflow || bytesOverflow ? Int.max : bytes
    }

    public func render8(_ plan: ScenePlan, dithers: Bool = true) -> RGBAImage<UInt8> {
        render(plan, writer: RGBA8Writer(dithers: dithers, grain: plan.grain))
    }

    public func render16(_ plan: ScenePlan) -> RGBAImage<UInt16> {
        render(plan, writer: RGBA16Writer(grain: plan.grain))
    }

    /// Straight colors, unquantized: the exact value the 8-bit output
    /// approximates.
    public func renderFloat(_ plan: ScenePlan) -> RGBAImage<Float> {
        render(plan, writer: RGBAFloatWriter(grain: plan.grain))
    }

    /// Composites the scene, then unpremultiplies and stores every pixel
    /// with `writer` (dithered everywhere when it dithers).
    public func render<W: PixelWriter>(_ plan: ScenePlan, writer: W) -> RGBAImage<W.Component> {
        let canvas = composite(plan)
        defer { canvas.deallocate() }
        var components = [W.Component](repeating: .zero, count: plan.width * plan.height * 4)
        let width = plan.width
        components.withUnsafeMutableBufferPointer { buffer in
            let out = SendablePointer(buffer.baseAddress!)
            let source = SendablePointer(canvas.baseAddress!)
            forEachBand(of: 0..<plan.height) { rows in
                for y in rows {
                    let rowSeed = writer.rowSeed(y: y)
                    let row = source.pointer + y * width
                    let target = out.pointer + y * width * 4
                    for x in 0..<width {
                        writer.write(unpremultiply(row[x]), x: x, rowSeed: rowSeed, to: target + x * 4)
                    }
                }
            }
        }
        return RGBAImage(width: plan.width, height: plan.height, components: components)
    }

    /// The scene's premultiplied colors, row-major: background, then each
    /// layer's shadow and the layer. The caller deallocates the buffer.
    public func composite(_ plan: ScenePlan) -> UnsafeMutableBufferPointer<SIMD4<Float>> {
        let canvas = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: plan.width * plan.height)
        let pixels = SendablePointer(canvas.baseAddress!)
        let width = plan.width
        let whole = plan.canvas
        switch plan.background {
        case .solid(let color):
            canvas.initialize(repeating: premultiply(color))
        case .linearGradient(let gradient):
            forEachBand(of: 0..<plan.height) { rows in
                for y in rows {
                    shadeGradient(gradient, y: y, columns: 0..<width, into: pixels.pointer + y * width)
                }
            }
        case .mesh(let mesh):
            canvas.initialize(repeating: .zero)
            draw(LayerPlan(box: whole, content: .mesh(mesh)), on: pixels, plan: plan)
        case .material:
            canvas.initialize(repeating: .zero)  // nothing lies behind the background
        case .image(let image):
            canvas.initialize(repeating: .zero)
            draw(LayerPlan(box: whole, content: .image(image)), on: pixels, plan: plan)
        }
        for layer in plan.layers {
            draw(layer, on: pixels, plan: plan)
        }
        return canvas
    }

    /// One layer's shadow, then the layer, over the canvas.
    func draw(_ layer: LayerPlan, on canvas: SendablePointer<SIMD4<Float>>, plan: ScenePlan) {
        var source = LayerSource(layer, renderer: CPURenderer(threadCount: threadCount))
        if case .material(let material) = layer.content {
            source.backdrop = blurredBackdrop(material, of: layer, on: canvas, plan: plan)
        }
        let content = source
        if let shadow = layer.shadow {
            drawShadow(shadow, of: content, on: canvas, plan: plan)
        }
        let clip = layer.box.intersection(plan.canvas)
        guard !clip.isEmpty else { return }
        let width = plan.width
        forEachBand(of: clip.y0..<clip.y1) { rows in
            let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: clip.width)
            defer { scratch.deallocate() }
            for y in rows {
                content.colors(y: y, columns: clip.x0..<clip.x1, into: scratch)
                let row = canvas.pointer + y * width + clip.x0
                for i in 0..<clip.width {
                    row[i] = compositeOver(scratch[i], row[i])
                }
            }
        }
    }

    /// Runs `body` over bands of `rows` on every core.
    func forEachBand(of rows: Range<Int>, _ body: @Sendable (Range<Int>) -> Void) {
        let bandHeight = max(4, min(64, rows.count / max(1, threadCount * 8)))
        let bandCount = (rows.count + bandHeight - 1) / bandHeight
        guard bandCount > 1, threadCount > 1 else {
            if !rows.isEmpty { body(rows) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
            let first = rows.lowerBound + band * bandHeight
            body(first..<min(first + bandHeight, rows.upperBound))
        }
    }
}

/// A row of a linear gradient, premultiplied, at pixel centers.
func shadeGradient(
    _ gradient: GradientShading, y: Int, columns: Range<Int>, into row: UnsafeMutablePointer<SIMD4<Float>>
) {
    let centerY = Float(y) + 0.5
    gradient.locations.withUnsafeBufferPointer { l in
        gradient.colors.withUnsafeBufferPointer { c in
            for x in columns {
                let t = linearGradientParameter(x: Float(x) + 0.5, y: centerY, start: gradient.start, end: gradient.end)
                let straight = linearGradientColor(
                    t, locations: l.baseAddress!, colors: c.baseAddress!, count: l.count, space: gradient.colorSpace)
                row[x - columns.lowerBound] = premultiply(straight)
            }
        }
    }
}

/// A layer's premultiplied colors, ready to composite: content clipped to
/// its shape and stroked (Shape.swift), times mask times opacity. A mesh is rendered once, at its box's size, up front.
struct LayerSource: @unchecked Sendable {
    let layer: LayerPlan
    /// A mesh's or a picture's straight colors, box-sized.
    let boxImage: RGBAImage<Float>?
    /// A material's blurred backdrop (premultiplied) and its canvas box.
    var backdrop: (image: RGBAImage<Float>, box: PixelBox)?

    init(_ layer: LayerPlan, renderer: CPURenderer) {
        self.layer = layer
        switch layer.content {
        case .mesh(let plan): boxImage = renderer.renderFloat(plan)
        case .image(let image): boxImage = image
        default: boxImage = nil
        }
    }

    /// Canvas row `y`, columns `columns` (inside the box), into `row`.
    func colors(y: Int, columns: Range<Int>, into row: UnsafeMutablePointer<SIMD4<Float>>) {
        let box = layer.box
        switch layer.content {
        case .solid(let color):
            row.update(repeating: premultiply(color), count: columns.count)
        case .linearGradient(let gradient):
            shadeGradient(gradient, y: y, columns: columns, into: row)
        case .material(let material):
            let (image, area) = backdrop!
            image.components.withUnsafeBufferPointer { components in
                let source =
                    UnsafeRawPointer(components.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
                    + (y - area.y0) * area.width - area.x0
                for x in columns {
                    row[x - columns.lowerBound] = materialColor(
                        source[x], saturation: material.saturation, tint: material.tint)
                }
            }
        case .mesh, .image:
            boxImage!.components.withUnsafeBufferPointer { components in
                let source =
                    UnsafeRawPointer(components.baseAddress!).assumingMemoryBound(to: SIMD4<Float>.self)
                    + (y - box.y0) * box.width - box.x0
                for x in columns { row[x - columns.lowerBound] = premultiply(source[x]) }
            }
        }
        if let shape = layer.shape {
            let centerY = Float(y) + 0.5
            for x in columns {
                let i = x - columns.lowerBound
                row[i] = shapeColor(row[i], at: SIMD2(Float(x) + 0.5, centerY), shape: shape)
            }
        }
        let opacity = layer.opacity
        if let mask = layer.mask {
            mask.values.withUnsafeBufferPointer { values in
                let coverage = values.baseAddress! + (y - box.y0) * box.width - box.x0
                for x in columns { row[x - columns.lowerBound] *= coverage[x] * opacity }
            }
        } else if opacity < 1 {
            for i in 0..<columns.count { row[i] *= opacity }
        }
    }
}
