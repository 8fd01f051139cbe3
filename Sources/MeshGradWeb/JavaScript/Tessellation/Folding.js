// Twin of Sources/MeshGradCore/Tessellation/Folding.swift.

/**
 * Whether some patch folds over itself: its triangles, in the order of
 * their (u, v) corners, do not all turn the same way on the canvas.
 */
function hasFoldedPatch(tessellation) {
    const trianglesPerPatch = 2 * tessellation.level * tessellation.level;
    if (!(trianglesPerPatch > 0)) return false;
    const { positions, indices } = tessellation;
    let positive = false;
    let negative = false;
    const count = triangleCount(tessellation);
    for (let triangle = 0; triangle < count; triangle++) {
        if (triangle % trianglesPerPatch === 0) {
            positive = false;
            negative = false;
        }
        const a = 2 * indices[3 * triangle];
        const b = 2 * indices[3 * triangle + 1];
        const c = 2 * indices[3 * triangle + 2];
        const area =
            (positions[b] - positions[a]) * (positions[c + 1] - positions[a + 1])
            - (positions[b + 1] - positions[a + 1]) * (positions[c] - positions[a]);
        if (area > 0) positive = true; else if (area < 0) negative = true;
        if (positive && negative) return true;
    }
    return false;
}

/**
 * The depth key of a point of patch `patch` at parameter v (clamped to
 * 0...1) for the plan's foldKeyScale: patch-major, then the larger v.
 */
function foldKey(patch, v, scale) {
    const f = Math.fround;
    return f(f(f(patch) + Math.min(Math.max(v, 0), 1)) * scale);
}
