@preconcurrency import CEpoxy

/// The framebuffers of one region size: the output image (none when the
/// last pass draws into a window, or only pass 1 is wanted), and when the
/// mesh is drawn in two passes (see ``GLRenderer``), pass 1's images.
final class PassTargets {
    let width: Int
    let height: Int
    let samples: Int
    let format: OutputFormat
    /// Whether pass 1 has a depth buffer (a mesh that folds, mesh-math §7a).
    let depth: Bool
    /// Pass 1's images; nil when the mesh finishes in one pass.
    let passOne: PassOneImages?
    /// Draws into the output image, which is read back; nil without one.
    let outputFramebuffer: GLFramebuffer?

    init(
        width: Int, height: Int, samples: Int, format: OutputFormat, twoPasses: Bool, hasOutput: Bool,
        depth: Bool = false
    ) throws(GLError) {
        precondition(twoPasses || samples == 1, "a multisampled mesh needs the resolve of two passes")
        precondition(twoPasses || !depth, "the depth buffer is pass 1's")
        self.depth = depth
        self.width = width
        self.height = height
        self.samples = samples
        self.format = format
        passOne = twoPasses ? try PassOneImages(width: width, height: height, samples: samples, depth: depth) : nil
        if hasOutput {
            let output = try GLTexture.image(width: width, height: height, format: format.textureFormat)
            let framebuffer = GLFramebuffer()
            framebuffer.attach(output, at: 0)
            try framebuffer.finish(drawing: 1, what: "output")
            outputFramebuffer = framebuffer
        } else {
            outputFramebuffer = nil
        }
    }
}

/// Pass 1 of two: the mesh's premultiplied colors in an RGBA32F image and
/// an R8 coverage image (multisampled when the border needs anti-aliasing,
/// then resolved), which pass 2 finishes; with `depth`, a depth buffer
/// (32-bit float) for the fold key of mesh-math §7a.
final class PassOneImages {
    let width: Int
    let height: Int
    let meshFramebuffer = GLFramebuffer()
    /// Where multisampled images are resolved; nil without MSAA.
    let resolveFramebuffer: GLFramebuffer?
    let premultiplied: GLTexture
    let coverage: GLTexture

    init(width: Int, height: Int, samples: Int, depth: Bool = false) throws(GLError) {
        self.width = width
        self.height = height
        premultiplied = try GLTexture.image(width: width, height: height, format: GL_RGBA32F)
        coverage = try GLTexture.image(width: width, height: height, format: GL_R8)
        if samples > 1 {
            meshFramebuffer.attach(
                try GLRenderbuffer(width: width, height: height, format: GL_RGBA32F, samples: samples), at: 0)
            meshFramebuffer.attach(
                try GLRenderbuffer(width: width, height: height, format: GL_R8, samples: samples), at: 1)
            let resolve = GLFramebuffer()
            resolve.attach(premultiplied, at: 0)
            resolve.attach(coverage, at: 1)
            try resolve.finish(drawing: 2, what: "resolve")
            resolveFramebuffer = resolve
        } else {
            meshFramebuffer.attach(premultiplied, at: 0)
            meshFramebuffer.attach(coverage, at: 1)
            resolveFramebuffer = nil
        }
        if depth {
            meshFramebuffer.attachDepth(
                try GLRenderbuffer(
                    width: width, height: height, format: GL_DEPTH_COMPONENT32F, samples: samples > 1 ? samples : 0))
        }
        try meshFramebuffer.finish(drawing: 2, what: "mesh")
    }

    /// Resolves the multisampled images, one attachment at a time (a blit
    /// writes every draw buffer at once).
    func resolve() throws(GLError) {
        guard let resolveFramebuffer else { return }
        meshFramebuffer.bind(GL_READ_FRAMEBUFFER)
        resolveFramebuffer.bind(GL_DRAW_FRAMEBUFFER)
        for attachment in 0..<2 {
            let buffer = GLenum(GL_COLOR_ATTACHMENT0 + Int32(attachment))
            epoxy_glReadBuffer(buffer)
            var draw = buffer
            epoxy_glDrawBuffers(1, &draw)
            epoxy_glBlitFramebuffer(
                0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        let both = [GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_COLOR_ATTACHMENT1)]
        epoxy_glDrawBuffers(2, both)
        try checkGL("resolving the multisampled mesh")
    }
}
