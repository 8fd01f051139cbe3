@preconcurrency import CEpoxy
import MeshGradCore

extension GLSceneRenderer {
    /// The canvas drawn so far behind a material layer, over its backdrop
    /// box, copied and blurred by ``GLGaussianBlur`` (the twin of
    /// `SceneRenderer.blurredBackdrop` in Sources/MeshGradCore/Scene/
    /// Material.swift; the color is `material.glsl`'s).
    func blurredBackdrop(
        _ material: MaterialPlan, of layer: LayerPlan, plan: ScenePlan, canvas: GLFramebuffer
    ) throws(GLError) -> ContentImage {
        let area = material.backdropBox(of: layer.box, canvas: plan.canvas)
        let inside = area.intersection(plan.canvas)
        let (copy, target) = try GLFramebuffer.floatImage(
            width: area.width, height: area.height, what: "material backdrop")
        target.bind()
        var clear: [GLfloat] = [0, 0, 0, 0]  // transparent past the canvas
        epoxy_glClearBufferfv(GLenum(GL_COLOR), 0, &clear)
        if !inside.isEmpty {
            canvas.bind(GL_READ_FRAMEBUFFER)
            epoxy_glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0))
            copy.bind(unit: 0)
            // Canvas rows run top to bottom in the framebuffer as in the
            // texture: the copy keeps them.
            epoxy_glCopyTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(inside.x0 - area.x0), GLint(inside.y0 - area.y0), GLint(inside.x0),
                GLint(inside.y0), GLsizei(inside.width), GLsizei(inside.height))
            try checkGL("copying a material's backdrop")
        }
        let blurred = try GLTexture.image(width: area.width, height: area.height, format: GL_RGBA32F)
        try blur.blur(copy, into: blurred, width: area.width, height: area.height, kernel: material.kernel)
        return .backdrop(blurred, area)
    }
}
