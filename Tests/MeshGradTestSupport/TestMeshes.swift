import MeshGradCore

/// The meshes the tests hold every renderer against, beside the presets:
/// each stresses one part of the math.
public enum TestMeshes {
    /// Interior vertices pulled far off the grid: curved, non-affine patches.
    public static let warped = MeshGradient(
        width: 3, height: 3,
        locations: .points([
            SIMD2(0, 0), SIMD2(0.6, 0), SIMD2(1, 0),
            SIMD2(0, 0.35), SIMD2(0.7, 0.65), SIMD2(1, 0.55),
            SIMD2(0, 1), SIMD2(0.3, 1), SIMD2(1, 1),
        ]),
        colors: [
            RGBAColor(hex: "#ff3b30")!, RGBAColor(hex: "#ffcc00")!, RGBAColor(hex: "#34c759")!,
            RGBAColor(hex: "#5856d6")!, RGBAColor(hex: "#ffffff")!, RGBAColor(hex: "#00c7be")!,
            RGBAColor(hex: "#1c1c1e")!, RGBAColor(hex: "#ff2d55")!, RGBAColor(hex: "#007aff")!,
        ])

    /// A mesh inside the canvas: the background shows around it.
    public static let inset = MeshGradient(
        width: 2, height: 2,
        locations: .points([SIMD2(0.2, 0.15), SIMD2(0.85, 0.2), SIMD2(0.1, 0.8), SIMD2(0.75, 0.9)]),
        colors: [
            RGBAColor(hex: "#ff9500")!, RGBAColor(hex: "#af52de")!, RGBAColor(hex: "#30b0c7")!,
            RGBAColor(hex: "#ffd60a")!,
        ],
        background: RGBAColor(hex: "#202024")!)

    /// Explicit handles bending every edge.
    public static let bezier: MeshGradient = {
        let positions = MeshGradient.regularGrid(width: 3, height: 3)
        let points = positions.enumerated().map { index, p -> BezierPoint in
            let c = index % 3
            let r = index / 3
            let bend = SIMD2(Double(r - 1), Double(1 - c)) * 0.08
            return BezierPoint(
                position: p,
                leading: p + SIMD2(-1.0 / 6, 0) + (r == 1 ? bend : .zero),
                top: p + SIMD2(0, -1.0 / 6) + (c == 1 ? bend : .zero),
                trailing: p + SIMD2(1.0 / 6, 0) - (r == 1 ? bend : .zero),
                bottom: p + SIMD2(0, 1.0 / 6) - (c == 1 ? bend : .zero))
        }
        return MeshGradient(
            width: 3, height: 3, locations: .bezierPoints(points),
            colors: ["#e0f7fa", "#80deea", "#006064", "#ffccbc", "#ff7043", "#bf360c", "#f3e5f5", "#ab47bc", "#4a148c"]
                .map { RGBAColor(hex: $0)! })
    }()

    /// Saturated complements blended in Oklab.
    public static let perceptual = MeshGradient(
        width: 2, height: 2,
        locations: .points(MeshGradient.regularGrid(width: 2, height: 2)),
        colors: [
            RGBAColor(hex: "#0000ff")!, RGBAColor(hex: "#ffff00")!, RGBAColor(hex: "#ff0000")!,
            RGBAColor(hex: "#00ffff")!,
        ],
        colorSpace: .perceptual)

    /// Alpha from 0 to 1 over a transparent background.
    public static let halfTransparent = MeshGradient(
        width: 3, height: 2,
        locations: .points(MeshGradient.regularGrid(width: 3, height: 2)),
        colors: [
            RGBAColor(red: 1, green: 0, blue: 0, alpha: 0), RGBAColor(red: 0, green: 1, blue: 0, alpha: 0.5),
            RGBAColor(red: 0, green: 0, blue: 1, alpha: 1),
            RGBAColor(red: 1, green: 1, blue: 0, alpha: 0.5), RGBAColor(red: 0, green: 1, blue: 1, alpha: 1),
            RGBAColor(red: 1, green: 0, blue: 1, alpha: 0.25),
        ])

    /// One patch whose top edge loops (its handles cross): the patch folds
    /// over itself near the loop, three sheets deep in places, so the fold
    /// rule of mesh-math §7a decides what shows; its border is inside the
    /// canvas, so the fold lines are anti-aliased too. Kept out of ``all``:
    /// the exact inverse mapping of the other tests assumes no fold.
    public static let loopingTop = MeshGradient(
        width: 2, height: 2,
        locations: .bezierPoints([
            // Handles pointing out of the grid are unused: left on the vertex.
            BezierPoint(
                position: SIMD2(0.15, 0.3), leading: SIMD2(0.15, 0.3), top: SIMD2(0.15, 0.3),
                trailing: SIMD2(1.15, -0.05), bottom: SIMD2(0.13, 0.5)),
            BezierPoint(
                position: SIMD2(0.85, 0.3), leading: SIMD2(-0.15, -0.05), top: SIMD2(0.85, 0.3),
                trailing: SIMD2(0.85, 0.3), bottom: SIMD2(0.87, 0.5)),
            BezierPoint(
                position: SIMD2(0.1, 0.9), leading: SIMD2(0.1, 0.9), top: SIMD2(0.12, 0.7),
                trailing: SIMD2(0.37, 0.9), bottom: SIMD2(0.1, 0.9)),
            BezierPoint(
                position: SIMD2(0.9, 0.9), leading: SIMD2(0.63, 0.9), top: SIMD2(0.88, 0.7),
                trailing: SIMD2(0.9, 0.9), bottom: SIMD2(0.9, 0.9)),
        ]),
        colors: ["#ff2d55", "#34c759", "#007aff", "#ffcc00"].map { RGBAColor(hex: $0)! },
        background: RGBAColor(hex: "#101014")!)

    /// One patch folded like an S along `u` (its top and bottom edges run
    /// right, back and right again): cells of one row overlap, with
    /// different `v`, so the largest `v` and drawing order (the larger `u`
    /// of a row) disagree (mesh-math §7a).
    public static let sFold = MeshGradient(
        width: 2, height: 2,
        locations: .bezierPoints([
            BezierPoint(
                position: SIMD2(0.1, 0.2), leading: SIMD2(0.1, 0.2), top: SIMD2(0.1, 0.2),
                trailing: SIMD2(1.3, 0.1), bottom: SIMD2(0.1, 0.4)),
            BezierPoint(
                position: SIMD2(0.9, 0.2), leading: SIMD2(-0.3, 0.3), top: SIMD2(0.9, 0.2),
                trailing: SIMD2(0.9, 0.2), bottom: SIMD2(0.9, 0.4)),
            BezierPoint(
                position: SIMD2(0.1, 0.8), leading: SIMD2(0.1, 0.8), top: SIMD2(0.1, 0.6),
                trailing: SIMD2(1.1, 0.85), bottom: SIMD2(0.1, 0.8)),
            BezierPoint(
                position: SIMD2(0.9, 0.8), leading: SIMD2(-0.1, 0.75), top: SIMD2(0.9, 0.6),
                trailing: SIMD2(0.9, 0.8), bottom: SIMD2(0.9, 0.8)),
        ]),
        colors: ["#ff2d55", "#34c759", "#007aff", "#ffcc00"].map { RGBAColor(hex: $0)! },
        background: RGBAColor(hex: "#101014")!)

    /// Every mesh above, by name.
    public static let all: [(name: String, mesh: MeshGradient)] = [
        ("warped", warped), ("inset", inset), ("bezier", bezier), ("perceptual", perceptual),
        ("half-transparent", halfTransparent),
    ]
}
