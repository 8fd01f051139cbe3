import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradEditor

/// Layers added, duplicated, named and deleted: one undo step each, the
/// layout following the layers it names, the edited mesh kept.
@Suite struct EditorLayerTests {
    static var screen: GradientDocument { Presets.named("onboarding-screen")!.document }

    @Test func insertingAndDeletingRenumbersTheLayout() throws {
        var editor = Editor(document: Self.screen)
        let before = editor.document
        let layout = try #require(before.scene?.layout)
        let count = editor.layers.count
        let inserted = editor.insertLayer(Editor.NewLayer.text.layer, at: 1)
        let added = try #require(inserted)
        #expect(added == 1 && editor.layers.count == count + 1)
        // Every layer the layout named is named still, one further up from 1 on.
        let renumbered = try #require(editor.document.scene?.layout)
        #expect(renumbered.root == layout.root.renumberingLayers { $0 >= 1 ? $0 + 1 : $0 })
        #expect(editor.layers[2] == before.scene!.layers[1])
        editor.deleteLayer(1)
        #expect(editor.document == before)
        let undone = editor.undo() && editor.undo()
        #expect(undone && editor.document == before)
    }

    @Test func deletingALaidOutLayerTakesItOutOfTheLayout() throws {
        var editor = Editor(document: Self.screen)
        let layout = try #require(editor.document.scene?.layout)
        let named = layout.root.layerIndices.sorted()
        let k = try #require(named.last)
        editor.deleteLayer(k)
        let after = try #require(editor.document.scene?.layout)
        #expect(after.root.layerIndices.sorted() == Array(named.dropLast()))
    }

    @Test func duplicateRenameAndTheEditedMesh() throws {
        var editor = Editor(document: Self.screen)
        let mesh = try #require(editor.target)
        guard case .layer(let m) = mesh else { Issue.record("no mesh layer"); return }
        let duplicated = editor.duplicateLayer(m)
        let copy = try #require(duplicated)
        #expect(copy == m + 1 && editor.layers[copy].fill == editor.layers[m].fill)
        #expect(editor.target == .layer(m))
        editor.insertLayer(Editor.NewLayer.shape.layer, at: 0)
        #expect(editor.target == .layer(m + 1))
        editor.renameLayer(0, to: "  Card  ")
        #expect(editor.layers[0].name == "Card")
        editor.renameLayer(0, to: " ")
        #expect(editor.layers[0].name == nil)
        let text = try GradientDocument.decode(editor.document.jsonText())
        #expect(text == editor.document)
        // The edited mesh deleted: the scene's first mesh (its copy, now where it was) is edited.
        editor.deleteLayer(m + 1)
        #expect(editor.target == .layer(m + 1) && editor.layers.count == Self.screen.scene!.layers.count + 1)
        #expect(editor.mesh != nil && editor.selection == nil)
    }

    @Test func aLaidOutLayerEditsItsStack() throws {
        var editor = Editor(document: Self.screen)
        let named = try #require(editor.document.scene?.layout?.root.layerIndices)
        let k = try #require(named.last)
        let stack = try #require(editor.stackHolding(layer: k))
        let frame = editor.layers[k].frame
        editor.setFrame(ofLayer: k, to: UnitRect(x: 0, y: 0, width: 0.1, height: 0.1))
        #expect(editor.layers[k].frame == frame, "the stack places it")
        editor.editStack(holding: k) { $0.spacing = stack.spacing + 40 }
        #expect(editor.stackHolding(layer: k)?.spacing == stack.spacing + 40)
        #expect(editor.stackHolding(layer: 0) == nil || named.contains(0))
        let undone = editor.undo()
        #expect(undone && editor.stackHolding(layer: k) == stack)
    }
}
