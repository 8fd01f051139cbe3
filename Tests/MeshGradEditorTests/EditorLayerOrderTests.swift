import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradEditor

/// A layer dragged to another place in the list, and a locked layer: one
/// undo step each, the layout and the edited mesh following, the lock
/// written to the file and read back.
@Suite struct EditorLayerOrderTests {
    static var screen: GradientDocument { Presets.named("onboarding-screen")!.document }

    @Test func aLayerMovedToAnotherPlaceShiftsThoseBetween() throws {
        var editor = Editor(document: Self.screen)
        let before = try #require(editor.document.scene)
        let count = before.layers.count
        try #require(count >= 4)
        let edited = editor.target
        let moved = editor.moveLayer(count - 1, to: 1)
        #expect(moved == 1)
        let after = try #require(editor.document.scene)
        #expect(
            after.layers[1].name == before.layers[count - 1].name
                && after.layers[1].text == before.layers[count - 1].text)
        // The layers between moved one place up, in their order.
        for k in 1..<(count - 1) { #expect(after.layers[k + 1].fill == before.layers[k].fill) }
        #expect(after.layers[0] == before.layers[0])
        // The layout names the same layers at their new places.
        let expected = before.layout!.root.renumberingLayers { $0 == count - 1 ? 1 : $0 >= 1 ? $0 + 1 : $0 }
        #expect(after.layout?.root == expected)
        if case .layer(let m)? = edited { #expect(editor.target == .layer(m == 0 ? 0 : m + 1)) }
        #expect(editor.undo() && editor.document.scene == before)
    }

    @Test func movingDownwardAndToItsOwnPlace() throws {
        var editor = Editor(document: Self.screen)
        let before = try #require(editor.document.scene)
        #expect(editor.moveLayer(2, to: 2) == 2 && !editor.canUndo)
        #expect(editor.moveLayer(0, to: 99) == before.layers.count - 1)
        #expect(editor.document.scene?.layers.last == before.layers[0])
        #expect(editor.document.scene?.layers.first == before.layers[1])
    }

    @Test func aLockIsOneUndoStepAndIsSavedAndRead() throws {
        var editor = Editor(document: Self.screen)
        #expect(!editor.isLocked(layer: 0))
        editor.setLocked(layer: 0, true)
        #expect(editor.isLocked(layer: 0) && editor.editsLockedLayer == (editor.target == .layer(0)))
        let text = editor.document.jsonText()
        #expect(text.contains("\"locked\": true"))
        let read = try GradientDocument.decode(text)
        #expect(read.scene?.layers[0].locked == true && read.scene?.layers[1].locked == false)
        #expect(editor.undo() && !editor.isLocked(layer: 0))
        #expect(!editor.document.jsonText().contains("locked"))
    }

    @Test func aLockThatIsNotABooleanIsRefusedWithItsPath() throws {
        var text = Self.screen.jsonText()
        let at = try #require(text.range(of: "\"layers\": ["))
        text.replaceSubrange(at, with: "\"layers\": [{\"fill\": \"#ff0000\", \"locked\": \"yes\"}, ")
        #expect {
            _ = try GradientDocument.decode(text)
        } throws: { "\($0)".contains("locked") }
    }
}

/// The rulers' steps: 1, 2 or 5 times a power of ten, the smallest whose
/// numbers stand far enough apart; minor ticks between them.
@Suite struct RulerScaleTests {
    @Test func theStepGrowsAsTheCanvasShrinksOnScreen() {
        // 3840 px in 600 units: 0.156 units a pixel; 60 units needs 384 → 500.
        let small = RulerScale(canvasPixels: 3840, length: 600, minimumGap: 60)
        #expect(small.majorStep == 500 && small.step == 100)
        // 3840 px in 7680 units (zoomed in): 2 units a pixel → 50.
        let zoomed = RulerScale(canvasPixels: 3840, length: 7680, minimumGap: 60)
        #expect(zoomed.majorStep == 50 && zoomed.step == 10)
        let twos = RulerScale(canvasPixels: 1000, length: 3000, minimumGap: 60)
        #expect(twos.majorStep == 20 && twos.step == 5)
        let ones = RulerScale(canvasPixels: 10, length: 1000, minimumGap: 60)
        #expect(ones.majorStep == 1 && ones.step == 1)
    }

    @Test func ticksCoverWhatIsInViewOnStepsOnly() {
        let scale = RulerScale(canvasPixels: 3840, length: 600, minimumGap: 60)
        let ticks = scale.ticks(from: -150, to: 1020)
        #expect(ticks.first?.pixel == -100 && ticks.last?.pixel == 1000)
        #expect(ticks.allSatisfy { $0.pixel % 100 == 0 && $0.major == ($0.pixel % 500 == 0) })
        #expect(scale.ticks(from: 10, to: 90).isEmpty)
    }
}

/// The recent files: newest first, each once, at most ten, kept in the
/// state folder; a file gone is not offered; an unreadable list is empty.
@Suite struct RecentFilesTests {
    @Test func newestFirstOnceEachAndKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recent-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = (0..<12).map { "\(folder)/d\($0).json" }
        for f in files { #expect(FileManager.default.createFile(atPath: f, contents: Data("{}".utf8))) }
        var recent = RecentFiles(folder: folder + "/state")
        for f in files { recent.note(f) }
        recent.note(files[3])
        recent.note(folder + "/./d5.json")
        let read = RecentFiles(folder: folder + "/state")
        #expect(read.paths.count == RecentFiles.limit)
        #expect(Array(read.paths.prefix(3)) == [files[5], files[3], files[11]])
        try FileManager.default.removeItem(atPath: files[11])
        #expect(read.offered(excluding: files[5]).first == files[3])
        #expect(!read.offered(excluding: nil).contains(files[11]))
    }

    @Test func aBrokenListIsEmpty() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recent-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("[1, 2".utf8).write(to: URL(fileURLWithPath: folder + "/recent-files.json"))
        #expect(RecentFiles(folder: folder).paths.isEmpty)
        #expect(StateFolder.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/meshgrad")
        #expect(StateFolder.path(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state/meshgrad")
        #expect(StateFolder.path(environment: [:]) == nil)
    }
}
