// Twin of Sources/MeshGradCore/Tessellation/Tessellation.swift.
//
// A tessellation is `{level, canvasWidth, canvasHeight, positions, parameters,
// patches, indices}`: MeshVertex's fields as separate arrays, x, y per vertex
// in `positions` (Float32Array), u, v in `parameters` (Float32Array), the
// patch in `patches` (Uint32Array), three indices per triangle.

/** The most vertices one tessellation holds (Tessellation.maximumVertices). */
const tessellationMaximumVertices = 2000000;

/** The largest level (at most 128) whose vertices for `patches` patches stay within `vertices` (at least 1). */
function largestLevel(patches, vertices = tessellationMaximumVertices) {
    const count = Math.max(patches, 1);
    const side = Math.floor(Math.sqrt(vertices / count));
    let level = Math.max(1, Math.min(tessellationLevelMaximum, side - 1));
    while (level > 1 && (level + 1) * (level + 1) * count > vertices) level -= 1;
    return level;
}

/**
 * Tessellates patch nets for a canvas at `level` (null: the level
 * TessellationLevel's default rule chooses), capped by `maximumVertices`.
 */
function tessellation(nets, canvasWidth, canvasHeight, level = null, maximumVertices = tessellationMaximumVertices) {
    const requested = level ?? levelFor(tessellationLevel(), nets, canvasWidth, canvasHeight);
    const n = Math.min(requested, largestLevel(nets.count, maximumVertices));
    if (!(n >= 1 && n <= tessellationLevelMaximum)) {
        throw new RangeError(`level must be in 1...${tessellationLevelMaximum}`);
    }
    const grid = tessellationGrid(nets.count, n);
    const result = { level: n, canvasWidth, canvasHeight, indices: grid.indices };
    Object.assign(result, vertices(nets, grid, [canvasWidth, canvasHeight]));
    return result;
}

/** Every patch's (N+1)² grid points on the canvas, bit for bit tessellationPoint at each. */
function vertices(nets, grid, scale) {
    const n = grid.level;
    const side = n + 1;
    const count = nets.count * side * side;
    const positions = new Float32Array(2 * count);
    const parameters = new Float32Array(2 * count);
    const patches = new Uint32Array(count);
    for (let k = 0; k < nets.count; k++) {
        const p = nets.geometry[k];
        for (let j = 0; j <= n; j++) {
            for (let i = 0; i <= n; i++) {
                const point = gridPoint(p, i, j, n, grid.basis);
                const at = k * side * side + j * side + i;
                positions[2 * at] = point[0] * scale[0];
                positions[2 * at + 1] = point[1] * scale[1];
                parameters[2 * at] = grid.parameters[i];
                parameters[2 * at + 1] = grid.parameters[j];
                patches[at] = k;
            }
        }
    }
    return { positions, parameters, patches };
}

/** The number of triangles. */
function triangleCount(tessellation) {
    return Math.floor(tessellation.indices.length / 3);
}

/** tessellationPoint with the Bernstein weights looked up: the same operations in the same order. */
function gridPoint(p, i, j, n, basis) {
    if (j === 0 || j === n) {
        const row = j === 0 ? 0 : 12;
        const b = basis[i];
        return [0, 1].map((c) => b[0] * p[row][c] + b[1] * p[row + 1][c] + b[2] * p[row + 2][c] + b[3] * p[row + 3][c]);
    }
    if (i === 0 || i === n) {
        const column = i === 0 ? 0 : 3;
        const b = basis[j];
        return [0, 1].map(
            (c) => b[0] * p[column][c] + b[1] * p[4 + column][c] + b[2] * p[8 + column][c] + b[3] * p[12 + column][c]);
    }
    // evaluate's sums, term by term.
    const bu = basis[i];
    const bv = basis[j];
    const result = [0, 0];
    for (let r = 0; r < 4; r++) {
        const row = [0, 0];
        for (let c = 0; c < 4; c++) {
            row[0] += bu[c] * p[r * 4 + c][0];
            row[1] += bu[c] * p[r * 4 + c][1];
        }
        result[0] += bv[r] * row[0];
        result[1] += bv[r] * row[1];
    }
    return result;
}

/**
 * The position of grid point (i, j) of a patch's N × N grid: border points
 * from that edge curve alone, so neighbours get the same bits (no crack).
 */
function tessellationPoint(net, i, j, n) {
    const u = i / n;
    const v = j / n;
    if (j === 0 || j === n) {
        const row = j === 0 ? 0 : 3;
        return cubicBezier(net[row * 4], net[row * 4 + 1], net[row * 4 + 2], net[row * 4 + 3], u);
    }
    if (i === 0 || i === n) {
        const column = i === 0 ? 0 : 3;
        return cubicBezier(net[column], net[4 + column], net[8 + column], net[12 + column], v);
    }
    return evaluate(net, u, v);
}

/** Whether the mesh's outer border passes through the inside of the canvas (then it needs anti-aliasing). */
function outerBorderCrossesCanvas(tessellation, columns, rows) {
    const border = outerBorder(tessellation, columns, rows);
    const w = tessellation.canvasWidth;
    const h = tessellation.canvasHeight;
    for (let k = 0; k < border.length; k++) {
        if (segmentEntersOpenRectangle(border[k], border[(k + 1) % border.length], w, h)) return true;
    }
    return false;
}

/** The outer border as tessellated, in canvas pixels: a closed polygon, clockwise on screen from the top-left. */
function outerBorder(tessellation, columns, rows) {
    const n = tessellation.level;
    const side = n + 1;
    const positions = tessellation.positions;
    const vertex = (patch, i, j) => {
        const at = patch * side * side + j * side + i;
        return [positions[2 * at], positions[2 * at + 1]];
    };
    const border = [];
    for (let c = 0; c < columns; c++) {  // top, left to right
        for (let i = 0; i < n; i++) border.push(vertex(c, i, 0));
    }
    for (let r = 0; r < rows; r++) {  // right, top to bottom
        for (let j = 0; j < n; j++) border.push(vertex(r * columns + columns - 1, n, j));
    }
    for (let c = columns - 1; c >= 0; c--) {  // bottom, right to left
        for (let i = n; i >= 1; i--) border.push(vertex((rows - 1) * columns + c, i, n));
    }
    for (let r = rows - 1; r >= 0; r--) {  // left, bottom to top
        for (let j = n; j >= 1; j--) border.push(vertex(r * columns, 0, j));
    }
    return border;
}

/** Whether some point of segment ab lies strictly inside (0, w) × (0, h) (Liang–Barsky, open bounds). */
function segmentEntersOpenRectangle(a, b, w, h) {
    let t0 = 0;
    let t1 = 1;
    const d = [b[0] - a[0], b[1] - a[1]];
    // Each bound: p·t < q must hold (strictly) for the point at t.
    for (const [p, q] of [[-d[0], a[0]], [d[0], w - a[0]], [-d[1], a[1]], [d[1], h - a[1]]]) {
        if (p === 0) {
            if (q <= 0) return false;
        } else {
            const t = q / p;
            if (p < 0) t0 = Math.max(t0, t); else t1 = Math.min(t1, t);
        }
    }
    return t0 < t1;
}
