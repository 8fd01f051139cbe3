import Foundation
import MeshGradCore

/// A built-in gradient: a name to type after `--preset`, one line to say
/// what it is, and the document.
public struct Preset: Sendable {
    public var name: String
    public var summary: String
    public var document: GradientDocument
}

/// The built-in gradients. To add one, append a `Preset` to `all` (names
/// are lowercase words joined by `-`) and record its golden image with
/// `RECORD=1 swift test --filter GoldenImageTests`.
public enum Presets {
    public static func named(_ name: String) -> Preset? {
        all.first { $0.name == name.lowercased() }
    }

    public static let all: [Preset] = [
        onboarding, meshingText, aurora, sunset, silk, sticker, frost,
    ]

    /// The animated background of the "Happy Meshing" onboarding screen
    /// (seed tutorial 1), at rest: deep blue to sky to mint to teal.
    public static let onboarding = Preset(
        name: "onboarding",
        summary: "4×4 blue and green, the Meshing app's onboarding background",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 4, height: 4,
                locations: .points(grid([0, 0.33, 0.67, 1], [0, 0.33, 0.67, 1])),
                colors: hex([
                    "#00264d", "#004080", "#0059b3", "#0073e6",
                    "#1a8cff", "#4da6ff", "#80bfff", "#b3d9ff",
                    "#00ff80", "#33ff99", "#66ffb3", "#99ffcc",
                    "#004d40", "#00665c", "#008577", "#00a693",
                ]),
                background: RGBAColor(hex: "#00264d")!)))

    /// The rainbow that fills the word "Meshing" (seed tutorial 2), at rest.
    public static let meshingText = Preset(
        name: "meshing-text",
        summary: "3×3 rainbow with a nudged center, the gradient of the \"Meshing\" title",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3,
                locations: .points([
                    SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(1, 0),
                    SIMD2(0, 0.5), SIMD2(0.45, 0.55), SIMD2(1, 0.5),
                    SIMD2(0, 1), SIMD2(0.5, 1), SIMD2(1, 1),
                ]),
                colors: [
                    RGBAColor(red: 0.922, green: 0, blue: 0), RGBAColor(red: 1, green: 0.535, blue: 0),
                    RGBAColor(red: 0.924, green: 0.915, blue: 0),
                    RGBAColor(red: 1, green: 0, blue: 0.465), RGBAColor(red: 0, green: 0.749, blue: 1),
                    RGBAColor(red: 0, green: 1, blue: 0.603),
                    RGBAColor(red: 0.576, green: 0, blue: 1), RGBAColor(red: 1, green: 0, blue: 0.733),
                    RGBAColor(red: 0, green: 0.98, blue: 0.864),
                ],
                background: .black)))

    /// Northern lights over a night sky, blended in Oklab so the greens
    /// and violets meet without a grey seam.
    public static let aurora = Preset(
        name: "aurora",
        summary: "3×3 night sky with green and violet light, perceptual blending",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3,
                locations: .points([
                    SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(1, 0),
                    SIMD2(0, 0.55), SIMD2(0.6, 0.4), SIMD2(1, 0.45),
                    SIMD2(0, 1), SIMD2(0.4, 1), SIMD2(1, 1),
                ]),
                colors: hex([
                    "#0b1026", "#1b2a6b", "#0b1026",
                    "#12b5a6", "#5cf2c3", "#3a7bd5",
                    "#2e0854", "#7a2e8e", "#0b1026",
                ]),
                background: RGBAColor(hex: "#0b1026")!, colorSpace: .perceptual)))

    /// A warm evening sky with a warped horizon.
    public static let sunset = Preset(
        name: "sunset",
        summary: "4×3 coral, peach and dusk purple with a wavy horizon",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 4, height: 3,
                locations: .points([
                    SIMD2(0, 0), SIMD2(0.33, 0), SIMD2(0.67, 0), SIMD2(1, 0),
                    SIMD2(0, 0.45), SIMD2(0.3, 0.6), SIMD2(0.7, 0.42), SIMD2(1, 0.55),
                    SIMD2(0, 1), SIMD2(0.33, 1), SIMD2(0.67, 1), SIMD2(1, 1),
                ]),
                colors: hex([
                    "#2b1055", "#7597de", "#f6a6b2", "#ffd3a5",
                    "#ff5e62", "#ff9966", "#ffc371", "#ff7e5f",
                    "#3a1c71", "#d76d77", "#ffaf7b", "#5b247a",
                ]),
                background: RGBAColor(hex: "#2b1055")!)))

    /// Explicit Bézier handles twisted around the center: a swirl that
    /// plain points cannot make.
    public static let silk = Preset(
        name: "silk",
        summary: "3×3 Bézier mesh with twisted handles, a silky swirl",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3,
                locations: .bezierPoints(silkPoints()),
                colors: hex([
                    "#fdfbfb", "#c9d6ff", "#e2e2e2",
                    "#a18cd1", "#fbc2eb", "#8ec5fc",
                    "#e0c3fc", "#f5f7fa", "#c3cfe2",
                ]),
                background: RGBAColor(hex: "#fdfbfb")!)))

    /// A mesh inset from the canvas edge on a dark background: a card or
    /// sticker, with the border anti-aliased against the background.
    public static let sticker = Preset(
        name: "sticker",
        summary: "3×3 candy mesh inset on a dark background, anti-aliased border",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3,
                locations: .points([
                    SIMD2(0.12, 0.1), SIMD2(0.5, 0.06), SIMD2(0.88, 0.12),
                    SIMD2(0.08, 0.5), SIMD2(0.55, 0.45), SIMD2(0.9, 0.5),
                    SIMD2(0.14, 0.9), SIMD2(0.5, 0.94), SIMD2(0.86, 0.88),
                ]),
                colors: hex([
                    "#ff9a9e", "#fad0c4", "#fbc2eb",
                    "#a1c4fd", "#ffecd2", "#84fab0",
                    "#cfd9df", "#f6d365", "#fda085",
                ]),
                background: RGBAColor(hex: "#121218")!)))

    /// A translucent overlay: colors from clear to half-opaque over a clear
    /// background, for compositing over photos or UI.
    public static let frost = Preset(
        name: "frost",
        summary: "3×3 translucent blue-white glaze on a clear background (RGBA output)",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3,
                locations: .points(grid([0, 0.5, 1], [0, 0.5, 1])),
                colors: hex([
                    "#ffffff00", "#dff3ff80", "#ffffff00",
                    "#b6e3ff99", "#ffffffcc", "#c8d8ff99",
                    "#ffffff00", "#e8f0ff80", "#ffffff00",
                ]),
                background: .clear)))
}

/// A regular grid of the given column and row coordinates, row-major.
private func grid(_ xs: [Double], _ ys: [Double]) -> [SIMD2<Double>] {
    ys.flatMap { y in xs.map { x in SIMD2(x, y) } }
}

private func hex(_ values: [String]) -> [RGBAColor] {
    values.map { RGBAColor(hex: $0)! }
}

/// A 3×3 grid whose handles are rotated: the center's by 0.9 rad, the
/// inward handles of the edge midpoints by 0.35 rad. Handles along the
/// canvas border stay on it, so the mesh still covers the whole canvas.
private func silkPoints() -> [BezierPoint] {
    let positions = grid([0, 0.5, 1], [0, 0.5, 1])
    return positions.enumerated().map { index, p in
        let c = index % 3
        let r = index / 3
        let angle = (c == 1 && r == 1) ? 0.9 : 0.35
        func turn(_ d: SIMD2<Double>, _ enabled: Bool) -> SIMD2<Double> {
            guard enabled else { return d }
            return SIMD2(d.x * cos(angle) - d.y * sin(angle), d.x * sin(angle) + d.y * cos(angle))
        }
        let h = 1.0 / 6
        let rowHandlesTurn = r == 1  // leading/trailing leave the border rows alone
        let columnHandlesTurn = c == 1
        return BezierPoint(
            position: p,
            leading: p + turn(SIMD2(-h, 0), rowHandlesTurn), top: p + turn(SIMD2(0, -h), columnHandlesTurn),
            trailing: p + turn(SIMD2(h, 0), rowHandlesTurn), bottom: p + turn(SIMD2(0, h), columnHandlesTurn))
    }
}
