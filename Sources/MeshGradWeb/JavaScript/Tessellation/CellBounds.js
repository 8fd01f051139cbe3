// Twin of Sources/MeshGradCore/Tessellation/CellBounds.swift.
//
// Here nets are flat arrays of numbers: `lanes` numbers per point (2 for
// geometry, 4 for color), point j * 4 + i at (j * 4 + i) * lanes.

/**
 * The tessellation rule judged cell by cell at level n: for each cell
 * column (or row) i, the weights of the cubic's four control points that
 * give the control points of its segment [i/n, (i+1)/n].
 */
function cellBounds(n) {
    const restrictions = [];
    for (let i = 0; i < n; i++) {
        const t0 = i / n;
        const t1 = (i + 1) / n;
        restrictions.push([[t0, t0, t0], [t0, t0, t1], [t0, t1, t1], [t1, t1, t1]].map(cubicBlossomWeights));
    }
    return { restrictions, level: n };
}

/**
 * The largest ratio, over the cells, of a cell's deviation bound to what
 * the tolerances allow it (at most 1 where every cell holds). `net` is the
 * flat geometry net in pixels, `colors` the flat color net; `finish` maps a
 * color [r, g, b, a] to the finished one.
 */
function worstRatio(cells, net, colors, tolerance, finish) {
    const n = cells.level;
    const restrictions = cells.restrictions;
    // Every column strip of both nets, restricted along u once.
    const geometryColumns = new Float64Array(n * 16 * 2);
    const colorColumns = new Float64Array(n * 16 * 4);
    for (let i = 0; i < n; i++) {
        restrictColumns(net, restrictions[i], geometryColumns, i * 16, 2);
        restrictColumns(colors, restrictions[i], colorColumns, i * 16, 4);
    }
    const cell = new Float64Array(32);
    const color = new Float64Array(64);
    let worst = 0;
    for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
            restrictRows(geometryColumns, i * 16, restrictions[j], cell, 2);
            const deviation = deviationBound(cell);
            let allowed = tolerance.interiorTolerance;
            if (deviation > tolerance.minimumTolerance) {
                restrictRows(colorColumns, i * 16, restrictions[j], color, 4);
                for (let k = 0; k < 16; k++) {
                    const finished = finish([color[4 * k], color[4 * k + 1], color[4 * k + 2], color[4 * k + 3]]);
                    color.set(finished, 4 * k);
                }
                allowed = allowedDeviation(tolerance, colorChangePerPixel(color, cell));
            }
            worst = Math.max(worst, deviation / allowed);
        }
    }
    return worst;
}

/** The weights of a cubic's four control points in its blossom at [x, y, z]. */
function cubicBlossomWeights([x, y, z]) {
    const [a, b, c] = [1 - x, 1 - y, 1 - z];
    return [a * b * c, x * b * c + a * y * c + a * b * z, x * y * c + x * b * z + a * y * z, x * y * z];
}

/** A flat net restricted along u by a restriction matrix, into out's points offset ..< offset + 16. */
function restrictColumns(points, weights, out, offset, lanes) {
    for (let j = 0; j < 4; j++) {
        for (let r = 0; r < 4; r++) {
            const w = weights[r];
            for (let c = 0; c < lanes; c++) {
                const first = w[0] * points[(j * 4) * lanes + c] + w[1] * points[(j * 4 + 1) * lanes + c];
                const second = w[2] * points[(j * 4 + 2) * lanes + c] + w[3] * points[(j * 4 + 3) * lanes + c];
                out[(offset + j * 4 + r) * lanes + c] = first + second;
            }
        }
    }
}

/** The flat net at points offset ..< offset + 16 restricted along v, into out. */
function restrictRows(points, offset, weights, out, lanes) {
    for (let r = 0; r < 4; r++) {
        const w = weights[r];
        for (let i = 0; i < 4; i++) {
            for (let c = 0; c < lanes; c++) {
                const at = (offset + i) * lanes + c;  // points offset + i, + 4, + 8, + 12
                const row = 4 * lanes;
                const first = w[0] * points[at] + w[1] * points[at + row];
                const second = w[2] * points[at + 2 * row] + w[3] * points[at + 3 * row];
                out[(r * 4 + i) * lanes + c] = first + second;
            }
        }
    }
}

/**
 * A proven bound on the distance between a cell's surface (flat geometry
 * net q, pixels) and its two triangles: the net's largest distance from
 * the bilinear interpolant of its corners, plus a quarter of their twist.
 */
function deviationBound(q) {
    const [ax, ay, bx, by, cx, cy, dx, dy] = [q[0], q[1], q[6], q[7], q[24], q[25], q[30], q[31]];
    let largest = 0;
    for (let j = 0; j < 4; j++) {
        const t = j / 3;
        for (let i = 0; i < 4; i++) {
            const s = i / 3;
            const x = (1 - t) * ((1 - s) * ax + s * bx) + t * ((1 - s) * cx + s * dx);
            const y = (1 - t) * ((1 - s) * ay + s * by) + t * ((1 - s) * cy + s * dy);
            const ex = q[(j * 4 + i) * 2] - x;
            const ey = q[(j * 4 + i) * 2 + 1] - y;
            largest = Math.max(largest, ex * ex + ey * ey);
        }
    }
    const twistX = ax - bx - cx + dx;
    const twistY = ay - by - cy + dy;
    return Math.sqrt(largest) + Math.sqrt(twistX * twistX + twistY * twistY) / 4;
}

/**
 * How fast the finished color changes per pixel, from a flat net of
 * finished colors and a flat geometry net (× scale for pixels): the color
 * net's largest step (×3) over the shorter of the chords it spans.
 */
function colorChangePerPixel(color, q, scale = [1, 1]) {
    let stepU = 0;
    let stepV = 0;
    const step = (a, b) => Math.max(
        Math.abs(color[4 * b] - color[4 * a]), Math.abs(color[4 * b + 1] - color[4 * a + 1]),
        Math.abs(color[4 * b + 2] - color[4 * a + 2]), Math.abs(color[4 * b + 3] - color[4 * a + 3]));
    for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 3; i++) {
            stepU = Math.max(stepU, step(j * 4 + i, j * 4 + i + 1));
            stepV = Math.max(stepV, step(i * 4 + j, (i + 1) * 4 + j));
        }
    }
    const chord = (a, b) => {
        const x = (q[2 * b] - q[2 * a]) * scale[0];
        const y = (q[2 * b + 1] - q[2 * a + 1]) * scale[1];
        return Math.sqrt(x * x + y * y);
    };
    const width = Math.min(chord(0, 3), chord(12, 15));
    const height = Math.min(chord(0, 12), chord(3, 15));
    return Math.max(3 * stepU / Math.max(width, 1e-9), 3 * stepV / Math.max(height, 1e-9));
}
