// Twin of Sources/MeshGradCore/Support/ClampedInteger.swift.

/** Swift's `Int(clamping:limit:)`: rounded half away from zero, NaN to 0, clamped to ±limit. */
function clampedInteger(value, limit = 1099511627776) {
    if (Number.isNaN(value)) return 0;
    return Math.min(Math.max(roundedHalfAwayFromZero(value), -limit), limit);
}

/** Swift's `Double.rounded()`: to nearest, ties away from zero (`Math.round` breaks ties upward). */
function roundedHalfAwayFromZero(x) {
    return x < 0 ? -Math.round(-x) : Math.round(x);
}
