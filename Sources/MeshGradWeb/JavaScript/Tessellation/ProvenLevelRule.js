// Twin of Sources/MeshGradCore/Tessellation/ProvenLevelRule.swift. The
// class is an object `{nets, tolerance, patchWide, geometry, borderLevels,
// cells, proven}` that its functions take first.

/**
 * The file rule's question for each patch of `nets` on a canvas of `scale`
 * pixels: does it keep within the tolerances at level N (patch-wide bound,
 * else cell by cell), and what is its smallest such N.
 */
function provenLevelRule(nets, scale, tolerance) {
    const patchWide = [];
    const borderLevels = [];
    for (let k = 0; k < nets.count; k++) {
        patchWide.push({
            bound: flatnessBound(tolerance, nets.geometry[k], scale),
            tolerance: allowedDeviation(tolerance, colorChangePerPixelOfPatch(tolerance, nets, k, scale)),
        });
    }
    // Each geometry net in pixels, flat.
    const geometry = nets.geometry.map((net) => net.flatMap((p) => [p[0] * scale[0], p[1] * scale[1]]));
    for (let k = 0; k < nets.count; k++) {
        borderLevels.push(borderLevel(tolerance, nets, k, scale, tessellationLevelMaximum));
    }
    // `cells`: CellBounds per level, made when first asked; `proven`: the
    // (patch, level) pairs the cells already proved, so a final check at
    // the mesh's level need not repeat the search's last one.
    return { nets, tolerance, patchWide, geometry, borderLevels, cells: new Map(), proven: new Set() };
}

/** Whether patch k keeps within the tolerances at level n, by either proof. */
function holds(rule, k, n) {
    if (!(n >= rule.borderLevels[k])) return false;
    if (rule.patchWide[k].bound / (n * n) <= rule.patchWide[k].tolerance) return true;
    if (!rule.tolerance.judgesCells) return false;
    return cellsHold(rule, k, n);
}

/**
 * The smallest level ≥ low (and ≤ cap) at which patch k holds, near
 * enough: a cell ratio predicts the level that brings it to 1 (the bound
 * shrinks about as 1/N²), so two or three checks instead of a bisection.
 */
function smallestLevel(rule, k, from, cap) {
    const low = Math.min(Math.max(from, rule.borderLevels[k]), cap);
    const wide = patchWideLevel(rule, k, cap);
    if (!(wide > low && rule.tolerance.judgesCells)) return Math.max(low, wide);
    let n = Math.max(low, Math.floor(wide / 2));
    while (n < wide) {
        const ratio = worstCellRatio(rule, k, n);
        if (ratio <= 1) return n;
        const predicted = Math.ceil(Math.min(n * Math.sqrt(ratio), wide));
        n = Math.max(n + 1, predicted);
    }
    return wide;
}

/** The smallest N ≤ cap with bound / N² ≤ tolerance (cap when none is, or the bound is not a number). */
function patchWideLevel(rule, k, cap) {
    const { bound, tolerance: allowed } = rule.patchWide[k];
    const root = Math.sqrt(bound / allowed);
    if (!(root < cap)) return cap;
    let n = Math.max(1, Math.ceil(root));
    while (n < cap && bound / (n * n) > allowed) n += 1;
    return n;
}

function cellsHold(rule, k, n) {
    return rule.proven.has(k * 256 + n) || worstCellRatio(rule, k, n) <= 1;
}

/** worstRatio of patch k at level n, with the single-precision finish (an estimate, in the inner loop). */
function worstCellRatio(rule, k, n) {
    if (!rule.cells.has(n)) rule.cells.set(n, cellBounds(n));
    const space = rule.nets.colorSpace;
    const f = Math.fround;
    const ratio = worstRatio(rule.cells.get(n), rule.geometry[k], rule.nets.colors[k].flat(), rule.tolerance,
        (c) => finishColorFloat([f(c[0]), f(c[1]), f(c[2]), f(c[3])], space));
    if (ratio <= 1) rule.proven.add(k * 256 + n);
    return ratio;
}
