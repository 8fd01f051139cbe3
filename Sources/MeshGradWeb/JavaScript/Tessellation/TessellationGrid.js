// Twin of Sources/MeshGradCore/Tessellation/TessellationGrid.swift (the
// grid; TessellationCache, which keeps one between frames, is not twinned).

/**
 * What every tessellation of `patches` patches at level n shares: the
 * triangles' indices (Uint32Array, three per triangle), each grid line's
 * parameter (Float32 values of i / n) and the Bernstein weights at i / n.
 */
function tessellationGrid(patches, n) {
    const parameters = new Float32Array(n + 1);
    const basis = [];
    for (let i = 0; i <= n; i++) {
        parameters[i] = Math.fround(i) / Math.fround(n);
        basis.push(bernstein(i / n));
    }
    const side = n + 1;
    const perPatch = 6 * n * n;
    const indices = new Uint32Array(patches * perPatch);
    let at = 0;
    for (let k = 0; k < patches; k++) {
        const base = k * side * side;
        for (let j = 0; j < n; j++) {
            for (let i = 0; i < n; i++) {
                const a = base + j * side + i;
                const b = a + 1;
                const c = a + side;
                const d = c + 1;
                indices[at] = a;
                indices[at + 1] = b;
                indices[at + 2] = c;
                indices[at + 3] = b;
                indices[at + 4] = d;
                indices[at + 5] = c;
                at += 6;
            }
        }
    }
    return { patches, level: n, indices, parameters, basis };
}
