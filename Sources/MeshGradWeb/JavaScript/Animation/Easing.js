// Twin of Sources/MeshGradCore/Animation/Easing.swift.

// An easing is "linear", "easeIn", "easeOut", "easeInOut" or
// {spring: {response, dampingFraction}}, as the document writes it.

/** Progress at `elapsed` seconds into a keyframe lasting `duration`. */
function easingProgress(easing, elapsed, duration) {
    if (!(duration > 0)) return 1;
    const t = Math.min(Math.max(elapsed / duration, 0), 1);
    switch (easing) {
        case "linear": return t;
        case "easeIn": return cubicBezierTiming(t, 0.42, 0, 1, 1);
        case "easeOut": return cubicBezierTiming(t, 0, 0, 0.58, 1);
        case "easeInOut": return cubicBezierTiming(t, 0.42, 0, 0.58, 1);
    }
    // A spring runs in real seconds and is cut at the keyframe's end.
    const spring = easing.spring;
    return elapsed >= duration
        ? 1 : springPosition(Math.max(elapsed, 0), spring.response, spring.dampingFraction);
}

/**
 * The CSS/SwiftUI timing function `cubic-bezier(x1, y1, x2, y2)` at `t`:
 * solve x(s) = t (Newton, then bisection where Newton stalls), return y(s).
 */
function cubicBezierTiming(t, x1, y1, x2, y2) {
    const coordinate = (s, p1, p2) => {
        const u = 1 - s;
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s;
    };
    const slope = (s, p1, p2) => {
        const u = 1 - s;
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2);
    };
    let s = t;
    for (let i = 0; i < 8; i++) {
        const error = coordinate(s, x1, x2) - t;
        if (Math.abs(error) < 1e-12) return coordinate(s, y1, y2);
        const d = slope(s, x1, x2);
        if (Math.abs(d) < 1e-9) break;
        s -= error / d;
    }
    let low = 0;
    let high = 1;
    s = t;
    for (let i = 0; i < 60; i++) {
        const x = coordinate(s, x1, x2);
        if (Math.abs(x - t) < 1e-12) break;
        if (x < t) low = s; else high = s;
        s = (low + high) / 2;
    }
    return coordinate(s, y1, y2);
}

/** The analytic damped spring released from rest at 0 toward 1. */
function springPosition(time, response, dampingFraction) {
    const t = time;
    const zeta = dampingFraction;
    const omega = 2 * Math.PI / Math.max(response, 1e-6);
    if (zeta < 1) {
        const omegaD = omega * Math.sqrt(1 - zeta * zeta);
        return 1 - Math.exp(-zeta * omega * t) * (Math.cos(omegaD * t) + zeta * omega / omegaD * Math.sin(omegaD * t));
    } else if (zeta === 1) {
        return 1 - Math.exp(-omega * t) * (1 + omega * t);
    }
    const root = Math.sqrt(zeta * zeta - 1);
    const r1 = -omega * (zeta - root);
    const r2 = -omega * (zeta + root);
    // x = 1 + A e^{r1 t} + B e^{r2 t}, x(0) = 0, x'(0) = 0.
    const a = r2 / (r1 - r2);
    const b = -r1 / (r1 - r2);
    return 1 + a * Math.exp(r1 * t) + b * Math.exp(r2 * t);
}
