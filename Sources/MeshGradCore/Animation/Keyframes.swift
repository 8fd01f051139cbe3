/// One state of a keyframed mesh and how to reach it: over `duration`
/// seconds from the previous state, with `easing`. What a keyframe leaves
/// out (points, colors, background) stays as it was.
public struct Keyframe: Hashable, Sendable {
    public var duration: Double
    public var easing: Easing
    public var positions: [SIMD2<Double>]?
    public var colors: [RGBAColor]?
    public var background: RGBAColor?

    public init(
        duration: Double, easing: Easing = .easeInOut, positions: [SIMD2<Double>]? = nil,
        colors: [RGBAColor]? = nil, background: RGBAColor? = nil
    ) {
        self.duration = duration
        self.easing = easing
        self.positions = positions
        self.colors = colors
        self.background = background
    }
}

/// The mesh state keyframes move between: positions, colors (straight
/// sRGB) and background.
public struct MeshState: Hashable, Sendable {
    public var positions: [SIMD2<Double>]
    public var colors: [RGBAColor]
    public var background: RGBAColor

    /// The state `progress` of the way from `self` to `other`, colors
    /// interpolated in `space` (the document's color space), premultiplied
    /// so that a fade to clear does not darken.
    func interpolated(to other: MeshState, progress: Double, in space: ColorSpace) -> MeshState {
        if progress == 1 { return other }
        return MeshState(
            positions: zip(positions, other.positions).map { $0 + ($1 - $0) * progress },
            colors: zip(colors, other.colors).map { interpolateColor($0, $1, progress, in: space) },
            background: interpolateColor(background, other.background, progress, in: space))
    }
}

/// `a` to `b` by `t`, in the interpolation space of mesh-math §5, returned
/// as straight sRGB. (A spring's overshoot may take `t` past 1; colors are
/// clamped when finished, as everywhere.)
func interpolateColor(_ a: RGBAColor, _ b: RGBAColor, _ t: Double, in space: ColorSpace) -> RGBAColor {
    if t == 0 || a == b { return a }
    if t == 1 { return b }
    let pa = interpolationColor(a, in: space)
    let pb = interpolationColor(b, in: space)
    let mixed = pa + (pb - pa) * t
    let finished = finishColor(mixed, in: space)
    return RGBAColor(finished)
}
