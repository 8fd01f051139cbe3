// A layer's shape and stroke (mesh-math §10a).
//
// Twin of Shaders/shape.glsl: `roundedBoxDistance()`, `shapeCoverage()`,
// `strokeCoverage()` and `shapeColor()` carry the same names there and do
// the same float operations in the same order.

/// The outline a layer's fill is clipped to and its stroke follows:
/// SwiftUI's `RoundedRectangle`, `Capsule` and `Circle`, inscribed in the
/// layer's frame as SwiftUI inscribes them in theirs.
///
/// Corners are **circular** arcs (SwiftUI's `RoundedCornerStyle.circular`),
/// not Apple's continuous ("squircle") corners: a continuous corner starts
/// bending about 1.5 radii from the corner and lies up to about 0.1 radius
/// outside the circular arc's middle, under a pixel at the radii an
/// interface uses at 1× (12 points: about 1.2 points) and a few pixels at 3×.
public enum LayerShape: Hashable, Sendable {
    /// Corner radius in points; 0 is a sharp rectangle. Clamped to half
    /// the shorter side, as SwiftUI clamps it.
    case roundedRectangle(cornerRadius: Double)
    /// A rounded rectangle whose corner radius is half the shorter side.
    case capsule
    /// The largest circle centered in the frame.
    case circle
}

/// A line along a layer's shape, centered on its edge (half inside, half
/// outside, as SwiftUI's `.stroke(_:lineWidth:)`), over the fill.
public struct Stroke: Hashable, Sendable {
    public var color: RGBAColor
    /// In points.
    public var width: Double

    public init(color: RGBAColor, width: Double = 1) {
        self.color = color
        self.width = width
    }
}

/// A layer's shape on one canvas, in canvas pixels: the rounded box every
/// shape becomes (a capsule's and a circle's radius is half their shorter
/// side) and its stroke. A shape that is only stroked has a clear fill.
public struct ShapePlan: Sendable, Hashable {
    /// The box's center and half its width and height, in canvas pixels
    /// (fractional: edges are anti-aliased where they fall).
    public var center: SIMD2<Float>
    public var halfSize: SIMD2<Float>
    /// Corner radius, at most the smaller half size.
    public var radius: Float
    /// 0 for no stroke.
    public var strokeWidth: Float
    /// Premultiplied.
    public var strokeColor: SIMD4<Float>

    public init(
        center: SIMD2<Float>, halfSize: SIMD2<Float>, radius: Float, strokeWidth: Float = 0,
        strokeColor: SIMD4<Float> = .zero
    ) {
        self.center = center
        self.halfSize = halfSize
        self.radius = min(max(radius, 0), min(halfSize.x, halfSize.y))
        self.strokeWidth = strokeWidth
        self.strokeColor = strokeColor
    }

    /// `shape` inscribed in `frame`, a rectangle in canvas pixels (x, y,
    /// width, height), at `scale` pixels per point.
    public init(
        _ shape: LayerShape, stroke: Stroke?, frame: (x: Double, y: Double, width: Double, height: Double),
        scale: Double
    ) {
        var half = SIMD2(frame.width / 2, frame.height / 2)
        let center = SIMD2(frame.x + half.x, frame.y + half.y)
        let radius: Double
        switch shape {
        case .roundedRectangle(let cornerRadius): radius = cornerRadius * scale
        case .capsule: radius = min(half.x, half.y)
        case .circle:
            half = SIMD2(repeating: min(half.x, half.y))
            radius = half.x
        }
        let strokeWidth = stroke.map { $0.width * scale } ?? 0
        self.init(
            center: SIMD2<Float>(center), halfSize: SIMD2<Float>(half), radius: Float(radius),
            strokeWidth: Float(strokeWidth),
            strokeColor: stroke.map { premultiply(SIMD4<Float>($0.color.vector)) } ?? .zero)
    }

    /// How far past the box's edges the shape draws, in whole pixels: half
    /// the stroke and the anti-aliasing ramp's half pixel.
    public var reach: Int {
        strokeWidth > 0 ? Int((strokeWidth / 2 + 1).rounded(.up)) : 0
    }
}

/// Signed distance in pixels from `p` to a rounded box's edge: negative
/// inside. Exact for the straight edges and the circular corners.
@inlinable @inline(__always)
public func roundedBoxDistance(_ p: SIMD2<Float>, center: SIMD2<Float>, halfSize: SIMD2<Float>, radius: Float) -> Float
{
    let qx = abs(p.x - center.x) - halfSize.x + radius
    let qy = abs(p.y - center.y) - halfSize.y + radius
    let ox = max(qx, 0)
    let oy = max(qy, 0)
    let outside = (ox * ox + oy * oy).squareRoot()
    let inside = min(max(qx, qy), 0)
    return outside + inside - radius
}

/// The part of a pixel whose center lies at signed distance `d` that is
/// inside the shape: a one-pixel ramp across the edge, as the mesh border
/// is anti-aliased (mesh-math §7).
@inlinable @inline(__always)
public func shapeCoverage(_ d: Float) -> Float {
    min(max(0.5 - d, 0), 1)
}

/// The part of the pixel covered by a stroke `width` pixels wide centered
/// on the edge: the outer edge's coverage less the inner edge's, so that a
/// stroke thinner than a pixel is as faint as it is thin.
@inlinable @inline(__always)
public func strokeCoverage(_ d: Float, width: Float) -> Float {
    shapeCoverage(d - width * 0.5) - shapeCoverage(d + width * 0.5)
}

/// The layer's premultiplied `fill` color at pixel center `p` once shaped:
/// the fill inside the shape, the stroke's color over it.
@inlinable @inline(__always)
public func shapeColor(_ fill: SIMD4<Float>, at p: SIMD2<Float>, shape: ShapePlan) -> SIMD4<Float> {
    let d = roundedBoxDistance(p, center: shape.center, halfSize: shape.halfSize, radius: shape.radius)
    var color = fill * shapeCoverage(d)
    if shape.strokeWidth > 0 {
        let stroke = shape.strokeColor * strokeCoverage(d, width: shape.strokeWidth)
        color = stroke + color * (1 - stroke.w)
    }
    return color
}
