import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradEditor

/// The editing model without a window: every edit undoable, drags as one
/// step, colors in Oklch, resampling that keeps the picture.
@Suite struct EditorTests {
    static let document: GradientDocument = {
        var document = Presets.aurora.document
        document[.document]?.animation = nil
        return document
    }()

    @Test func undoAndRedoWalkEveryEditExactly() {
        var editor = Editor(document: Self.document)
        var states = [editor.document]
        editor.selection = .vertex(4)
        editor.nudge(by: SIMD2(0.01, -0.02))
        states.append(editor.document)
        editor.adjustColor(hue: 30)
        states.append(editor.document)
        editor.toggleSmoothColors()
        states.append(editor.document)
        editor.toggleColorSpace()
        states.append(editor.document)
        editor.resizeGrid(by: 1)
        states.append(editor.document)
        #expect(Set(states.map(\.hashValue)).count == states.count, "every edit changed something")
        for expected in states.reversed().dropFirst() {
            let undone = editor.undo()
            #expect(undone)
            #expect(editor.document == expected)
        }
        let undoneAgain = editor.undo()
        #expect(!undoneAgain)
        for expected in states.dropFirst() {
            let redone = editor.redo()
            #expect(redone)
            #expect(editor.document == expected)
        }
        let redoneAgain = editor.redo()
        #expect(!redoneAgain)
    }

    @Test func aDragIsOneUndoStep() {
        var editor = Editor(document: Self.document)
        editor.beginGesture()
        for step in 1...20 { editor.move(.vertex(4), to: SIMD2(0.5 + Double(step) * 0.01, 0.4)) }
        editor.endGesture()
        #expect(editor.mesh!.mesh.locations.positions[4] == SIMD2(0.7, 0.4))
        let undone = editor.undo()
        #expect(undone)
        #expect(editor.document == Self.document)
        #expect(!editor.canUndo)
    }

    @Test func aNewEditClearsRedo() {
        var editor = Editor(document: Self.document)
        editor.toggleSmoothColors()
        editor.undo()
        #expect(editor.canRedo)
        editor.toggleColorSpace()
        #expect(!editor.canRedo)
    }

    @Test func draggingFarAwayOrToNaNStaysFinite() {
        var editor = Editor(document: Self.document)
        editor.move(.vertex(4), to: SIMD2(1e300, -1e300))
        #expect(editor.mesh!.mesh.locations.positions[4] == SIMD2(4, -4))
        editor.move(.vertex(4), to: SIMD2(.nan, 0.5))
        editor.move(.vertex(4), to: SIMD2(.infinity, 0.5))
        #expect(editor.mesh!.mesh.locations.positions[4] == SIMD2(4, -4))
        // And it still renders.
        let image = CPURenderer().render8(RenderPlan(mesh: editor.mesh!.mesh, width: 32, height: 20))
        #expect(image.width == 32)
    }

    @Test func movingABezierVertexCarriesItsHandles() {
        var editor = Editor(document: Presets.silk.document)
        let before = editor.mesh!.mesh.bezierPoints[4]
        editor.move(.vertex(4), to: before.position + SIMD2(0.1, 0.05))
        let after = editor.mesh!.mesh.bezierPoints[4]
        #expect(length(after.leading - before.leading - SIMD2(0.1, 0.05)) < 1e-12)
        editor.move(.handle(4, .trailing), to: SIMD2(0.9, 0.2))
        #expect(editor.mesh!.mesh.bezierPoints[4].trailing == SIMD2(0.9, 0.2))
        #expect(editor.mesh!.mesh.bezierPoints[4].position == after.position)
    }

    @Test func colorStepsAreOklchSteps() {
        var editor = Editor(document: Self.document)
        editor.selection = .vertex(4)
        let before = Oklch(editor.mesh!.mesh.colors[4])
        editor.adjustColor(lightness: 0.05)
        let lighter = Oklch(editor.mesh!.mesh.colors[4])
        #expect(abs(lighter.lightness - before.lightness - 0.05) < 1e-3)
        #expect(abs(lighter.hue - before.hue) < 1)
        editor.adjustColor(hue: 15)
        let turned = Oklch(editor.mesh!.mesh.colors[4])
        #expect(abs(turned.hue - before.hue - 15) < 1.5)
        editor.selection = .background
        editor.adjustColor(lightness: 0.1)
        #expect(editor.mesh!.mesh.background != Self.document.animatedMesh!.mesh.background)
    }

    @Test func oklchColorsStayInGamut() {
        for hue in stride(from: 0.0, to: 360, by: 20) {
            let color = Oklch(lightness: 0.7, chroma: 0.4, hue: hue).color()
            for c in [color.red, color.green, color.blue] { #expect(c >= -1e-9 && c <= 1 + 1e-9) }
        }
        let red = RGBAColor(hex: "#ff0000")!
        let back = Oklch(red).color()
        #expect(abs(back.red - 1) < 1e-6 && abs(back.green) < 1e-6 && abs(back.blue) < 1e-6)
    }

    /// Resampling onto a finer grid keeps the picture as far as a new grid
    /// can (its slopes are new): the warped 3×3 aurora on a 5×5 grid is
    /// within a few levels on average, where an unrelated mesh is tens away.
    @Test func resamplingKeepsThePicture() {
        let mesh = Self.document.animatedMesh!.mesh
        let finer = mesh.resampled(width: 5, height: 5)
        #expect(finer.width == 5 && finer.height == 5)
        let a = CPURenderer().render8(RenderPlan(mesh: mesh, width: 96, height: 64), dithers: false)
        let b = CPURenderer().render8(RenderPlan(mesh: finer, width: 96, height: 64), dithers: false)
        let difference = ImageDifference(a, b)
        var sum = 0
        for (level, count) in difference.histogram.enumerated() { sum += level * count }
        let mean = Double(sum) / Double(96 * 64)
        #expect(mean < 6, "mean difference \(mean) levels")
        let other = CPURenderer().render8(
            RenderPlan(mesh: Randomizer(seed: 5).mesh(width: 3, height: 3), width: 96, height: 64), dithers: false)
        var otherSum = 0
        for (level, count) in ImageDifference(a, other).histogram.enumerated() { otherSum += level * count }
        #expect(Double(otherSum) / Double(96 * 64) > 4 * mean)
        // Vertices that existed before keep their place and color.
        #expect(finer.locations.positions[0] == mesh.locations.positions[0])
        #expect(length(finer.locations.positions[12] - mesh.locations.positions[4]) < 1e-12)
    }

    @Test func gridsStayBetweenTwoAndEight() {
        var editor = Editor(document: Self.document)
        for _ in 0..<10 { editor.resizeGrid(by: 1) }
        #expect(editor.mesh!.mesh.width == Editor.maximumGrid)
        for _ in 0..<10 { editor.resizeGrid(by: -1) }
        #expect(editor.mesh!.mesh.width == 2 && editor.mesh!.mesh.height == 2)
    }

    @Test func randomizingIsSeededAndHarmonious() {
        let a = Randomizer(seed: 42).mesh(width: 4, height: 4)
        let b = Randomizer(seed: 42).mesh(width: 4, height: 4)
        let c = Randomizer(seed: 43).mesh(width: 4, height: 4)
        #expect(a == b)
        #expect(a != c)
        // Harmonious: moderate chroma, lightness ordered down the grid.
        for seed in UInt64(1)...20 {
            let mesh = Randomizer(seed: seed).mesh(width: 4, height: 4)
            let lch = mesh.colors.map(Oklch.init)
            #expect(lch.allSatisfy { $0.chroma < 0.2 })
            let rows = (0..<4).map { r in lch[(r * 4)..<(r * 4 + 4)].map(\.lightness).reduce(0, +) / 4 }
            #expect(rows == rows.sorted() || rows == rows.sorted().reversed(), "seed \(seed): \(rows)")
            #expect(
                mesh.locations.positions.allSatisfy { $0.x >= -0.01 && $0.x <= 1.01 && $0.y >= -0.01 && $0.y <= 1.01 })
        }
    }

    @Test func reloadIsUndoable() {
        var editor = Editor(document: Self.document)
        var fresh = Self.document
        fresh[.document]?.mesh.smoothsColors = false
        editor.reload(fresh)
        #expect(editor.document == fresh)
        editor.undo()
        #expect(editor.document == Self.document)
    }

    private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

    /// In a scene the editor edits the selected mesh layer, and says so:
    /// its target is that layer, and the scene's other layers are kept.
    @Test func aSceneEditsItsMeshLayer() throws {
        var editor = Editor(document: Presets.onboardingScreen.document)
        #expect(editor.target == .layer(0))
        let before = try #require(editor.mesh).mesh.locations.positions[4]
        editor.move(.vertex(4), to: before + SIMD2(0.1, 0))
        let scene = try #require(editor.document.scene)
        #expect(scene.layers.count == Presets.onboardingScreen.document.scene!.layers.count)
        #expect(editor.mesh!.mesh.locations.positions[4] == before + SIMD2(0.1, 0))
        let selectedOverlay = editor.select(layer: 1)
        #expect(!selectedOverlay && editor.target == .layer(0))
        let undone = editor.undo()
        #expect(undone)
        #expect(editor.document == Presets.onboardingScreen.document)
    }

    /// A scene of gradients alone has no mesh: edits change nothing.
    @Test func aSceneWithoutMeshesHasNothingToEdit() {
        var editor = Editor(document: Presets.seWallpaper.document)
        #expect(editor.target == nil && editor.mesh == nil)
        editor.selection = .vertex(0)
        editor.move(.vertex(0), to: SIMD2(0.5, 0.5))
        editor.adjustColor(hue: 30)
        editor.resizeGrid(by: 1)
        editor.randomize(seed: 1)
        #expect(editor.document == Presets.seWallpaper.document && !editor.canUndo)
    }
}
