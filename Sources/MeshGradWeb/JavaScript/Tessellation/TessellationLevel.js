// Twin of Sources/MeshGradCore/Tessellation/TessellationLevel.swift. A
// TessellationLevel is `{geometricTolerance, interiorTolerance,
// colorTolerance, minimumTolerance, judgesInteriorByColor, judgesCells}`;
// `level(for:canvasWidth:canvasHeight:)` is `levelFor`, and the method
// `colorChangePerPixel(_:patch:scale:)` is `colorChangePerPixelOfPatch`
// (CellBounds.js has the free function of that name).

/** The finest level: 128 subdivisions per patch side (TessellationLevel.maximum). */
const tessellationLevelMaximum = 128;

/** The default tolerances: the strict, proven rule that files are drawn to. */
function tessellationLevel() {
    return {
        geometricTolerance: 0.25,
        interiorTolerance: 1,
        colorTolerance: 0.5 / 255,
        minimumTolerance: 1.0 / 32,
        judgesInteriorByColor: false,
        judgesCells: true,
    };
}

/** The one subdivision level for patch nets drawn on a canvasWidth × canvasHeight canvas. */
function levelFor(tolerance, nets, canvasWidth, canvasHeight) {
    const scale = [canvasWidth, canvasHeight];
    if (!tolerance.judgesInteriorByColor) return provenLevel(tolerance, nets, scale);
    let level = 4;
    for (let k = 0; k < nets.count; k++) {
        const change = colorChangePerPixelOfPatch(tolerance, nets, k, scale);
        const colorRule = tolerance.colorTolerance / Math.max(change, 1e-12);
        const interior = Math.max(colorRule, tolerance.minimumTolerance);
        const border = borderFlatnessBound(tolerance, nets, k, scale);
        while (level < tessellationLevelMaximum
            && (border / (level * level) > tolerance.geometricTolerance
                || measuredDeviation(tolerance, nets.geometry[k], level, scale) > interior)) {
            level *= 2;
        }
    }
    return level;
}

/** What the rule lets a patch or cell stray (pixels) where its finished color changes by `change` per pixel. */
function allowedDeviation(tolerance, change) {
    const colorRule = tolerance.colorTolerance / Math.max(change, 1e-12);
    return Math.min(tolerance.interiorTolerance, Math.max(colorRule, tolerance.minimumTolerance));
}

/** The smallest N ≤ cap at which patch k's part of the silhouette keeps within geometricTolerance. */
function borderLevel(tolerance, nets, k, scale, cap) {
    const bound = borderFlatnessBound(tolerance, nets, k, scale);
    if (!(bound > tolerance.geometricTolerance)) return 1;
    const root = Math.sqrt(bound / tolerance.geometricTolerance);
    if (!(root < cap)) return cap;
    let n = Math.max(1, Math.ceil(root));
    while (n < cap && bound / (n * n) > tolerance.geometricTolerance) n += 1;
    return n;
}

/**
 * The strict rule's level: the smallest N at which every patch keeps within
 * the tolerances (patch-wide bound or cell by cell), each patch searched
 * from the level so far, then N grown until all hold at the same N.
 */
function provenLevel(tolerance, nets, scale) {
    const cap = largestLevel(nets.count);
    const rule = provenLevelRule(nets, scale, tolerance);
    let level = 1;
    for (let k = 0; k < nets.count; k++) level = Math.max(level, smallestLevel(rule, k, level, cap));
    let settled = false;
    while (!settled && level < cap) {
        settled = true;
        for (let k = 0; k < nets.count && settled; k++) settled = holds(rule, k, level);
        if (!settled) level += 1;
    }
    return level;
}

/**
 * The largest distance (pixels) between the surface and its tessellation
 * at level n, sampled at the midpoints of every triangle edge.
 */
function measuredDeviation(tolerance, net, n, scale) {
    const side = n + 1;
    const grid = [];
    for (let j = 0; j <= n; j++) {
        for (let i = 0; i <= n; i++) {
            const p = tessellationPoint(net, i, j, n);
            grid.push([p[0] * scale[0], p[1] * scale[1]]);
        }
    }
    const step = 1 / n;
    let largest = 0;
    const check = (a, b, u, v) => {
        const s = evaluate(net, u, v);
        const dx = s[0] * scale[0] - (grid[a][0] + grid[b][0]) / 2;
        const dy = s[1] * scale[1] - (grid[a][1] + grid[b][1]) / 2;
        largest = Math.max(largest, dx * dx + dy * dy);
    };
    for (let j = 0; j <= n; j++) {
        for (let i = 0; i <= n; i++) {
            const a = j * side + i;
            const u = i * step;
            const v = j * step;
            if (i < n) check(a, a + 1, u + step / 2, v);
            if (j < n) check(a, a + side, u, v + step / 2);
            // The diagonal b–c of cell (i, j): from (i+1, j) to (i, j+1).
            if (i < n && j < n) check(a + 1, a + side, u + step / 2, v + step / 2);
        }
    }
    return Math.sqrt(largest);
}

/**
 * e · N² for the edges of patch k on the mesh's outer border (0 inside):
 * only the part of each second difference across the edge's chord moves
 * the silhouette; doubled for edges that bend away from their chord.
 */
function borderFlatnessBound(tolerance, nets, k, scale) {
    const net = nets.geometry[k];
    const row = Math.floor(k / nets.columns);
    const column = k % nets.columns;
    const px = (p) => [p[0] * scale[0], p[1] * scale[1]];
    // u runs along a row of patches, v down a column.
    const edges = [];
    if (row === 0) edges.push([0, 1, 2, 3].map((i) => px(net[i])));
    if (row === nets.rows - 1) edges.push([0, 1, 2, 3].map((i) => px(net[12 + i])));
    if (column === 0) edges.push([0, 1, 2, 3].map((j) => px(net[j * 4])));
    if (column === nets.columns - 1) edges.push([0, 1, 2, 3].map((j) => px(net[j * 4 + 3])));
    let largest = 0;
    for (const edge of edges) {
        const chord = [edge[3][0] - edge[0][0], edge[3][1] - edge[0][1]];
        const chordLength = Math.sqrt(chord[0] * chord[0] + chord[1] * chord[1]);
        for (let i = 0; i < 2; i++) {
            const d = [0, 1].map((c) => edge[i + 2][c] - 2 * edge[i + 1][c] + edge[i][c]);
            const across = chordLength > 1e-9
                ? Math.abs(d[0] * chord[1] - d[1] * chord[0]) / chordLength
                : Math.sqrt(d[0] * d[0] + d[1] * d[1]);  // a closed edge: no chord to measure across
            largest = Math.max(largest, 2 * across);
        }
    }
    return 6 * largest / 8;
}

/**
 * e · N²: the largest distance between the bicubic surface and its N × N
 * two-triangle tessellation, times N² (Filip, Magedson and Markot 1986).
 */
function flatnessBound(tolerance, net, scale) {
    const px = (i, j) => [net[j * 4 + i][0] * scale[0], net[j * 4 + i][1] * scale[1]];
    const length = (p) => Math.sqrt(p[0] * p[0] + p[1] * p[1]);
    const second = (p, q, r) => [p[0] - 2 * q[0] + r[0], p[1] - 2 * q[1] + r[1]];
    let uu = 0;
    let vv = 0;
    let uv = 0;
    for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 2; i++) {
            uu = Math.max(uu, length(second(px(i + 2, j), px(i + 1, j), px(i, j))));
            vv = Math.max(vv, length(second(px(j, i + 2), px(j, i + 1), px(j, i))));
        }
    }
    for (let j = 0; j < 3; j++) {
        for (let i = 0; i < 3; i++) {
            const [a, b, c, d] = [px(i + 1, j + 1), px(i + 1, j), px(i, j + 1), px(i, j)];
            uv = Math.max(uv, length([a[0] - b[0] - c[0] + d[0], a[1] - b[1] - c[1] + d[1]]));
        }
    }
    return (6 * uu + 18 * uv + 6 * vv) / 8;
}

/**
 * How fast patch k's finished color changes per pixel: its color net
 * finished point by point (double precision), against its geometry.
 */
function colorChangePerPixelOfPatch(tolerance, nets, k, scale) {
    const finished = nets.colors[k].map((point) => finishColor(point, nets.colorSpace));
    return colorChangePerPixel(finished.flat(), nets.geometry[k].flat(), scale);
}
