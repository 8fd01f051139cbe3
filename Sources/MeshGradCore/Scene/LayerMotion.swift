import Foundation

/// Where a layer is at one time: its frame and opacity, and the offset and
/// scale its drawing is moved and scaled by (SwiftUI's `.offset` and
/// `.scaleEffect`, which move the drawing, not the frame).
public struct LayerState: Hashable, Sendable {
    public var frame: UnitRect
    public var opacity: Double
    /// In points.
    public var offset: SIMD2<Double>
    public var scale: Double

    public init(frame: UnitRect, opacity: Double, offset: SIMD2<Double> = .zero, scale: Double = 1) {
        self.frame = frame
        self.opacity = opacity
        self.offset = offset
        self.scale = scale
    }

    /// The frame as drawn on a canvas `points` wide and high: scaled about
    /// its center, then moved by the offset.
    public func drawnFrame(points: SIMD2<Double>) -> UnitRect {
        let s = scale
        let centerX = frame.x + frame.width / 2 + offset.x / points.x
        let centerY = frame.y + frame.height / 2 + offset.y / points.y
        return UnitRect(
            x: centerX - frame.width * s / 2, y: centerY - frame.height * s / 2, width: frame.width * s,
            height: frame.height * s)
    }

    func interpolated(to target: LayerState, _ p: Double) -> LayerState {
        LayerState(
            frame: frame.interpolated(to: target.frame, p), opacity: opacity + (target.opacity - opacity) * p,
            offset: offset + (target.offset - offset) * p, scale: scale + (target.scale - scale) * p)
    }
}

extension Layer {
    /// The layer's own state, before any keyframe.
    public var restingState: LayerState {
        LayerState(frame: frame, opacity: opacity, offset: offset, scale: scale)
    }

    /// The state at time `t`: each keyframe holds the previous state (the
    /// layer's own, for the first) for its delay, then moves to its own
    /// over its duration; what a keyframe leaves out stays as it was.
    public func state(at t: Double) -> LayerState {
        var time = t
        if let loop, loop > 0 {
            time = time.truncatingRemainder(dividingBy: loop)
            if time < 0 { time += loop }
        }
        var state = restingState
        var start = 0.0
        for keyframe in keyframes {
            if time < start + keyframe.delay { return state }
            let target = LayerState(
                frame: keyframe.frame ?? state.frame, opacity: keyframe.opacity ?? state.opacity,
                offset: keyframe.offset ?? state.offset, scale: keyframe.scale ?? state.scale)
            let moving = start + keyframe.delay
            if time < moving + keyframe.duration {
                let p = keyframe.easing.progress(elapsed: time - moving, duration: keyframe.duration)
                return state.interpolated(to: target, p)
            }
            state = target
            start += keyframe.span
        }
        return state
    }
}

/// When a spring released from rest at 0 toward 1 comes to rest: the time
/// after which it stays within `epsilon` of 1 (SwiftUI's
/// `Spring.settlingDuration` is the same idea). An under-damped spring's
/// distance from 1 is bounded by its envelope `e^(−ζω₀t) / √(1 − ζ²)`, whose
/// crossing of `epsilon` is solved in closed form; a critically or
/// over-damped one approaches 1 without crossing it, and its crossing is
/// found by bisection.
public func springSettlingDuration(response: Double, dampingFraction zeta: Double, epsilon: Double = 0.001) -> Double {
    let omega = 2 * Double.pi / max(response, 1e-6)
    guard zeta > 0 else { return .infinity }
    if zeta < 1 {
        let bound = log(1 / (epsilon * (1 - zeta * zeta).squareRoot())) / (zeta * omega)
        return max(bound, 0)
    }
    var low = 0.0
    var high = 1.0 / omega
    while 1 - springPosition(time: high, response: response, dampingFraction: zeta) > epsilon, high < 1e9 {
        high *= 2
    }
    for _ in 0..<60 {
        let mid = (low + high) / 2
        if 1 - springPosition(time: mid, response: response, dampingFraction: zeta) > epsilon {
            low = mid
        } else {
            high = mid
        }
    }
    return high
}

extension LayerState {
    /// Pixels per point of the layer's drawing on a canvas of
    /// `canvasPixelsPerPoint`: the layer's scale multiplies its text sizes,
    /// corner radii, strokes and shadows as it does its frame. 0 (nothing
    /// drawn) for a scale at or below 0, or not finite.
    public func pixelsPerPoint(canvas canvasPixelsPerPoint: Double) -> Double {
        scale.isFinite && scale > 0 ? canvasPixelsPerPoint * scale : 0
    }
}
