// Twin of Sources/MeshGradCore/Math/BezierNet.swift.
//
// A net is an array of 16 points (`[x, y]` for geometry, `[r, g, b, a]` for
// color), p[i][j] at index j * 4 + i, i along u. The sums start from zero,
// as Swift's `Point()`, so that signed zeros come out the same.

/** The surface at (u, v). */
function evaluate(net, u, v) {
    const bu = bernstein(u);
    const bv = bernstein(v);
    const lanes = net[0].length;
    const result = new Array(lanes).fill(0);
    for (let j = 0; j < 4; j++) {
        const row = new Array(lanes).fill(0);
        for (let i = 0; i < 4; i++) {
            const p = net[j * 4 + i];
            for (let c = 0; c < lanes; c++) row[c] += bu[i] * p[c];
        }
        for (let c = 0; c < lanes; c++) result[c] += bv[j] * row[c];
    }
    return result;
}

/** ∂S/∂u at (u, v), from the net's 3 × 4 differences. */
function derivativeU(net, u, v) {
    const s = 1 - u;
    const du = [s * s * 3, 2 * u * s * 3, u * u * 3];
    const bv = bernstein(v);
    const lanes = net[0].length;
    const result = new Array(lanes).fill(0);
    for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 3; i++) {
            const weight = du[i] * bv[j];
            for (let c = 0; c < lanes; c++) {
                result[c] += weight * (net[j * 4 + i + 1][c] - net[j * 4 + i][c]);
            }
        }
    }
    return result;
}

/** ∂S/∂v at (u, v). */
function derivativeV(net, u, v) {
    const s = 1 - v;
    const dv = [s * s * 3, 2 * v * s * 3, v * v * 3];
    const bu = bernstein(u);
    const lanes = net[0].length;
    const result = new Array(lanes).fill(0);
    for (let j = 0; j < 3; j++) {
        for (let i = 0; i < 4; i++) {
            const weight = bu[i] * dv[j];
            for (let c = 0; c < lanes; c++) {
                result[c] += weight * (net[(j + 1) * 4 + i][c] - net[j * 4 + i][c]);
            }
        }
    }
    return result;
}
