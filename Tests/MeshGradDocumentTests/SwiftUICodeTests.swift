import MeshGradCore
import Testing

@testable import MeshGradDocument

@Suite struct SwiftUICodeTests {
    @Test func onboardingCodeIsAMeshGradientExpression() {
        let code = Presets.onboarding.document.animatedMesh!.mesh.swiftUICode()
        #expect(code.hasPrefix("MeshGradient(\n    width: 4,\n    height: 4,\n    points: [\n"))
        #expect(code.contains("        [0.0, 0.0], [0.33, 0.0], [0.67, 0.0], [1.0, 0.0],\n"))
        // #00264d: 0, 38, 77.
        #expect(code.contains("Color(red: 0.0, green: 38 / 255, blue: 77 / 255),"))
        #expect(code.contains("    background: Color(red: 0.0, green: 38 / 255, blue: 77 / 255),\n"))
        #expect(code.contains("    smoothsColors: true,\n    colorSpace: .device\n)"))
        // Balanced brackets: pasteable.
        #expect(code.filter { $0 == "(" }.count == code.filter { $0 == ")" }.count)
        #expect(code.filter { $0 == "[" }.count == code.filter { $0 == "]" }.count)
    }

    @Test func bezierPointsUseSwiftUINames() {
        let code = Presets.silk.document.animatedMesh!.mesh.swiftUICode()
        #expect(code.contains("    bezierPoints: [\n        .init(\n            position: [0.0, 0.0],\n"))
        for name in ["leadingControlPoint", "topControlPoint", "trailingControlPoint", "bottomControlPoint"] {
            #expect(code.contains(name + ": ["))
        }
    }

    @Test func wavesBecomeATimelineView() {
        let code = Presets.onboarding.document.swiftUICode()
        #expect(code.hasPrefix("TimelineView(.animation) { context in\n"))
        #expect(code.contains("[Float(0.67 - 0.1 * cos(1.0 * t)), Float(0.33 + 0.1 * cos(1.1 * t))]"))
        #expect(code.hasSuffix("    )\n}\n"))
        // With a loop, the frequencies are the closed ones.
        var looped = Presets.onboarding.document
        looped[.document]?.animation?.loop = 10
        // Every digit of the closed frequency, so that import reads it back.
        #expect(looped.swiftUICode().contains("cos(0.6283185307179586 * t)"))
        #expect(Presets.lava.document.swiftUICode().hasPrefix("// The frame at t = 0"))
    }

    /// A scene prints a whole view, never a placeholder mesh.
    @Test func aSceneIsAWholeView() {
        for preset in Presets.all where preset.document.scene != nil {
            let code = preset.document.swiftUICode(viewName: "V")
            #expect(code.hasPrefix("import SwiftUI\n"), "\(preset.name)")
            #expect(code.contains("struct V: View {"), "\(preset.name)")
            #expect(!code.contains(".clear, .clear"), "\(preset.name)")
            #expect(preset.document.animatedMesh == nil)
        }
    }

    /// The onboarding screen: the waved mesh (its own TimelineView), the
    /// 50 % black overlay, then the tutorial's stacks: a VStack(spacing:
    /// 30) of spacers, the title in `.white.gradient`, the cards (an icon in
    /// a 50-pt frame, leading texts, a spacer, padded) and the button
    /// (padded headline text on a material background with its stroke),
    /// each moved by its entrance keyframes.
    @Test func onboardingScreenLayers() {
        let code = Presets.onboardingScreen.document.swiftUICode(viewName: "V")
        #expect(code.contains("            ZStack {\n                Color(red: 0.0, green: 38 / 255, blue: 77 / 255)\n"))
        #expect(code.contains("TimelineView(.animation) { context in"))
        #expect(
            code.contains(
                "Color(red: 0.0, green: 0.0, blue: 0.0)\n                .frame(width: 393.0, height: 852.0)\n                .opacity(0.5)"
            ))
        #expect(code.contains("VStack(alignment: .center, spacing: 30.0) {\n                    Spacer(minLength: 8.0)\n                    Text(verbatim: \"Happy \\nMeshing!\")"))
        #expect(code.contains(".font(.system(size: 48.0, weight: .heavy))\n                    .fontWidth(.expanded)"))
        #expect(code.contains(".foregroundStyle(.white.gradient)\n                    .scaleEffect(state2.scale)\n                    .offset(state2.offset)\n                    .opacity(state2.opacity)"))
        #expect(code.contains("Image(systemName: \"wand.and.stars\")\n                            .font(.system(size: 34.0, weight: .regular))"))
        #expect(code.contains(".frame(width: 50.0)"))
        #expect(code.contains("VStack(alignment: .leading, spacing: 8.0) {\n                                Text(verbatim: \"Create Gradients\")\n                                .font(.system(size: 20.0, weight: .bold))"))
        #expect(code.contains(".padding(EdgeInsets(top: 16.0, leading: 32.0, bottom: 16.0, trailing: 32.0))\n                    .background {\n                        Rectangle().fill(.ultraThinMaterial)\n                        .clipShape(RoundedRectangle(cornerRadius: 12.0, style: .circular))"))
        #expect(code.contains(".stroke(Color(red: 1.0, green: 1.0, blue: 1.0, opacity: 0.5), lineWidth: 1.0)"))
        #expect(code.contains("@State private var start = Date()"))
        #expect(code.contains("            .frame(width: 393.0, height: 852.0)\n        }\n    }\n"))
        // The tutorial's strings, wrapped by SwiftUI as by meshgrad: no
        // hand breaks; its fixedSize and multiline alignment where it
        // writes them, and nowhere else.
        #expect(
            code.contains(
                "Text(verbatim: \"Design stunning mesh gradients with intuitive controls\")\n"
                    + "                                .font(.system(size: 15.0, weight: .regular))\n"
                    + "                                .fixedSize(horizontal: false, vertical: true)"))
        #expect(code.contains(".multilineTextAlignment(.center)\n                    .fixedSize(horizontal: false, vertical: true)"))
        #expect(code.components(separatedBy: ".fixedSize(horizontal: false, vertical: true)").count == 1 + 1 + 4)
        #expect(code.components(separatedBy: ".multilineTextAlignment(").count == 2)
        #expect(!code.contains(".fixedSize()"))
    }

    /// A laid-out layer whose keyframes move its frame: SwiftUI's stack
    /// places it, so the code says in a comment that the frame's motion
    /// is not expressed (its opacity's is); a layer without frame
    /// keyframes has no such comment.
    @Test func laidOutFrameKeyframesAreSaidToBeLeftOut() throws {
        let document = try GradientDocument.decode(
            ##"""
            {"points": [400, 800], "layers": [
              {"fill": "#ff0000", "keyframes": [{"duration": 1, "frame": [0, 0, 0.5, 0.5], "opacity": 0.5}]},
              {"fill": "#ffffff", "text": {"string": "Go", "size": 17}, "keyframes": [{"duration": 1, "opacity": 0}]}
            ],
            "layout": {"vstack": {"children": [{"layer": 0, "height": 100}, {"layer": 1}]}}}
            """##)
        let code = document.swiftUICode(viewName: "V")
        let note = "// meshgrad also moves this layer's frame with its keyframes"
        #expect(code.components(separatedBy: note).count == 2, "\(code)")
        #expect(code.contains("here its stack places it, and only its offset, scale and opacity follow the keyframes.\n"))
        #expect(code.contains(".opacity(state0.opacity)") && code.contains(".opacity(state1.opacity)"))
        #expect(!Presets.onboardingScreen.document.swiftUICode(viewName: "V").contains(note))
    }

    /// The wallpaper's bars: a linear gradient each, a shadow, and
    /// keyframes read from `Keyframes` values in a TimelineView.
    @Test func wallpaperBarsAreKeyframed() {
        let code = Presets.seWallpaper.document.swiftUICode(viewName: "V")
        #expect(code.contains("@State private var start = Date()"))
        #expect(code.contains("let t = context.date.timeIntervalSince(start)"))
        #expect(code.contains("let state8 = Self.layer8.state(at: t)"))
        #expect(
            code.contains(
                ".shadow(color: Color(red: 0.0, green: 0.0, blue: 0.0, opacity: 0.1), radius: 5.0, x: 0.0, y: 0.0)"))
        #expect(
            code.contains(
                ".init(duration: 4.0, timing: .curve(.easeInOut), "
                    + "frame: CGRect(x: 125.0, y: 120.0, width: 41.666667, height: 427.0), opacity: nil),"))
        #expect(code.contains("startPoint: .top,\n"))
        // The nine bars share one gradient, printed once.
        #expect(code.components(separatedBy: "LinearGradient(").count == 3, "the background's and the bars'")
        #expect(
            code.contains(
                "    /// The fill of 9 layers.\n    private var fill0: some View {\n        LinearGradient(\n"))
        #expect(
            code.contains(
                "                fill0\n                    .frame(width: state0.frame.width, height: state0.frame.height)\n"
            ))
    }

    @Test func viewNamesAreSwiftTypes() {
        #expect(swiftViewName(for: "preset se-wallpaper") == "SeWallpaper")
        #expect(swiftViewName(for: "/tmp/my scene.json") == "MyScene")
        #expect(swiftViewName(for: "3d.json") == "Scene3d")
        #expect(swiftViewName(for: "") == "Scene")
        #expect(swiftStringLiteral("a \"b\"\\\n") == #""a \"b\"\\\n""#)
    }

    @Test func translucentColorsCarryOpacity() {
        let code = Presets.frost.document.animatedMesh!.mesh.swiftUICode()
        #expect(code.contains("opacity: 0.0)"))
        #expect(code.contains("    background: .clear,"))
    }
}
