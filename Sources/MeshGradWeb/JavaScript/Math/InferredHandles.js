// Twin of Sources/MeshGradCore/Math/InferredHandles.swift.

/**
 * Handles for plain points: a Catmull-Rom tangent inside the grid, a third
 * of the way to the neighbour on the border (straight edges on a regular
 * grid). Returns `{position, leading, top, trailing, bottom}` per vertex.
 */
function inferredBezierPoints(width, height, positions) {
    const at = (c, r) => positions[r * width + c];
    const plus = (p, q) => [p[0] + q[0], p[1] + q[1]];
    const minus = (p, q) => [p[0] - q[0], p[1] - q[1]];
    const over = (p, k) => [p[0] / k, p[1] / k];

    const result = [];
    for (let r = 0; r < height; r++) {
        for (let c = 0; c < width; c++) {
            const p = at(c, r);
            const point = { position: p, leading: p, top: p, trailing: p, bottom: p };
            // Along the row.
            if (c > 0 && c < width - 1) {
                const t = over(minus(at(c + 1, r), at(c - 1, r)), 6);
                point.trailing = plus(p, t);
                point.leading = minus(p, t);
            } else if (c === 0) {
                point.trailing = plus(p, over(minus(at(c + 1, r), p), 3));
            } else {
                point.leading = minus(p, over(minus(p, at(c - 1, r)), 3));
            }
            // Along the column.
            if (r > 0 && r < height - 1) {
                const t = over(minus(at(c, r + 1), at(c, r - 1)), 6);
                point.bottom = plus(p, t);
                point.top = minus(p, t);
            } else if (r === 0) {
                point.bottom = plus(p, over(minus(at(c, r + 1), p), 3));
            } else {
                point.top = minus(p, over(minus(p, at(c, r - 1)), 3));
            }
            result.push(point);
        }
    }
    return result;
}

/** Every vertex of a mesh with its handles: explicit ones as given, inferred ones for plain points. */
function bezierPoints(mesh) {
    if (mesh.bezierPoints) return mesh.bezierPoints;
    return inferredBezierPoints(mesh.width, mesh.height, mesh.points);
}
