// Twin of Sources/MeshGradCore/Render/RenderPlan.swift (without grain and
// the tessellation cache). `RenderPlan.init(mesh:…)` is `renderPlan`,
// `RenderPlan.init(nets:…)` is `renderPlanOfNets`.

/**
 * Everything a renderer needs to draw `mesh` on a width × height canvas:
 * `{width, height, columns, rows, tessellation, colorPolynomials,
 * colorSpace, background, antialiasesBorder, colorsAreOpaque, folds,
 * foldKeyScale}`. `options` may give `tessellationLevel` (overrides the
 * rule), `tolerance` (a TessellationLevel), `antialiasing` and
 * `maximumVertices`.
 */
function renderPlan(mesh, width, height, options = {}) {
    return renderPlanOfNets(patchNets(mesh), width, height, options);
}

/**
 * The plan of patch nets. colorPolynomials holds 16 coefficients per
 * patch as floats r, g, b, a: patch k's coefficient of uⁱ vʲ at
 * (k * 16 + j * 4 + i) * 4.
 */
function renderPlanOfNets(nets, width, height, options = {}) {
    const {
        tessellationLevel: level = null, tolerance = tessellationLevel(), antialiasing = true,
        maximumVertices = tessellationMaximumVertices,
    } = options;
    if (!(width > 0 && height > 0)) throw new RangeError("the canvas must have a positive size");
    const mesh = tessellation(
        nets, width, height, level ?? levelFor(tolerance, nets, width, height), maximumVertices);
    const colorPolynomials = new Float32Array(nets.count * 64);
    nets.colors.forEach((net, k) => {
        colorPolynomial(net).forEach((coefficient, at) => colorPolynomials.set(coefficient, (k * 16 + at) * 4));
    });
    let keyRange = 1;
    while (keyRange < nets.count) keyRange *= 2;
    return {
        width,
        height,
        columns: nets.columns,
        rows: nets.rows,
        tessellation: mesh,
        colorPolynomials,
        colorSpace: nets.colorSpace,
        background: nets.background,
        colorsAreOpaque: nets.colors.every((net) => net.every((point) => point[3] >= 1)),
        folds: hasFoldedPatch(mesh),
        foldKeyScale: Math.fround(1 / keyRange),
        antialiasesBorder: antialiasing && outerBorderCrossesCanvas(mesh, nets.columns, nets.rows),
    };
}
