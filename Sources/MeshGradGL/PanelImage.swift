@preconcurrency import CEpoxy
import MeshGradCore

/// A picture for a panel to show (a dropped photo): an RGBA8 texture with
/// mipmaps, so that a large photo shown small is filtered, not aliased.
/// ImGui draws it by its texture name.
public final class PanelImage {
    private let texture: GLTexture
    public let width: Int
    public let height: Int

    /// The GL texture name (ImGui's texture id for the OpenGL backend).
    public var textureName: UInt32 { texture.name }

    public init(_ image: RGBAImage<UInt8>) throws(GLError) {
        width = image.width
        height = image.height
        texture = GLTexture(target: GL_TEXTURE_2D)
        epoxy_glBindTexture(texture.target, texture.name)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        epoxy_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        image.components.withUnsafeBytes { bytes in
            epoxy_glTexImage2D(
                texture.target, 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        epoxy_glGenerateMipmap(texture.target)
        epoxy_glTexParameteri(texture.target, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        epoxy_glTexParameteri(texture.target, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(texture.target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(texture.target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        try checkGL("uploading a \(width)×\(height) picture for a panel")
    }
}
