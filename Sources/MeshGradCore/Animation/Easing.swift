import Foundation

/// How a keyframe moves from the previous state to its own, as SwiftUI's
/// animations do: progress `0 → 1` over the keyframe's duration.
public enum Easing: Hashable, Sendable {
    case linear
    /// SwiftUI's `.easeIn`: the cubic Bézier timing curve (0.42, 0, 1, 1).
    case easeIn
    /// `.easeOut`: (0, 0, 0.58, 1).
    case easeOut
    /// `.easeInOut`: (0.42, 0, 0.58, 1).
    case easeInOut
    /// `.spring(response:dampingFraction:)`: a damped spring released from
    /// rest at 0 toward 1. `response` is the period of the undamped
    /// oscillation in seconds; `dampingFraction` is the damping ratio (1:
    /// critically damped, below 1: overshoots and settles).
    case spring(response: Double, dampingFraction: Double)

    /// Progress at `elapsed` seconds into a keyframe lasting `duration`.
    /// Timing curves are stretched over the duration; a spring runs in real
    /// seconds (as in SwiftUI) and is cut at the keyframe's end, so give a
    /// spring keyframe time to settle (about `response × 1.5` for
    /// `dampingFraction` 0.8).
    public func progress(elapsed: Double, duration: Double) -> Double {
        guard duration > 0 else { return 1 }
        let t = min(max(elapsed / duration, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return cubicBezierTiming(t, 0.42, 0, 1, 1)
        case .easeOut: return cubicBezierTiming(t, 0, 0, 0.58, 1)
        case .easeInOut: return cubicBezierTiming(t, 0.42, 0, 0.58, 1)
        case .spring(let response, let damping):
            return elapsed >= duration
                ? 1 : springPosition(time: max(elapsed, 0), response: response, dampingFraction: damping)
        }
    }
}

/// The CSS/SwiftUI timing function `cubic-bezier(x1, y1, x2, y2)` at `t`:
/// solve `x(s) = t` for the curve parameter `s` (Newton, then bisection
/// where Newton stalls), return `y(s)`.
public func cubicBezierTiming(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
    var s = t
    for _ in 0..<8 {
        let error = coordinate(s, x1, x2) - t
        if abs(error) < 1e-12 { return coordinate(s, y1, y2) }
        let d = slope(s, x1, x2)
        if abs(d) < 1e-9 { break }
        s -= error / d
    }
    var low = 0.0
    var high = 1.0
    s = t
    for _ in 0..<60 {
        let x = coordinate(s, x1, x2)
        if abs(x - t) < 1e-12 { break }
        if x < t { low = s } else { high = s }
        s = (low + high) / 2
    }
    return coordinate(s, y1, y2)
}

/// The analytic damped spring released from rest at 0 toward 1:
/// `ω₀ = 2π / response`, damping ratio `ζ = dampingFraction`.
public func springPosition(time t: Double, response: Double, dampingFraction zeta: Double) -> Double {
    let omega = 2 * Double.pi / max(response, 1e-6)
    if zeta < 1 {
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
    } else if zeta == 1 {
        return 1 - exp(-omega * t) * (1 + omega * t)
    } else {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        // x = 1 + A e^{r1 t} + B e^{r2 t}, x(0) = 0, x'(0) = 0.
        let a = r2 / (r1 - r2)
        let b = -r1 / (r1 - r2)
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }
}
