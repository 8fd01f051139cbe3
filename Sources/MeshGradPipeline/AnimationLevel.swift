import MeshGradCore
import MeshGradDocument

extension FrameSchedule {
    /// One tessellation level for every frame of `document`'s animation on a
    /// `width × height` canvas, so that the GPU's upload is reused from
    /// frame to frame (mesh-math §9): a mesh's, the largest over the frames;
    /// nil for a scene, whose frames plan their meshes themselves.
    public func tessellationLevel(for document: GradientDocument, width: Int, height: Int) -> Int? {
        guard case .mesh(let mesh) = document.content else { return nil }
        return tessellationLevel(base: mesh.mesh, animation: mesh.animation, width: width, height: height)
    }
}
