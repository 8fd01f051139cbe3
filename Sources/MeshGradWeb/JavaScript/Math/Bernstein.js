// Twin of Sources/MeshGradCore/Math/Bernstein.swift.

/** The four cubic Bernstein weights at t. */
function bernstein(t) {
    const s = 1 - t;
    return [s * s * s, 3 * t * s * s, 3 * t * t * s, t * t * t];
}

/** A point on the cubic Bézier [p0, p1, p2, p3] at t. */
function cubicBezier(p0, p1, p2, p3, t) {
    const b = bernstein(t);
    return [
        b[0] * p0[0] + b[1] * p1[0] + b[2] * p2[0] + b[3] * p3[0],
        b[0] * p0[1] + b[1] * p1[1] + b[2] * p2[1] + b[3] * p3[1],
    ];
}
