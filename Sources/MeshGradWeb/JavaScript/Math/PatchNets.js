// Twin of Sources/MeshGradCore/Math/PatchNets.swift (`PatchNets.init`).

/**
 * Every patch of a mesh as a geometry net (16 [x, y], unit square) and a
 * color net (16 [r, g, b, a], premultiplied, in the interpolation space).
 * Patch k is cell (k % columns, k / columns), row-major: the painting order.
 */
function patchNets(mesh) {
    const w = mesh.width;
    const h = mesh.height;
    const columns = w - 1;
    const rows = h - 1;
    const points = bezierPoints(mesh);
    const premultiplied = mesh.colors.map((color) => interpolationColor(color, mesh.colorSpace));
    const slopes = mesh.smoothsColors ? colorSlopes(w, h, premultiplied) : null;

    const geometry = [];
    const colors = [];
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
            const ia = r * w + c;
            const ib = ia + 1;
            const ic = ia + w;
            const id = ic + 1;
            geometry.push(coonsPatchNet(points[ia], points[ib], points[ic], points[id]));
            const corners = [premultiplied[ia], premultiplied[ib], premultiplied[ic], premultiplied[id]];
            if (slopes) {
                const pick = (values) => [values[ia], values[ib], values[ic], values[id]];
                colors.push(smoothColorNet(corners, pick(slopes.dx), pick(slopes.dy), pick(slopes.dxy)));
            } else {
                colors.push(bilinearColorNet(corners[0], corners[1], corners[2], corners[3]));
            }
        }
    }
    return {
        columns, rows, geometry, colors, colorSpace: mesh.colorSpace, background: mesh.background,
        count: geometry.length,
    };
}
