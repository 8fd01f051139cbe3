// A backdrop material (mesh-math §10b).
//
// Twin of Shaders/material.glsl: `materialColor()` carries the same name
// there and does the same float operations in the same order. The blur is
// GaussianBlur's (blur.frag's twin).

/// SwiftUI's backdrop materials (`.ultraThinMaterial` …): what lies behind
/// the layer, blurred, its saturation raised, under a white tint. Apple
/// publishes no numbers; these follow the CSS recipe Apple's own web pages
/// use for the same look (apple.com's navigation bar: `saturate(180%)
/// blur(20px)` over a 72 % white): saturation 1.8 for every material, the
/// blur and the tint growing with the thickness.
public enum Material: String, Hashable, Sendable, CaseIterable {
    case ultraThin, thin, regular, thick

    /// The blur's standard deviation, in points.
    public var blurSigma: Double {
        switch self {
        case .ultraThin: 10
        case .thin: 12
        case .regular: 15
        case .thick: 20
        }
    }

    /// The white tint's opacity over the blurred backdrop.
    public var tintOpacity: Double {
        switch self {
        case .ultraThin: 0.15
        case .thin: 0.3
        case .regular: 0.5
        case .thick: 0.72
        }
    }

    /// How much the backdrop's colors are pushed away from their gray.
    public static let saturation = 1.8
}

/// A material on one canvas: the blur in pixels, the saturation and the
/// premultiplied tint.
public struct MaterialPlan: Sendable, Hashable {
    public var kernel: GaussianKernel
    public var saturation: Float
    public var tint: SIMD4<Float>

    public init(_ material: Material, pixelsPerPoint: Double) {
        let sigma = material.blurSigma * pixelsPerPoint
        // Clamped as a second line of defence: the document check refuses
        // larger blurs first.
        kernel = GaussianKernel(sigma: sigma.isFinite ? min(max(sigma, 0), 16_384) : 0)
        saturation = Float(Material.saturation)
        let a = Float(material.tintOpacity)
        tint = SIMD4(a, a, a, a)
    }

    /// The pixels whose blur reaches `box` (which may reach past the
    /// canvas, where a shadow does): the backdrop both renderers blur, the
    /// canvas's pixels where it has them, transparent elsewhere.
    ///
    /// Past the canvas the backdrop is transparent, and a blur adds nothing
    /// from zeros: so the box stops at the canvas (or at `box`, where that
    /// reaches further), and a blur far wider than the canvas costs the
    /// canvas, not the radius. The pixels of `box` come out the same.
    public func backdropBox(of box: PixelBox, canvas: PixelBox) -> PixelBox {
        Self.backdropBox(of: box, radius: kernel.radius, canvas: canvas)
    }

    /// ``backdropBox(of:canvas:)`` for a kernel of `radius` taps a side.
    public static func backdropBox(of box: PixelBox, radius: Int, canvas: PixelBox) -> PixelBox {
        box.expanded(by: radius).intersection(canvas.union(box))
    }
}

/// The material's premultiplied color from the blurred premultiplied
/// backdrop: saturation raised about its Rec. 709 luma (on premultiplied
/// values, so a translucent backdrop keeps its alpha), kept within
/// `0…alpha`, then the tint composited over.
@inlinable @inline(__always)
public func materialColor(_ blurred: SIMD4<Float>, saturation: Float, tint: SIMD4<Float>) -> SIMD4<Float> {
    let luma = 0.2126 * blurred.x + 0.7152 * blurred.y + 0.0722 * blurred.z
    let r = min(max(luma + (blurred.x - luma) * saturation, 0), blurred.w)
    let g = min(max(luma + (blurred.y - luma) * saturation, 0), blurred.w)
    let b = min(max(luma + (blurred.z - luma) * saturation, 0), blurred.w)
    let saturated = SIMD4(r, g, b, blurred.w)
    return tint + saturated * (1 - tint.w)
}

extension SceneRenderer {
    /// The canvas drawn so far behind a material layer, over its backdrop
    /// box, blurred (the outside of the canvas is transparent, as for
    /// GLGaussianBlur).
    func blurredBackdrop(
        _ material: MaterialPlan, of layer: LayerPlan, on canvas: SendablePointer<SIMD4<Float>>, plan: ScenePlan
    ) -> (image: RGBAImage<Float>, box: PixelBox) {
        let area = material.backdropBox(of: layer.box, canvas: plan.canvas)
        let inside = area.intersection(plan.canvas)
        var components = [Float](repeating: 0, count: area.width * area.height * 4)
        for y in inside.y0..<max(inside.y0, inside.y1) {
            let row = canvas.pointer + y * plan.width
            for x in inside.x0..<max(inside.x0, inside.x1) {
                let c = row[x]
                let i = ((y - area.y0) * area.width + (x - area.x0)) * 4
                components[i] = c.x
                components[i + 1] = c.y
                components[i + 2] = c.z
                components[i + 3] = c.w
            }
        }
        let image = RGBAImage(width: area.width, height: area.height, components: components)
        return (GaussianBlur(kernel: material.kernel, threadCount: threadCount).blurred(premultiplied: image), area)
    }
}
