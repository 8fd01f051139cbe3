@preconcurrency import CEpoxy
import MeshGradCore

/// The stored output of the finish pass: the GPU twin of the CPU's
/// `PixelWriter`s.
public enum OutputFormat: Sendable, Hashable {
    case rgba8(dithers: Bool)
    case rgba16
    case rgbaFloat

    /// `OUTPUT_MODE` in `mesh.frag`, `finish.frag` and `quantize.glsl`.
    var shaderMode: Int {
        switch self {
        case .rgba8(let dithers): dithers ? 0 : 1
        case .rgba16: 2
        case .rgbaFloat: 3
        }
    }

    var textureFormat: Int32 {
        switch self {
        case .rgba8: GL_RGBA8
        case .rgba16: GL_RGBA16
        case .rgbaFloat: GL_RGBA32F
        }
    }

    var pixelType: Int32 {
        switch self {
        case .rgba8: GL_UNSIGNED_BYTE
        case .rgba16: GL_UNSIGNED_SHORT
        case .rgbaFloat: GL_FLOAT
        }
    }

    var bytesPerComponent: Int {
        switch self {
        case .rgba8: 1
        case .rgba16: 2
        case .rgbaFloat: 4
        }
    }
}
