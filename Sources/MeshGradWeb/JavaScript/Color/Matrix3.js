// Twin of Sources/MeshGradCore/Color/Matrix3.swift.

// A matrix is its three rows, [[a, b, c], [d, e, f], [g, h, i]].

/** `m(v)`: the matrix times a column vector (Swift's `callAsFunction`). */
function matrix3Apply(m, v) {
    // Each row summed left to right, as Swift's SIMD `sum()` does.
    return m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
}

function matrix3Transposed(m) {
    return [0, 1, 2].map((c) => [m[0][c], m[1][c], m[2][c]]);
}

/** `a · b`. */
function matrix3Times(a, b) {
    const c = matrix3Transposed(b);
    return a.map((row) => c.map((column) => row[0] * column[0] + row[1] * column[1] + row[2] * column[2]));
}

/** By the adjugate over the determinant. */
function matrix3Inverse(m) {
    const [a, b, c] = m;
    const r0 = [b[1] * c[2] - b[2] * c[1], a[2] * c[1] - a[1] * c[2], a[1] * b[2] - a[2] * b[1]];
    const r1 = [b[2] * c[0] - b[0] * c[2], a[0] * c[2] - a[2] * c[0], a[2] * b[0] - a[0] * b[2]];
    const r2 = [b[0] * c[1] - b[1] * c[0], a[1] * c[0] - a[0] * c[1], a[0] * b[1] - a[1] * b[0]];
    const determinant = a[0] * r0[0] + a[1] * r1[0] + a[2] * r2[0];
    return [r0, r1, r2].map((row) => row.map((x) => x / determinant));
}

/** Linear RGB with these primaries (`[x, y]` each) to XYZ, `white` mapping to Y = 1. */
function matrix3RGBToXYZ(primaries, white) {
    const xyz = (p) => [p[0] / p[1], 1, (1 - p[0] - p[1]) / p[1]];
    const [r, g, b] = primaries.map(xyz);
    const columns = matrix3Transposed([r, g, b]);
    const scale = matrix3Apply(matrix3Inverse(columns), xyz(white));
    return matrix3Transposed([r.map((x) => x * scale[0]), g.map((x) => x * scale[1]), b.map((x) => x * scale[2])]);
}
