import MeshGradCore
import MeshGradExport
import MeshGradGL

/// Frames drawn into the current window's framebuffer with the GL
/// renderers (the preview): a mesh's upload is kept between frames and only
/// its vertices and colors replaced while its triangles match; a scene is
/// composited by `GLSceneRenderer`. Also renders a frame off-screen, for
/// the preview's PNG export. Made with the window's context current.
public final class GLFramePresenter {
    let meshes: GLRenderer
    let scenes: GLSceneRenderer
    private var uploaded: GPUMesh?

    public init() throws(GLError) {
        meshes = try GLRenderer()
        scenes = try GLSceneRenderer(meshRenderer: meshes)
    }

    /// The GL renderer's name, for the window's first line.
    public var rendererName: String { meshes.info.renderer }

    /// Draws `frame` into the window's default framebuffer.
    public func present(_ frame: FramePlan) throws(GLError) {
        switch frame {
        case .scene(let plan):
            try scenes.present(plan)
        case .mesh(let plan):
            if let uploaded, uploaded.plan.width == plan.width, uploaded.plan.height == plan.height,
                uploaded.plan.tessellation.indices.count == plan.tessellation.indices.count
            {
                try uploaded.update(plan)
            } else {
                uploaded = try meshes.upload(plan)
            }
            try meshes.present(uploaded!)
        }
    }

    /// `frame` as an 8-bit image, off-screen.
    public func render8(_ frame: FramePlan, dithers: Bool = true) throws(GLError) -> RGBAImage<UInt8> {
        switch frame {
        case .scene(let plan): try scenes.render8(plan, dithers: dithers)
        case .mesh(let plan): try meshes.render(try meshes.upload(plan), format: .rgba8(dithers: dithers))
        }
    }

    /// Forgets the kept upload (the document was replaced).
    public func forgetUpload() { uploaded = nil }
}
