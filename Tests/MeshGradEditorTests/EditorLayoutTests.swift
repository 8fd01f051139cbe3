import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradEditor

/// A laid-out scene (the onboarding screen) in the editor: it loads,
/// edits and saves without losing its layout; what is on screen after an
/// edit is what reading the saved document gives.
@Suite struct EditorLayoutTests {
    static let document = Presets.onboardingScreen.document

    /// What the editor would save, read back.
    static func saved(_ editor: Editor) throws -> GradientDocument {
        try GradientDocument.decode(editor.document.jsonText())
    }

    @Test func aLaidOutSceneSavesAndReloadsAsItWas() throws {
        let editor = Editor(document: Self.document)
        let reloaded = try Self.saved(editor)
        #expect(reloaded == Self.document)
        #expect(reloaded.scene?.layout == Self.document.scene?.layout && reloaded.scene?.layout != nil)
    }

    /// A longer description wraps onto a third line: its frame grows, the
    /// cards below it move down, as SwiftUI's stack would move them, at
    /// once (not only when the file is read again).
    @Test func editingATextLaysTheSceneOutAgain() throws {
        var editor = Editor(document: Self.document)
        let before = try #require(editor.document.scene)
        editor.editText(ofLayer: 5) { $0.text += ", with every color you can think of and more" }
        let after = try #require(editor.document.scene)
        #expect(after.layers[5].frame.height > before.layers[5].frame.height * 1.4, "a third line")
        #expect(after.layers[5].text?.wrapWidth == after.layers[5].frame.width * 393)
        #expect(after.layers[6].frame.y != before.layers[6].frame.y, "the next card moved")
        #expect(after.layout == before.layout)
        #expect(try Self.saved(editor) == editor.document)
        #expect(editor.undo() && editor.document == Self.document)
    }

    /// A laid-out layer's frame is its stack's: setting it changes nothing
    /// (no undo step), where a layer outside the layout moves.
    @Test func aLaidOutFrameBelongsToItsStack() throws {
        var editor = Editor(document: Self.document)
        editor.setFrame(ofLayer: 2, to: UnitRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2))
        #expect(editor.document == Self.document && !editor.canUndo)
        editor.setFrame(ofLayer: 1, to: UnitRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2))
        #expect(editor.document.scene?.layers[1].frame == UnitRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2))
        #expect(try Self.saved(editor) == editor.document)
    }

    /// Moving a layer in the drawing order keeps the layout naming the
    /// same layers: the title, now layer 1, keeps its place in the stack.
    @Test func reorderingKeepsTheLayoutsLayers() throws {
        var editor = Editor(document: Self.document)
        let title = try #require(Self.document.scene?.layers[2])
        #expect(editor.moveLayer(2, by: -1) == 1)
        let scene = try #require(editor.document.scene)
        #expect(scene.layers[1] == title && scene.layers[2].text == nil)
        #expect(scene.layout?.root.layerIndices.contains(1) == true)
        #expect(scene.layout?.root.layerIndices.contains(2) == false)
        let reloaded = try #require(try Self.saved(editor).scene)
        #expect(reloaded.layers[1].frame == title.frame && reloaded == scene)
    }
}
