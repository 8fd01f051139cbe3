import MeshGradDocument

extension Preset {
    /// A mesh preset's mesh and animation: every preset these tests name
    /// is a mesh document (scenes have no mesh of their own to export).
    var meshDocument: AnimatedMesh {
        guard let mesh = document.animatedMesh else { preconditionFailure("\(name) is a scene") }
        return mesh
    }
}
