import MeshGradCore

/// Seed tutorial 1's whole onboarding screen, from the tutorial's own
/// values, on an iPhone 15 Pro's 393 × 852 points at 3×: the animated 4×4
/// mesh under a 50 % black overlay; `VStack(spacing: 30) { Spacer(); title;
/// Spacer(); feature cards; Spacer(); button }.padding()`; the title
/// "Happy / Meshing!" (48 pt heavy expanded, `.white.gradient`) springs
/// down from 50 pt above (response 0.8, damping 0.7, delay 0.3); the four
/// cards (a `largeTitle` icon in a 50-pt frame, a bold `title3` title and
/// a `subheadline` description, `.padding()`) cascade up from 50 pt below
/// (response 0.6, damping 0.8, delays 0.4 s apart by 0.15 s: the tutorial
/// leaves them to its grid); the "Get Started" button (`headline` bold on
/// a 12-pt rounded rectangle of `.ultraThinMaterial` with a half-opaque
/// white 1-pt stroke, `.padding().padding(.horizontal)`) scales up from 0.8
/// (response 0.6, damping 0.7, delay 0.9). The poster is at 2 s, after
/// every spring has settled.
///
/// The texts wrap to the width their stacks offer them, as SwiftUI's do;
/// the title and the descriptions are `.fixedSize(horizontal: false,
/// vertical: true)`, as the tutorial writes them.
enum OnboardingScreen {
    static let features: [(icon: String, title: String, description: String)] = [
        ("paintpalette", "Create Gradients", "Design stunning mesh gradients with intuitive controls"),
        ("camera", "Image to Gradient", "Extract colors from your photos to generate unique gradients"),
        ("wand.and.stars", "AI Generation", "Let Meshing AI create beautiful gradients based on your prompts"),
        ("square.and.arrow.up", "Export & Share", "Save your creations and share them easily"),
    ]

    /// The white `.gradient` the tutorial's texts are filled with.
    static let whiteGradient = Fill.linearGradient(LinearGradient.colorGradient(.white))

    static func spring(_ response: Double, _ damping: Double) -> (easing: Easing, duration: Double) {
        (
            .spring(response: response, dampingFraction: damping),
            springSettlingDuration(response: response, dampingFraction: damping)
        )
    }

    /// The title's entrance: from 50 pt above and clear.
    static func titleEntrance(_ layer: inout Layer) {
        let (easing, duration) = spring(0.8, 0.7)
        layer.opacity = 0
        layer.offset = SIMD2(0, -50)
        layer.keyframes = [LayerKeyframe(duration: duration, easing: easing, opacity: 1, offset: .zero, delay: 0.3)]
    }

    /// A card's entrance: from 50 pt below and clear, after `delay`.
    static func cardEntrance(_ layer: inout Layer, delay: Double) {
        let (easing, duration) = spring(0.6, 0.8)
        layer.opacity = 0
        layer.offset = SIMD2(0, 50)
        layer.keyframes = [LayerKeyframe(duration: duration, easing: easing, opacity: 1, offset: .zero, delay: delay)]
    }

    /// The button's entrance: from 0.8 and clear.
    static func buttonEntrance(_ layer: inout Layer) {
        let (easing, duration) = spring(0.6, 0.7)
        layer.opacity = 0
        layer.scale = 0.8
        layer.keyframes = [LayerKeyframe(duration: duration, easing: easing, opacity: 1, scale: 1, delay: 0.9)]
    }

    static func text(_ string: String, style: TextStyleName, weight: TextMask.Weight? = nil) -> TextMask {
        var text = TextMask(text: string, size: style.size, weight: weight ?? style.weight, alignment: .leading)
        text.style = style
        return text
    }

    static func scene(mesh: Fill) -> Scene {
        var layers = [Layer(fill: mesh), Layer(fill: .solid(.black), opacity: 0.5)]
        var title = Layer(
            fill: whiteGradient, text: TextMask(text: "Happy \nMeshing!", size: 48, weight: .heavy, widthFactor: 1.25))
        title.text?.fixedSize = .vertical
        titleEntrance(&title)
        layers.append(title)
        var cards: [LayoutNode] = []
        for (k, feature) in features.enumerated() {
            var icon = Layer(fill: whiteGradient)
            icon.text = TextMask(
                text: String(IconSymbols.glyphs[feature.icon]!), size: TextStyleName.largeTitle.size,
                fontPath: IconSymbols.fontPath)
            icon.text?.symbol = feature.icon
            icon.text?.style = .largeTitle
            var heading = Layer(fill: whiteGradient, text: text(feature.title, style: .title3, weight: .bold))
            var description = Layer(fill: whiteGradient, text: text(feature.description, style: .subheadline))
            description.text?.fixedSize = .vertical
            let delay = 0.4 + 0.15 * Double(k)
            cardEntrance(&icon, delay: delay)
            cardEntrance(&heading, delay: delay)
            cardEntrance(&description, delay: delay)
            let first = layers.count
            layers += [icon, heading, description]
            cards.append(
                .stack(
                    .init(
                        axis: .horizontal, padding: EdgeInsets(16),
                        children: [
                            .layer(index: first, width: 50, height: nil),
                            .stack(
                                .init(
                                    axis: .vertical, alignment: LayoutAlignment(horizontal: -1),
                                    children: [
                                        .layer(index: first + 1, width: nil, height: nil),
                                        .layer(index: first + 2, width: nil, height: nil),
                                    ])),
                            .spacer(minLength: 8),
                        ])))
        }
        var background = Layer(
            fill: .solid(.clear), shape: .roundedRectangle(cornerRadius: 12),
            stroke: Stroke(color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5), width: 1))
        background.material = .ultraThin
        var label = Layer(fill: whiteGradient, text: text("Get Started", style: .headline, weight: .bold))
        buttonEntrance(&background)
        buttonEntrance(&label)
        let button = layers.count
        layers += [background, label]
        let root = LayoutNode.stack(
            .init(
                axis: .vertical, spacing: 30, padding: EdgeInsets(16),
                children: [
                    .spacer(minLength: 8), .layer(index: 2, width: nil, height: nil), .spacer(minLength: 8),
                    .stack(.init(axis: .vertical, children: cards)), .spacer(minLength: 8),
                    .stack(
                        .init(
                            axis: .vertical, padding: EdgeInsets(top: 16, leading: 32, bottom: 16, trailing: 32),
                            background: button, children: [.layer(index: button + 1, width: nil, height: nil)])),
                ]))
        let scene = Scene(
            background: .solid(RGBAColor(hex: "#00264d")!), layers: layers, points: SIMD2(393, 852))
        // Laid out as a document is when read; with no fonts (they are
        // the package's requirements) the layers keep their full frames.
        return (try? SceneValue.laidOut(scene, SceneLayout(root: root), path: "layout")) ?? scene
    }
}
