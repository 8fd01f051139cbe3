@preconcurrency import CEpoxy
import Foundation

/// An OpenGL 3.3 core context with no window and no X server, through EGL.
///
/// Two EGL platforms are tried, in order:
/// - the device platform (`EGL_EXT_platform_device`) with a hardware
///   device: the NVIDIA driver on a headless GPU server;
/// - Mesa's surfaceless platform (`EGL_MESA_platform_surfaceless`): Mesa
///   drivers, llvmpipe (the CPU) included, as on CI machines.
/// `MESHGRAD_EGL_PLATFORM=device` or `=surfaceless` forces one.
///
/// Rendering goes to framebuffer objects; the context has no surface.
///
/// The EGL display is never terminated: EGL hands every caller in the
/// process the same display, and terminating it would pull the contexts of
/// other threads (other renderers, parallel tests) out from under them.
public final class HeadlessContext {
    public enum Platform: String, Sendable {
        case device
        case surfaceless
    }

    /// The platform that made the context.
    public let platform: Platform
    let display: EGLDisplay
    let context: EGLContext
    let lifetime = GLContextLifetime()

    /// Makes a context and makes it current on the calling thread.
    public init(platform requested: Platform? = nil) throws(GLError) {
        try GLLibraries.openEpoxy()
        guard mg_egl_library_available() != 0 else {
            throw .contextUnavailable(
                reason: "the EGL library (libEGL.so.1) is not installed; on Debian: apt-get install libegl1")
        }
        var platform = requested
        if platform == nil, let forced = ProcessInfo.processInfo.environment["MESHGRAD_EGL_PLATFORM"] {
            guard let parsed = Platform(rawValue: forced) else {
                throw .contextUnavailable(
                    reason: "MESHGRAD_EGL_PLATFORM is \"\(forced)\"; expected device or surfaceless")
            }
            platform = parsed
        }

        let clientExtensions = Set(
            eglString(mg_egl_no_display(), EGL_EXTENSIONS).split(separator: " ").map(String.init))
        guard !clientExtensions.isEmpty else {
            throw .contextUnavailable(
                reason:
                    "EGL found no driver; install Mesa (apt-get install libegl-mesa0 libgl1-mesa-dri) or a GPU vendor's driver"
            )
        }
        var attempts: [(Platform, EGLDisplay)] = []
        var reasons: [String] = []
        if platform == nil || platform == .device {
            if let display = Self.hardwareDeviceDisplay(clientExtensions) {
                attempts.append((.device, display))
            } else {
                reasons.append("no GPU through EGL_EXT_platform_device")
            }
        }
        if platform == nil || platform == .surfaceless {
            if clientExtensions.contains("EGL_MESA_platform_surfaceless"),
                let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
            {
                attempts.append((.surfaceless, display))
            } else {
                reasons.append("no Mesa surfaceless platform (EGL_MESA_platform_surfaceless)")
            }
        }

        for (candidate, display) in attempts {
            switch Self.makeContext(on: display) {
            case .success(let context):
                self.platform = candidate
                self.display = display
                self.context = context
                GLContextLifetime.makeCurrent(lifetime)
                try checkVersion()
                return
            case .failure(let reason):
                reasons.append("\(candidate): \(reason)")
            }
        }
        throw .contextUnavailable(reason: reasons.joined(separator: "; "))
    }

    /// What EGL offers without making a context (which costs tens of
    /// milliseconds): a hardware GPU, only a CPU rasterizer, or nothing and
    /// why. `--backend auto` asks this first.
    public enum Availability: Sendable {
        case hardware
        case softwareOnly
        case unavailable(String)
    }

    public static func availability() -> Availability {
        guard mg_egl_library_available() != 0 else {
            return .unavailable("the EGL library (libEGL.so.1) is not installed; on Debian: apt-get install libegl1")
        }
        let clientExtensions = Set(
            eglString(mg_egl_no_display(), EGL_EXTENSIONS).split(separator: " ").map(String.init))
        guard !clientExtensions.isEmpty else {
            return .unavailable(
                "EGL found no driver; install Mesa (apt-get install libegl-mesa0 libgl1-mesa-dri) or a GPU vendor's driver"
            )
        }
        if hardwareDeviceDisplay(clientExtensions) != nil { return .hardware }
        return clientExtensions.contains("EGL_MESA_platform_surfaceless")
            ? .softwareOnly : .unavailable("no usable EGL platform")
    }

    /// The display of the first EGL device that is not Mesa's software
    /// device, if the driver offers device enumeration.
    private static func hardwareDeviceDisplay(_ clientExtensions: Set<String>) -> EGLDisplay? {
        guard clientExtensions.contains("EGL_EXT_platform_device"),
            clientExtensions.contains("EGL_EXT_device_enumeration") || clientExtensions.contains("EGL_EXT_device_base")
        else { return nil }
        var count: EGLint = 0
        guard epoxy_eglQueryDevicesEXT(0, nil, &count) == EGL_TRUE, count > 0 else { return nil }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard epoxy_eglQueryDevicesEXT(count, &devices, &count) == EGL_TRUE else { return nil }
        for device in devices.prefix(Int(count)) {
            guard let device else { continue }
            let extensions = epoxy_eglQueryDeviceStringEXT(device, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
            if extensions.contains("EGL_MESA_device_software") { continue }
            if let display = epoxy_eglGetPlatformDisplayEXT(
                EGLenum(EGL_PLATFORM_DEVICE_EXT), UnsafeMutableRawPointer(device), nil)
            {
                return display
            }
        }
        return nil
    }

    private static func makeContext(on display: EGLDisplay) -> Result<EGLContext, ContextFailure> {
        var major: EGLint = 0
        var minor: EGLint = 0
        guard epoxy_eglInitialize(display, &major, &minor) == EGL_TRUE else {
            return .failure(ContextFailure("eglInitialize failed (\(eglErrorName()))"))
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGL_TRUE else {
            return .failure(ContextFailure("desktop OpenGL is not available (\(eglErrorName()))"))
        }
        // A config is optional where EGL_KHR_no_config_context exists, but
        // NVIDIA wants one; any OpenGL-renderable config will do.
        var config: EGLConfig? = mg_egl_no_config()
        let displayExtensions = eglString(display, EGL_EXTENSIONS)
        if !displayExtensions.contains("EGL_KHR_no_config_context") {
            let attributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE]
            var found: EGLint = 0
            guard epoxy_eglChooseConfig(display, attributes, &config, 1, &found) == EGL_TRUE, found > 0 else {
                return .failure(ContextFailure("no OpenGL-renderable EGL config"))
            }
        }
        let contextAttributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]
        guard let context = epoxy_eglCreateContext(display, config, mg_egl_no_context(), contextAttributes) else {
            let reason = eglErrorName()
            return .failure(ContextFailure("no OpenGL 3.3 core context (\(reason))"))
        }
        guard epoxy_eglMakeCurrent(display, mg_egl_no_surface(), mg_egl_no_surface(), context) == EGL_TRUE else {
            let reason = eglErrorName()
            _ = epoxy_eglDestroyContext(display, context)
            return .failure(ContextFailure("cannot make the context current without a surface (\(reason))"))
        }
        return .success(context)
    }

    private func checkVersion() throws(GLError) {
        let major = glInteger(GL_MAJOR_VERSION)
        let minor = glInteger(GL_MINOR_VERSION)
        guard major * 10 + minor >= 33 else {
            throw .contextUnavailable(reason: "the driver offers OpenGL \(major).\(minor); meshgrad needs 3.3")
        }
    }

    /// Makes this context current on the calling thread.
    public func makeCurrent() {
        _ = epoxy_eglMakeCurrent(display, mg_egl_no_surface(), mg_egl_no_surface(), context)
        GLContextLifetime.makeCurrent(lifetime)
    }

    deinit {
        lifetime.end()
        _ = epoxy_eglMakeCurrent(display, mg_egl_no_surface(), mg_egl_no_surface(), mg_egl_no_context())
        _ = epoxy_eglDestroyContext(display, context)
    }
}

struct ContextFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

extension ContextFailure: CustomStringConvertible {
    var description: String { reason }
}

func eglString(_ display: EGLDisplay?, _ name: Int32) -> String {
    epoxy_eglQueryString(display, name).map { String(cString: $0) } ?? ""
}

func eglErrorName() -> String {
    let code = epoxy_eglGetError()
    let names: [Int32: String] = [
        EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS", EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
        EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG", EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT",
        EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH", EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER",
    ]
    return names[code] ?? "EGL error 0x\(String(code, radix: 16))"
}
