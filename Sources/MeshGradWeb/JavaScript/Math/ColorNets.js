// Twin of Sources/MeshGradCore/Math/ColorNets.swift.

/**
 * A vertex color [r, g, b, a] moved into the interpolation space and
 * premultiplied: (r·a, g·a, b·a, a) for "device", (L·a, a·a, b·a, a) for
 * "perceptual".
 */
function interpolationColor(color, space) {
    const a = color[3];
    if (space === "perceptual") {
        const lab = oklabFromSRGB([color[0], color[1], color[2]]);
        return [lab[0] * a, lab[1] * a, lab[2] * a, a];
    }
    return [color[0] * a, color[1] * a, color[2] * a, a];
}

/**
 * The bilinear color net of corners a (0,0), b (1,0), c (0,1), d (1,1),
 * degree-elevated to a bicubic net (exactly the same surface).
 */
function bilinearColorNet(a, b, c, d) {
    const net = new Array(16);
    for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 4; i++) {
            const s = i / 3;
            const t = j / 3;
            const point = [0, 0, 0, 0];
            for (let k = 0; k < 4; k++) {
                point[k] = (1 - s) * (1 - t) * a[k] + s * (1 - t) * b[k] + (1 - s) * t * c[k] + s * t * d[k];
            }
            net[j * 4 + i] = point;
        }
    }
    return net;
}

/**
 * The monotone bicubic color net of a patch from its corner colors and
 * their slopes, each given as [a, b, c, d] (corners (0,0), (1,0), (0,1), (1,1)).
 */
function smoothColorNet(colors, dx, dy, dxy) {
    const [a, b, c, d] = colors;
    // Per channel, in Swift's order: `x + y / k` and `p + q - x ± y / k`.
    const step = (x, y, k, sign) => x.map((value, n) => (sign > 0 ? value + y[n] / k : value - y[n] / k));
    const twist = (p, q, x, y, sign) =>
        p.map((value, n) => (sign > 0 ? value + q[n] - x[n] + y[n] / 9 : value + q[n] - x[n] - y[n] / 9));
    const q = new Array(16);
    q[0] = a;
    q[3] = b;
    q[12] = c;
    q[15] = d;
    q[1] = step(a, dx[0], 3, 1);
    q[2] = step(b, dx[1], 3, -1);
    q[13] = step(c, dx[2], 3, 1);
    q[14] = step(d, dx[3], 3, -1);
    q[4] = step(a, dy[0], 3, 1);
    q[8] = step(c, dy[2], 3, -1);
    q[7] = step(b, dy[1], 3, 1);
    q[11] = step(d, dy[3], 3, -1);
    q[5] = twist(q[1], q[4], a, dxy[0], 1);
    q[6] = twist(q[2], q[7], b, dxy[1], -1);
    q[9] = twist(q[8], q[13], c, dxy[2], -1);
    q[10] = twist(q[14], q[11], d, dxy[3], 1);
    return q;
}
