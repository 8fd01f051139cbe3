/// A color stop of a ``LinearGradient``: where along the gradient (0 at its
/// start point, 1 at its end) and which color, with its own opacity.
public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var color: RGBAColor

    public init(location: Double, color: RGBAColor) {
        self.location = location
        self.color = color
    }
}

/// SwiftUI's `LinearGradient`: colors along the line from `start` to
/// `end` (unit coordinates of the layer's frame, `(0.5, 0)` is `.top`),
/// constant across it. Stops may be any number, each with its own opacity;
/// they are interpolated premultiplied (so a fade to clear does not darken)
/// in the gradient's color space, and the output is dithered like meshes.
public struct LinearGradient: Hashable, Sendable {
    /// Sorted by location.
    public var stops: [GradientStop]
    public var start: SIMD2<Double>
    public var end: SIMD2<Double>
    public var colorSpace: ColorSpace

    public init(
        stops: [GradientStop], start: SIMD2<Double> = SIMD2(0.5, 0), end: SIMD2<Double> = SIMD2(0.5, 1),
        colorSpace: ColorSpace = .device
    ) {
        self.stops = stops.sorted { $0.location < $1.location }
        self.start = start
        self.end = end
        self.colorSpace = colorSpace
    }

    /// Evenly spaced colors, as `Gradient(colors:)`.
    public init(colors: [RGBAColor], start: SIMD2<Double> = SIMD2(0.5, 0), end: SIMD2<Double> = SIMD2(0.5, 1)) {
        let last = Double(max(colors.count - 1, 1))
        self.init(
            stops: colors.enumerated().map { GradientStop(location: Double($0.offset) / last, color: $0.element) },
            start: start, end: end)
    }

    /// Stops in the interpolation space, premultiplied, for the renderers:
    /// locations and colors, at most ``maximumStops``.
    public var shadingStops: (locations: [Float], colors: [SIMD4<Float>]) {
        (stops.map { Float($0.location) }, stops.map { SIMD4<Float>(interpolationColor($0.color, in: colorSpace)) })
    }

    /// What the GPU's uniform arrays hold.
    public static let maximumStops = 16
}

/// The gradient's straight sRGB color at parameter `t` (the projection of
/// a point onto the start-to-end line, 0…1 between them and clamped
/// outside), from its ``LinearGradient/shadingStops``.
///
/// Twin of `linearGradientColor()` in `Shaders/fill.frag`.
@inlinable
public func linearGradientColor(
    _ t: Float, locations: UnsafePointer<Float>, colors: UnsafePointer<SIMD4<Float>>, count: Int, space: ColorSpace
) -> SIMD4<Float> {
    guard count > 0 else { return .zero }
    var premultiplied = colors[0]
    if t >= locations[count - 1] {
        premultiplied = colors[count - 1]
    } else if t > locations[0] {
        var k = 1
        while k < count - 1 && t > locations[k] { k += 1 }
        let span = locations[k] - locations[k - 1]
        let f = span > 0 ? (t - locations[k - 1]) / span : 1
        premultiplied = colors[k - 1] + (colors[k] - colors[k - 1]) * f
    }
    return finishColor(premultiplied, in: space)
}
