import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradEditor

/// The editor's Generate panel: R with a theme and a harmony uses
/// `meshgrad random`'s generator, and the grain slider is one undoable step.
@Suite struct EditorGenerateTests {
    func editor() -> Editor {
        var editor = Editor(document: GradientDocument(mesh: MeshGenerator(GeneratorSettings(seed: 1)).mesh()))
        editor.randomize(seed: 9)
        return editor
    }

    @Test func aThemeSetsTheHuesOfTheNewMesh() throws {
        var editor = editor()
        editor.randomize(seed: 4, theme: Theme("ocean"))
        let colors = try #require(editor.mesh?.mesh.colors).map(Oklch.init)
        for color in colors where color.chroma >= 0.03 {
            // ThemeTests' arc for "ocean".
            #expect((170...275).contains(color.hue), "hue \(color.hue)")
        }
        // And each color is 8-bit exact, so it is saved as #RRGGBB.
        #expect(try #require(editor.mesh?.mesh.colors).allSatisfy { $0.exact8BitComponents != nil })
    }

    @Test func aHarmonyIsKeptAndTheSeedStillMatters() throws {
        var a = editor()
        var b = editor()
        a.randomize(seed: 5, harmony: .monochrome)
        b.randomize(seed: 6, harmony: .monochrome)
        let hues = try #require(a.mesh?.mesh.colors).map(Oklch.init).filter { $0.chroma >= 0.03 }.map(\.hue)
        let spread = (hues.max() ?? 0) - (hues.min() ?? 0)
        #expect(spread < 20 || spread > 340, "monochrome hues spread \(spread)°")
        #expect(a.mesh?.mesh.colors != b.mesh?.mesh.colors)
    }

    @Test func theGrainSliderSetsClearsAndUndoes() {
        var editor = editor()
        #expect(editor.document.grain == nil)
        editor.setGrainAmount(0.12)
        #expect(editor.document.grain?.amount == 0.12)
        editor.setGrainAmount(0)
        #expect(editor.document.grain == nil)
        let undone = editor.undo()
        #expect(undone)
        #expect(editor.document.grain?.amount == 0.12)
    }
}
