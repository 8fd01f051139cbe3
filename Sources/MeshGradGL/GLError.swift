/// What went wrong on the GPU side, said so that a user can act on it: the
/// step that failed, and the driver's own words where it has some (shader
/// info logs, EGL and GL error names).
public enum GLError: Error, CustomStringConvertible, Sendable {
    /// No headless OpenGL context could be made; `reason` says why (no EGL
    /// library, no usable platform, no driver, too old a GL).
    case contextUnavailable(reason: String)
    /// A shader failed to compile or link; `log` is the driver's info log.
    case shader(name: String, log: String)
    /// A GL call reported an error.
    case call(operation: String, code: UInt32)
    /// A framebuffer is incomplete (unsupported format or size).
    case incompleteFramebuffer(what: String, status: UInt32)
    /// The canvas or mesh is larger than this driver supports.
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .contextUnavailable(let reason):
            "no OpenGL context: \(reason)"
        case .shader(let name, let log):
            "shader \(name) failed: \(log.split(separator: "\n").joined(separator: "; "))"
        case .call(let operation, let code):
            "OpenGL error \(glErrorName(code)) in \(operation)"
        case .incompleteFramebuffer(let what, let status):
            "the \(what) framebuffer is incomplete (status 0x\(String(status, radix: 16)))"
        case .limitExceeded(let text):
            text
        }
    }
}

func glErrorName(_ code: UInt32) -> String {
    switch code {
    case 0x0500: "GL_INVALID_ENUM"
    case 0x0501: "GL_INVALID_VALUE"
    case 0x0502: "GL_INVALID_OPERATION"
    case 0x0505: "GL_OUT_OF_MEMORY"
    case 0x0506: "GL_INVALID_FRAMEBUFFER_OPERATION"
    default: "0x" + String(code, radix: 16)
    }
}
