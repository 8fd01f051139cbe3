// Twin of Sources/MeshGradCore/Math/MonotoneSlopes.swift.

/**
 * The per-vertex color derivatives of smoothsColors, in grid steps, for a
 * width × height grid of premultiplied colors: `{dx, dy, dxy}`, each an
 * array of [r, g, b, a]. dx and dy are limited centred differences (zero
 * on the border and at local extrema); dxy is the twist, zero on the border.
 */
function colorSlopes(width, height, colors) {
    const at = (c, r) => colors[r * width + c];
    const zero = [0, 0, 0, 0];
    const dx = [];
    const dy = [];
    const dxy = [];
    for (let r = 0; r < height; r++) {
        for (let c = 0; c < width; c++) {
            dx.push(c === 0 || c === width - 1 ? zero : monotoneSlope(at(c - 1, r), at(c, r), at(c + 1, r)));
            dy.push(r === 0 || r === height - 1 ? zero : monotoneSlope(at(c, r - 1), at(c, r), at(c, r + 1)));
            const interior = c > 0 && c < width - 1 && r > 0 && r < height - 1;
            if (interior) {
                const [p, q, s, t] = [at(c + 1, r + 1), at(c - 1, r + 1), at(c + 1, r - 1), at(c - 1, r - 1)];
                dxy.push(p.map((value, k) => (value - q[k] - s[k] + t[k]) / 4));
            } else {
                dxy.push(zero);
            }
        }
    }
    return { dx, dy, dxy };
}

/**
 * The limited centred slope at an interior sample, per channel: zero at a
 * local extremum (a·b ≤ 0), else (after - before) / 2 clamped to
 * 3·min(|a|, |b|), the Fritsch–Carlson bound that keeps the cubic monotone.
 */
function monotoneSlope(before, value, after) {
    const result = [0, 0, 0, 0];
    for (let k = 0; k < 4; k++) {
        const a = value[k] - before[k];
        const b = after[k] - value[k];
        let d = (after[k] - before[k]) / 2;
        // pointwiseMin, then clamped: Double.minimum and Double.maximum.
        const magnitudeA = Math.abs(a);
        const magnitudeB = Math.abs(b);
        const limit = 3 * (magnitudeA <= magnitudeB || Number.isNaN(magnitudeB) ? magnitudeA : magnitudeB);
        d = d > -limit || Number.isNaN(limit) ? d : -limit;
        d = d <= limit || Number.isNaN(limit) ? d : limit;
        result[k] = a * b <= 0 ? 0 : d;
    }
    return result;
}
