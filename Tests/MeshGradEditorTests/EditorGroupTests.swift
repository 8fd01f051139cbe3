import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradEditor

/// Several vertices at once: chosen, moved, nudged and aligned together,
/// each edit one undo step; a group that outlives its vertices shrinks.
@Suite struct EditorGroupTests {
    static var editor: Editor { Editor(document: EditorTests.document) }

    func positions(_ editor: Editor) -> [SIMD2<Double>] { editor.mesh!.mesh.locations.positions }

    @Test func aGroupMovesAsOneStep() {
        var editor = Self.editor
        let before = positions(editor)
        editor.selectGroup([1, 4, 7])
        #expect(editor.movedVertices == [1, 4, 7] && editor.selection == .vertex(1))
        editor.nudge(by: SIMD2(0.025, -0.01))
        let after = positions(editor)
        for i in before.indices {
            let expected = [1, 4, 7].contains(i) ? before[i] + SIMD2(0.025, -0.01) : before[i]
            #expect(length(after[i] - expected) < 1e-12, "vertex \(i)")
        }
        let undone = editor.undo()
        #expect(undone && positions(editor) == before)
        #expect(!editor.canUndo)
    }

    @Test func shiftClickAddsAndRemoves() {
        var editor = Self.editor
        editor.selection = .vertex(2)
        editor.toggleInGroup(5)
        #expect(editor.movedVertices == [2, 5] && editor.selection == .vertex(5))
        editor.toggleInGroup(2)
        #expect(editor.movedVertices == [5])
        editor.toggleInGroup(99)
        #expect(editor.group == [5])
    }

    @Test func alignLinesTheGroupUp() {
        var editor = Self.editor
        editor.selectGroup([3, 4, 5])
        editor.moveGroup(by: SIMD2(0, 0))  // nothing moved: no step
        #expect(!editor.canUndo)
        editor.editMesh { mesh in
            var points = mesh.mesh.locations.positions
            points[4].y += 0.1
            mesh.mesh.locations = .points(points)
        }
        let top = [3, 4, 5].map { positions(editor)[$0].y }.min()!
        editor.alignGroup(.top)
        let p = positions(editor)
        #expect(p[3].y == top && p[4].y == top && p[5].y == top)
        editor.alignGroup(.centerX)
        #expect(positions(editor)[3].x == positions(editor)[5].x)
        for _ in 0..<3 {
            let undone = editor.undo()
            #expect(undone)
        }
        #expect(positions(editor) == Self.editor.mesh!.mesh.locations.positions)
    }

    @Test func aSmallerGridDropsTheVerticesItLost() {
        var editor = Self.editor
        editor.selectGroup([0, 8])
        editor.resizeGrid(by: -1)
        #expect(editor.group.isEmpty && editor.selection == nil)
        let undone = editor.undo()
        #expect(undone && editor.group.allSatisfy { $0 < 9 })
    }
}

private func length(_ p: SIMD2<Double>) -> Double { (p * p).sum().squareRoot() }

/// The eyedropper's reading and the document's palette.
@Suite struct EditorColorToolTests {
    @Test func theEyedropperReadsWhatTheMeshShows() throws {
        let editor = Editor(document: EditorTests.document)
        let mesh = try #require(editor.mesh?.mesh)
        // Inside a corner pixel of vertex 0 the mesh shows vertex 0's color.
        let corner = try #require(editor.color(at: SIMD2(0.0005, 0.0005), time: 0))
        for k in 0..<3 { #expect(abs(corner.vector[k] - mesh.colors[0].vector[k]) <= 1.0 / 255, "channel \(k)") }
        #expect(editor.color(at: SIMD2(1.2, 0.5), time: 0) == nil)
        // Halfway between two vertices: neither's color.
        let middle = try #require(editor.color(at: SIMD2(0.25, 0.0005), time: 0))
        #expect(middle != mesh.colors[0].rounded8 && middle != mesh.colors[1].rounded8)
    }

    @Test func thePaletteListsEachColorOnce() {
        var editor = Editor(document: EditorTests.document)
        let colors = editor.mesh!.mesh.colors
        editor.selection = .vertex(1)
        editor.setSelectedColor(colors[0])
        let palette = editor.palette
        #expect(palette.first == colors[0].rounded8 || palette.first == colors[0])
        #expect(Set(palette).count == palette.count)
        #expect(palette.count == Set(editor.mesh!.mesh.colors + [editor.mesh!.mesh.background]).count)
    }
}

/// Spreading a group evenly.
@Suite struct EditorDistributeTests {
    @Test func distributeSpacesTheGroupEvenly() {
        var editor = Editor(document: EditorTests.document)
        editor.editMesh { mesh in
            var points = mesh.mesh.locations.positions
            points[3].x = 0.05
            points[4].x = 0.2
            points[5].x = 0.95
            mesh.mesh.locations = .points(points)
        }
        editor.selectGroup([5, 3, 4])
        editor.distributeGroup(horizontally: true)
        let p = editor.mesh!.mesh.locations.positions
        #expect(abs(p[3].x - 0.05) < 1e-12 && abs(p[4].x - 0.5) < 1e-12 && abs(p[5].x - 0.95) < 1e-12)
        let undone = editor.undo()
        #expect(undone && abs(editor.mesh!.mesh.locations.positions[4].x - 0.2) < 1e-12)
    }
}
