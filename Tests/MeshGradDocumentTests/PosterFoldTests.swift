import MeshGradCore
import MeshGradDocument
import Testing

/// A preset's poster frame (what a still render shows) draws its mesh
/// without a patch folding over itself (the fold rule, mesh-math §7a):
/// `meshing-text-mesh` stands for the tutorial's rainbow, and at its wave
/// extreme (t = 0) its bottom-left patch folds into a sharp crease.
@Suite struct PosterFoldTests {
    static func folds(_ mesh: MeshGradient) -> Bool {
        RenderPlan(mesh: mesh, width: 480, height: 270).folds
    }

    @Test func theRainbowDoesNotFoldAtItsPoster() throws {
        let document = Presets.meshingText.document
        let mesh = try #require(document.animatedMesh)
        let foldsAtZero = Self.folds(mesh.mesh(at: 0))
        #expect(foldsAtZero, "t = 0 is the folded extreme this poster time avoids")
        #expect(document.poster != 0)
        // Not on the edge of a fold either: a tenth of a second either way
        // stays clear.
        for dt in stride(from: -0.1, through: 0.1, by: 0.025) {
            let folds = Self.folds(mesh.mesh(at: document.poster + dt))
            #expect(!folds, "t = \(document.poster + dt)")
        }
    }

    /// No mesh preset's poster frame folds.
    @Test func noMeshPresetFoldsAtItsPoster() {
        for preset in Presets.all {
            guard let mesh = preset.document.animatedMesh else { continue }
            let folds = Self.folds(mesh.mesh(at: preset.document.poster))
            #expect(!folds, "\(preset.name)")
        }
    }
}
