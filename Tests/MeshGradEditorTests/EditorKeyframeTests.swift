import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradEditor

/// The timeline's edits: a point moved at the playhead keys that time
/// (a new keyframe, a cut one, or the one ending there); retiming, curves
/// and removal keep the other keyframes' times; one undo step each.
@Suite struct EditorKeyframeTests {
    static var still: Editor { Editor(document: EditorTests.document) }

    @Test func aPointMovedAtTwoSecondsKeysTwoSeconds() throws {
        var editor = Self.still
        let base = editor.mesh!.mesh.locations.positions
        editor.setKeyframePosition(vertex: 4, to: base[4] + SIMD2(0.1, 0), at: 2)
        let animated = try #require(editor.mesh)
        #expect(editor.keyframeEnds == [2])
        #expect(animated.mesh.locations.positions == base)
        let at2 = animated.mesh(at: 2).locations.positions
        #expect(abs(at2[4].x - (base[4].x + 0.1)) < 1e-12 && at2[0] == base[0])
        #expect(animated.mesh(at: 0).locations.positions == base)
        let undone = editor.undo()
        #expect(undone && editor.mesh?.animation == nil)
    }

    @Test func aTimeInsideAKeyframeCutsItInTwo() throws {
        var editor = Self.still
        let base = editor.mesh!.mesh.locations.positions
        editor.setKeyframePosition(vertex: 0, to: base[0] + SIMD2(0.2, 0.2), at: 4)
        let before1 = try #require(editor.keyframedPosition(of: 0, at: 1))
        editor.setKeyframePosition(vertex: 8, to: base[8] - SIMD2(0.1, 0.1), at: 1)
        #expect(editor.keyframeEnds == [1, 4])
        // Vertex 0 is where it was at 1 s, and still ends where it did.
        let after1 = try #require(editor.keyframedPosition(of: 0, at: 1))
        #expect(length(after1 - before1) < 1e-12)
        #expect(length(try #require(editor.keyframedPosition(of: 0, at: 4)) - (base[0] + SIMD2(0.2, 0.2))) < 1e-12)
        // At the same time again (within the snap): the same keyframe.
        editor.setKeyframePosition(vertex: 8, to: base[8], at: 1.004)
        #expect(editor.keyframeEnds == [1, 4])
    }

    @Test func retimeReeaseAndDelete() throws {
        var editor = Self.still
        let base = editor.mesh!.mesh.locations.positions
        editor.setKeyframePosition(vertex: 1, to: base[1] + SIMD2(0, 0.1), at: 1)
        editor.setKeyframePosition(vertex: 1, to: base[1] + SIMD2(0, 0.2), at: 3)
        editor.setKeyframeEnd(0, to: 1.5)
        #expect(editor.keyframeEnds == [1.5, 3.5])
        editor.setKeyframeEasing(1, to: .spring(response: 0.6, dampingFraction: 0.7))
        #expect(editor.mesh?.animation?.keyframes[1].easing == .spring(response: 0.6, dampingFraction: 0.7))
        editor.deleteKeyframe(0)
        #expect(editor.keyframeEnds == [3.5])
        editor.deleteKeyframe(0)
        #expect(editor.mesh?.animation == nil && editor.mesh?.mesh.locations.positions == base)
        // Every step undone returns the still mesh.
        while editor.canUndo { _ = editor.undo() }
        #expect(editor.document == Self.still.document)
    }

    @Test func aLoopGrowsToHoldTheKeyframes() {
        var editor = Self.still
        editor.setKeyframePosition(vertex: 2, to: SIMD2(0.9, 0.1), at: 1)
        editor.setLoop(2)
        editor.setKeyframePosition(vertex: 2, to: SIMD2(0.8, 0.2), at: 3)
        #expect(editor.mesh?.animation?.loop == 3)
        #expect(throws: Never.self) { try editor.mesh?.animation?.validate(vertexCount: 9) }
    }
}

private func length(_ p: SIMD2<Double>) -> Double { (p * p).sum().squareRoot() }
