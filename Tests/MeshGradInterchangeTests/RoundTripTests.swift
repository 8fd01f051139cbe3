import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// What `meshgrad code` promises to carry: the mesh, and waves without a
/// loop as they are (with a loop, the closed frequencies it prints); drift
/// and keyframes have no SwiftUI form, so their frame at t = 0, still.
func codeCarries(_ document: AnimatedMesh) -> (MeshGradient, MeshAnimation?) {
    guard let animation = document.animation else { return (document.mesh, nil) }
    guard animation.drift == nil, animation.keyframes.isEmpty, !animation.waves.isEmpty,
        case .points = document.mesh.locations
    else { return (document.mesh(at: 0), nil) }
    let waves = animation.waves.map { w in
        animation.loop.map { VertexWaves(vertex: w.vertex, x: w.x?.closingLoop($0), y: w.y?.closingLoop($0)) } ?? w
    }
    return (document.mesh, MeshAnimation(waves: waves))
}

/// The same motion written one way: waves by vertex, and a wave's own
/// base folded into the vertex's rest coordinate (which no frame shows,
/// since the wave decides that coordinate at every time; SwiftUI code
/// has nowhere to keep it).
func canonical(_ mesh: MeshGradient, _ animation: MeshAnimation?) -> (MeshGradient, MeshAnimation?) {
    guard var animation, case .points(var positions) = mesh.locations else { return (mesh, animation) }
    animation.waves.sort { $0.vertex < $1.vertex }
    for k in animation.waves.indices {
        let v = animation.waves[k].vertex
        if let base = animation.waves[k].x?.base {
            positions[v].x = base
            animation.waves[k].x?.base = nil
        }
        if let base = animation.waves[k].y?.base {
            positions[v].y = base
            animation.waves[k].y?.base = nil
        }
    }
    var result = mesh
    result.locations = .points(positions)
    return (result, animation)
}

@Suite struct RoundTripTests {
    @Test(arguments: Presets.all.filter { $0.document.animatedMesh != nil }.map(\.name))
    func codeThenImportGivesTheDocumentBack(_ name: String) throws {
        let document = try #require(Presets.named(name)).meshDocument
        let code = document.swiftUICode()
        let imported = try importOne(code, file: "\(name).swift")
        let expected = codeCarries(document)
        let (mesh, animation) = canonical(imported.mesh, imported.animation)
        let (expectedMesh, expectedAnimation) = canonical(expected.0, expected.1)
        #expect(mesh == expectedMesh)
        #expect(animation == expectedAnimation)
        // And every frame draws the same.
        let back = AnimatedMesh(imported.mesh, animation: imported.animation)
        let reference = AnimatedMesh(expected.0, animation: expected.1)
        for time in [0, 3.3] {
            #expect(renderDifference(back, reference, time: time, size: 48) == 0)
        }
    }

    @Test func restCoordinatesAreKeptWhereTheyShow() throws {
        // Only meshing-text's vertex 4 swings around a base of its own
        // (0.5, resting at 0.55): the one value canonical() folds.
        let imported = try importOne(Presets.meshingText.meshDocument.swiftUICode())
        #expect(imported.mesh.locations.positions[4] == SIMD2(0.45, 0.5))
        #expect(imported.animation?.waves.first { $0.vertex == 4 }?.y?.base == nil)
    }
}
