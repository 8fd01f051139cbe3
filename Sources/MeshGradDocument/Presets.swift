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
    /// The preset called `name` (any case). Only that one is built: the
    /// scene presets lay out their text with FreeType when first used, and
    /// building all of them for `render --preset onboarding` cost 8 ms of
    /// every such run.
    public static func named(_ name: String) -> Preset? {
        let key = name.lowercased()
        return makers.first { $0.name == key }?.make()
    }

    public static var all: [Preset] { makers.map { $0.make() } }

    /// Every preset's name, in listing order, without building any.
    public static var names: [String] { makers.map(\.name) }

    /// Every preset's name and its static property, in listing order
    /// (`PresetTests` holds each name to its preset's own).
    static let makers: [(name: String, make: @Sendable () -> Preset)] = [
        ("onboarding", { onboarding }), ("meshing-text-mesh", { meshingText }), ("aurora", { aurora }),
        ("sunset", { sunset }), ("silk", { silk }), ("sticker", { sticker }), ("frost", { frost }),
        ("lava", { lava }), ("tide", { tide }), ("onboarding-screen", { onboardingScreen }),
        ("meshing-text", { meshingTextScene }), ("se-wallpaper", { seWallpaper }),
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
                background: RGBAColor(hex: "#00264d")!),
            animation: MeshAnimation(waves: [
                // Exactly the tutorial's cosines (point i is row-major).
                VertexWaves(vertex: 1, x: Wave(amplitude: 0.1, frequency: 0.7)),
                VertexWaves(vertex: 2, x: Wave(amplitude: -0.1, frequency: 0.8)),
                VertexWaves(vertex: 4, y: Wave(amplitude: 0.1, frequency: 0.9)),
                VertexWaves(vertex: 7, y: Wave(amplitude: -0.1, frequency: 0.6)),
                VertexWaves(vertex: 13, x: Wave(amplitude: 0.1, frequency: 1.3)),
                VertexWaves(vertex: 14, x: Wave(amplitude: -0.1, frequency: 1.4)),
                VertexWaves(
                    vertex: 5, x: Wave(amplitude: 0.1, frequency: 0.8), y: Wave(amplitude: 0.1, frequency: 0.9)),
                VertexWaves(
                    vertex: 6, x: Wave(amplitude: -0.1, frequency: 1.0), y: Wave(amplitude: 0.1, frequency: 1.1)),
                VertexWaves(
                    vertex: 9, x: Wave(amplitude: 0.1, frequency: 1.2), y: Wave(amplitude: -0.1, frequency: 1.3)),
                VertexWaves(
                    vertex: 10, x: Wave(amplitude: -0.1, frequency: 1.4), y: Wave(amplitude: -0.1, frequency: 1.5)),
            ])))

    /// The rainbow that fills the word "Meshing" (seed tutorial 2).
    public static let meshingText = Preset(
        name: "meshing-text-mesh",
        summary: "3×3 rainbow with a nudged center: the gradient of the \"Meshing\" title, without the title",
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
                background: .black),
            animation: MeshAnimation(waves: [
                // Exactly the tutorial's cosines. Vertex 4 rests at
                // (0.45, 0.55) but swings around y = 0.5; its x stays 0.45.
                VertexWaves(vertex: 1, x: Wave(amplitude: 0.4, frequency: 1)),
                VertexWaves(vertex: 3, y: Wave(amplitude: 0.3, frequency: 1.1)),
                VertexWaves(vertex: 4, y: Wave(base: 0.5, amplitude: -0.4, frequency: 0.9)),
                VertexWaves(vertex: 5, y: Wave(amplitude: -0.2, frequency: 0.9)),
                VertexWaves(vertex: 7, x: Wave(amplitude: -0.4, frequency: 1.2)),
            ]),
            // At t = 0 every wave is at its extreme and the bottom-left
            // patch folds over itself (a violet crease, mesh-math §7a); no
            // patch folds from 0.8 s to 2.3 s: the still shows the middle.
            poster: 1.5))

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

extension Presets {
    /// A 4×4 warm mesh drifting on its own: no per-point formulas, a seed.
    /// Loops every 12 seconds.
    public static let lava = Preset(
        name: "lava",
        summary: "4×4 magma reds and golds drifting organically (drift, 12 s loop)",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 4, height: 4,
                locations: .points(grid([0, 0.33, 0.67, 1], [0, 0.33, 0.67, 1])),
                colors: hex([
                    "#1a0500", "#5c0a00", "#8a1c00", "#2b0700",
                    "#a82800", "#ff6a00", "#ff9e1f", "#c23b00",
                    "#ff5400", "#ffd15c", "#ff7b00", "#7a1500",
                    "#3d0800", "#b32d00", "#6e1200", "#1f0400",
                ]),
                background: RGBAColor(hex: "#1a0500")!),
            animation: MeshAnimation(drift: Drift(seed: 11, amplitude: 0.9, speed: 0.6), loop: 12)))

    /// Keyframes: day to dusk and back, the horizon rising and settling on
    /// a spring. Loops every 8 seconds.
    public static let tide = Preset(
        name: "tide",
        summary: "3×3 sea and sky keyframed from day to dusk, spring-settled horizon (8 s loop)",
        document: GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3,
                locations: .points(grid([0, 0.5, 1], [0, 0.5, 1])),
                colors: hex([
                    "#8fd3fe", "#b6e3ff", "#8fd3fe",
                    "#2e86de", "#54a0ff", "#2e86de",
                    "#0a3d62", "#0c2461", "#0a3d62",
                ]),
                background: RGBAColor(hex: "#0a3d62")!, colorSpace: .perceptual),
            animation: MeshAnimation(
                keyframes: [
                    Keyframe(
                        duration: 3, easing: .easeInOut,
                        positions: [
                            SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(1, 0),
                            SIMD2(0, 0.38), SIMD2(0.5, 0.42), SIMD2(1, 0.38),
                            SIMD2(0, 1), SIMD2(0.5, 1), SIMD2(1, 1),
                        ],
                        colors: hex([
                            "#ff9f43", "#feca57", "#ff9f43",
                            "#ee5253", "#ff6b6b", "#c44569",
                            "#222f3e", "#3c1053", "#222f3e",
                        ])),
                    Keyframe(
                        duration: 2, easing: .spring(response: 1.2, dampingFraction: 0.6),
                        positions: [
                            SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(1, 0),
                            SIMD2(0, 0.55), SIMD2(0.5, 0.6), SIMD2(1, 0.55),
                            SIMD2(0, 1), SIMD2(0.5, 1), SIMD2(1, 1),
                        ]),
                ],
                loop: 8)))
}

extension Presets {
    /// Seed tutorial 1's whole screen (OnboardingScreen.swift): the
    /// animated mesh under a 50 % black overlay, the title, four feature
    /// cards and the "Get Started" button, laid out by stacks and springing
    /// in as the tutorial's do; the poster after they settle.
    public static let onboardingScreen = Preset(
        name: "onboarding-screen",
        summary: "the Meshing onboarding screen: mesh, overlay, title, feature cards, button; springs in",
        document: GradientDocument(
            scene: OnboardingScreen.scene(mesh: meshFill(onboarding)), size: CanvasSize(width: 1179, height: 2556),
            poster: 2))

    /// Seed tutorial 2: the word "Meshing" (150 pt, bold, expanded) filled
    /// with the animated 3×3 rainbow mesh stretched over the label, clear
    /// around the letters. A still render shows 1.4 s in, where the mesh
    /// is gently bent (at 0 s every moving point is at its extreme and the
    /// "M" shows a crease).
    public static let meshingTextScene = Preset(
        name: "meshing-text",
        summary: "the word \"Meshing\" filled with the animated 3×3 rainbow, transparent around it",
        document: GradientDocument(
            scene: Scene(
                layers: [
                    Layer(
                        fill: meshFill(meshingText),
                        text: TextMask(text: "Meshing", size: 150, weight: .bold, widthFactor: 1.25))
                ],
                points: SIMD2(980, 240)),
            size: CanvasSize(width: 1960, height: 480), poster: 1.4))

    /// Seed tutorial 3: the iPhone SE 2022 wallpaper. Nine bars side by
    /// side, each a vertical gradient from clear through five colors back
    /// to clear, their heights stepping down toward the middle (60 pt a
    /// step on 667 pt), outer bars on top, casting soft shadows (black,
    /// 10 %, radius 5 pt), over a dark purple-to-brown gradient. The bars
    /// grow from full height to their steps (easeInOut, 4 s); a still
    /// render shows the end (`poster`).
    public static let seWallpaper: Preset = {
        let step = 60.0 / 667
        let colors = [
            RGBAColor(red8: 95, green8: 71, blue8: 202, alpha8: 0), RGBAColor(red8: 95, green8: 71, blue8: 202),
            RGBAColor(red8: 255, green8: 175, blue8: 196), RGBAColor(red8: 230, green8: 210, blue8: 173),
            RGBAColor(red8: 244, green8: 160, blue8: 18), RGBAColor(red8: 228, green8: 0, blue8: 0),
            RGBAColor(red8: 228, green8: 0, blue8: 0, alpha8: 0),
        ]
        let shadow = Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.1), radius: 5)
        // k = 1, 2, 3, 4, 5, 4, 3, 2, 1 from left to right; drawn inner
        // first so the outer bars lie on top.
        let steps = [1, 2, 3, 4, 5, 4, 3, 2, 1]
        let order = [4, 3, 5, 2, 6, 1, 7, 0, 8]
        let bars = order.map { column -> Layer in
            let height = 1 - Double(steps[column]) * step
            let x = Double(column) / 9
            return Layer(
                frame: UnitRect(x: x, y: 0, width: 1.0 / 9, height: 1),
                fill: .linearGradient(LinearGradient(colors: colors)), shadow: shadow,
                keyframes: [
                    LayerKeyframe(
                        duration: 4, easing: .easeInOut,
                        frame: UnitRect(x: x, y: (1 - height) / 2, width: 1.0 / 9, height: height))
                ])
        }
        return Preset(
            name: "se-wallpaper",
            summary: "the iPhone SE 2022 wallpaper: nine gradient bars stepping down, soft shadows",
            document: GradientDocument(
                scene: Scene(
                    background: .linearGradient(
                        LinearGradient(colors: [
                            RGBAColor(red8: 29, green8: 6, blue8: 74), RGBAColor(red8: 54, green8: 4, blue8: 2),
                        ])),
                    layers: bars, points: SIMD2(375, 667)),
                size: CanvasSize(width: 750, height: 1334), poster: 4))
    }()
}

/// A mesh preset's mesh and animation as a scene layer's fill.
private func meshFill(_ preset: Preset) -> Fill {
    guard let animated = preset.document.animatedMesh else { preconditionFailure("\(preset.name) is not a mesh") }
    return .mesh(animated.mesh, animated.animation)
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
