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
        let code = Presets.onboarding.document.swiftUICode() ?? ""
        #expect(code.hasPrefix("TimelineView(.animation) { context in\n"))
        #expect(code.contains("[Float(0.67 - 0.1 * cos(1.0 * t)), Float(0.33 + 0.1 * cos(1.1 * t))]"))
        #expect(code.hasSuffix("    )\n}\n"))
        // With a loop, the frequencies are the closed ones.
        var looped = Presets.onboarding.document
        looped[.document]?.animation?.loop = 10
        // Every digit of the closed frequency, so that import reads it back.
        #expect(looped.swiftUICode()?.contains("cos(0.6283185307179586 * t)") == true)
        #expect(Presets.lava.document.swiftUICode()?.hasPrefix("// The frame at t = 0") == true)
    }

    /// A scene has no mesh of its own to print: the document says so
    /// (nil, and `code` prints one line), rather than a placeholder mesh.
    @Test func aSceneHasNoPlaceholderCode() {
        for preset in Presets.all where preset.document.scene != nil {
            #expect(preset.document.swiftUICode() == nil, "\(preset.name)")
            #expect(preset.document.animatedMesh == nil)
        }
    }

    @Test func translucentColorsCarryOpacity() {
        let code = Presets.frost.document.animatedMesh!.mesh.swiftUICode()
        #expect(code.contains("opacity: 0.0)"))
        #expect(code.contains("    background: .clear,"))
    }
}
