// Twin of Shaders/mesh.geom, for WebGL2, which has no geometry stage: each
// triangle's affine map from canvas position to (u, v), in single
// precision as the GPU computes it, written into every one of its three
// vertices (flat outputs take any vertex's value).

/** Floats per vertex of meshGeomVertices: position 2, anchor 4, slopes 4, patch 1 (its bits a uint32). */
const meshGeomStride = 11;

/**
 * The plan's triangles unindexed, as mesh.vert's WEBGL inputs:
 * `{data: ArrayBuffer, count}` (count vertices of meshGeomStride 4-byte
 * words). A triangle covering nothing (zero area) is left out, as
 * mesh.geom emits nothing for it.
 */
function meshGeomVertices(plan) {
    const { positions, parameters, patches, indices } = plan.tessellation;
    const data = new ArrayBuffer(indices.length * meshGeomStride * 4);
    const floats = new Float32Array(data);
    const words = new Uint32Array(data);
    let count = 0;
    for (let t = 0; t < indices.length; t += 3) {
        const planes = trianglePlanes(positions, parameters, indices[t], indices[t + 1], indices[t + 2]);
        if (planes === null) continue;
        for (let corner = 0; corner < 3; corner++) {
            const vertex = indices[t + corner];
            const at = count * meshGeomStride;
            floats[at] = positions[2 * vertex];
            floats[at + 1] = positions[2 * vertex + 1];
            floats.set(planes, at + 2);
            words[at + 10] = patches[vertex];
            count += 1;
        }
    }
    return { data, count };
}

/**
 * mesh.geom's planeAnchor and planeSlopes for the triangle of vertices a,
 * b, c, rounded to single precision at each step as the GPU's floats are;
 * null when it covers nothing.
 */
function trianglePlanes(positions, parameters, a, b, c) {
    const f = Math.fround;
    const e1x = f(positions[2 * b] - positions[2 * a]);
    const e1y = f(positions[2 * b + 1] - positions[2 * a + 1]);
    const e2x = f(positions[2 * c] - positions[2 * a]);
    const e2y = f(positions[2 * c + 1] - positions[2 * a + 1]);
    const det = f(f(e1x * e2y) - f(e2x * e1y));
    if (det === 0) return null;
    const dux = f(parameters[2 * b] - parameters[2 * a]);
    const duy = f(parameters[2 * c] - parameters[2 * a]);
    const dvx = f(parameters[2 * b + 1] - parameters[2 * a + 1]);
    const dvy = f(parameters[2 * c + 1] - parameters[2 * a + 1]);
    return [
        positions[2 * a], positions[2 * a + 1], parameters[2 * a], parameters[2 * a + 1],
        f(f(f(dux * e2y) - f(duy * e1y)) / det), f(f(f(e1x * duy) - f(e2x * dux)) / det),
        f(f(f(dvx * e2y) - f(dvy * e1y)) / det), f(f(f(e1x * dvy) - f(e2x * dvx)) / det),
    ];
}
