import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// A `@State` Bool in `?:` inside the mesh, animated by `withAnimation` in
/// `onAppear`: the rest state at t = 0 and keyframes to the other state.
/// Each snippet (written for these tests) against its plain twins: the two
/// states spelled out, keyframed by hand.
@Suite struct SwiftImportStateAnimationTests {
    static func view(
        center: String, color: String, appear: String, state: String = "@State private var on = false"
    )
        -> String
    {
        """
        import SwiftUI

        struct Breathing: View {
            \(state)
            var body: some View {
                MeshGradient(width: 3, height: 3, points: [
                    [0, 0], [0.5, 0], [1, 0],
                    [0, 0.5], \(center), [1, 0.5],
                    [0, 1], [0.5, 1], [1, 1]
                ], colors: [
                    .indigo, .purple, .pink,
                    .blue, \(color), .orange,
                    .cyan, .indigo, .purple
                ])
                .onAppear {
                    \(appear)
                }
            }
        }
        """
    }

    static let rest = try! importOne(view(center: "[0.4, 0.6]", color: ".teal", appear: "")).mesh
    static let moved = try! importOne(view(center: "[0.62, 0.38]", color: ".mint", appear: "")).mesh

    static func imported(
        _ appear: String, center: String = "on ? [0.62, 0.38] : [0.4, 0.6]", color: String = "on ? .mint : .teal"
    ) throws -> ImportedMesh {
        try importOne(view(center: center, color: color, appear: appear))
    }

    func keyframe(_ mesh: MeshGradient, _ duration: Double, _ easing: Easing) -> Keyframe {
        Keyframe(
            duration: duration, easing: easing, positions: mesh.locations.positions, colors: mesh.colors,
            background: mesh.background)
    }

    @Test func aRepeatingAutoreversingAnimationLoopsBackAndForth() throws {
        let imported = try Self.imported(
            "withAnimation(.easeInOut(duration: 3).repeatForever(autoreverses: true)) { on.toggle() }")
        let twin = AnimatedMesh(
            Self.rest,
            animation: MeshAnimation(
                keyframes: [keyframe(Self.moved, 3, .easeInOut), keyframe(Self.rest, 3, .easeInOut)], loop: 6))
        let document = AnimatedMesh(imported.mesh, animation: imported.animation)
        #expect(imported.mesh == Self.rest)
        for time in [0, 1.3, 4.2, 7.5] {
            #expect(renderDifference(document, twin, time: time) == 0, "t = \(time)")
        }
        // And it moves: the middle of the loop is the other state.
        #expect(renderDifference(document, AnimatedMesh(Self.moved), time: 3) == 0)
        #expect(renderDifference(document, AnimatedMesh(Self.rest), time: 3) > 10)
    }

    @Test(arguments: [
        (
            "withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { on = true }", 2.0, Easing.linear,
            true, false
        ),
        ("withAnimation(Animation.easeOut(duration: 1.5)) { self.on.toggle() }", 1.5, Easing.easeOut, false, true),
        ("withAnimation(.easeIn.repeatForever()) { on.toggle() }", 0.35, Easing.easeIn, true, true),
        ("withAnimation { on.toggle() }", 0.35, Easing.easeInOut, false, true),
    ])
    func curvesAndRepeats(appear: String, duration: Double, easing: Easing, repeats: Bool, reverses: Bool) throws {
        let imported = try Self.imported(appear)
        var expected = StateAnimation(duration: duration, easing: easing)
        expected.repeats = repeats
        expected.autoreverses = reverses
        let (keyframes, loop) = expected.keyframes(rest: Self.rest, moved: Self.moved)
        #expect(imported.animation?.keyframes == keyframes, "\(appear)")
        #expect(imported.animation?.loop == loop, "\(appear)")
    }

    /// SwiftUI's springs as the document's spring easing, each keyframe
    /// lasting until the spring settles.
    @Test(arguments: [
        ("withAnimation(.spring) { on.toggle() }", 0.5, 0.825, false),
        ("withAnimation(.spring()) { on.toggle() }", 0.5, 0.825, false),
        ("withAnimation(.spring(response: 0.6, dampingFraction: 0.7).repeatForever()) { on.toggle() }", 0.6, 0.7, true),
        (
            "withAnimation(.spring(duration: 1.2, bounce: 0.25).repeatForever(autoreverses: true)) { on.toggle() }",
            1.2, 0.75, true
        ),
        ("withAnimation(.spring(duration: 0.8, bounce: -0.5)) { on = true }", 0.8, 2.0, false),
        ("withAnimation(.bouncy) { on.toggle() }", 0.5, 0.7, false),
        ("withAnimation(.snappy(duration: 0.4)) { on.toggle() }", 0.4, 0.85, false),
        ("withAnimation(.smooth.repeatForever()) { on.toggle() }", 0.5, 1.0, true),
        ("withAnimation(.interactiveSpring()) { on.toggle() }", 0.15, 0.86, false),
        (
            "withAnimation(.interpolatingSpring(stiffness: 100, damping: 10)) { on.toggle() }", 2 * Double.pi / 10, 0.5,
            false
        ),
    ])
    func springs(appear: String, response: Double, damping: Double, repeats: Bool) throws {
        let imported = try Self.imported(appear)
        let easing = Easing.spring(response: response, dampingFraction: damping)
        let settles = springSettlingDuration(response: response, dampingFraction: damping)
        let keyframes = try #require(imported.animation?.keyframes, "\(appear)")
        #expect(keyframes.count == (repeats ? 2 : 1), "\(appear)")
        for keyframe in keyframes {
            guard case .spring(let r, let d) = keyframe.easing else {
                Issue.record("\(appear): \(keyframe.easing)")
                continue
            }
            #expect(abs(r - response) < 1e-12 && abs(d - damping) < 1e-12, "\(appear): \(keyframe.easing)")
            #expect(abs(keyframe.duration - settles) < 1e-12, "\(appear)")
        }
        #expect(imported.animation?.loop == (repeats ? 2 * settles : nil), "\(appear)")
        // Against the keyframes written by hand.
        let twin = AnimatedMesh(
            Self.rest,
            animation: MeshAnimation(
                keyframes: [keyframe(Self.moved, settles, easing)]
                    + (repeats ? [keyframe(Self.rest, settles, easing)] : []),
                loop: repeats ? 2 * settles : nil))
        let document = AnimatedMesh(imported.mesh, animation: imported.animation)
        for time in [0, 0.2 * settles, 0.7 * settles, 1.5 * settles] {
            #expect(renderDifference(document, twin, time: time) == 0, "\(appear) t = \(time)")
        }
    }

    @Test func aSpringThatNeverSettlesIsNoCurve() throws {
        let imported = try Self.imported("withAnimation(.spring(duration: 1, bounce: 1)) { on.toggle() }")
        #expect(imported.animation == nil)
        #expect(imported.mesh == Self.rest)
    }

    @Test func aNegatedStateReadsTheOtherBranch() throws {
        let imported = try Self.imported(
            "withAnimation(.easeInOut(duration: 3).repeatForever()) { on.toggle() }",
            center: "!on ? [0.4, 0.6] : [0.62, 0.38]", color: "!on ? .teal : .mint")
        #expect(imported.mesh == Self.rest)
        #expect(imported.animation?.keyframes.first?.positions == Self.moved.locations.positions)
    }

    @Test func withoutAnAnimationTheRestStateAndANote() throws {
        let imported = try Self.imported("print(\"shown\")")
        #expect(imported.mesh == Self.rest)
        #expect(imported.animation == nil)
        #expect(
            imported.notes == [
                "“on ? … : …” read with on = false: no withAnimation of a curve this file names changes it"
            ])
    }

    @Test func aConditionThatIsNoStateIsRefusedNamingIt() throws {
        let text = Self.view(
            center: "wide ? [0.62, 0.38] : [0.4, 0.6]", color: ".teal", appear: "", state: "let wide = true")
        let result = try #require(SwiftImport.meshes(in: text, file: "b.swift").first)
        guard case .failure(let error) = result else {
            Issue.record("imported a ternary on a let")
            return
        }
        #expect(
            "\(error)".contains(
                "expected a @State Bool of this file before “?” (its two values become keyframes), found “wide”"),
            "\(error)")
    }
}
