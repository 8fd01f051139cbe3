import MeshGradCore
import MeshGradGLLibraries

/// Epoxy and GLFW, which meshgrad opens when it first makes a context
/// rather than at start-up (`MeshGradGLLibraries` says why).
enum GLLibraries {
    /// Opens epoxy: before any GL or EGL call.
    static func openEpoxy() throws(GLError) {
        try open(meshgrad_epoxy_open, library: "libepoxy.so.0", package: "libepoxy0")
    }

    /// Opens GLFW: before a window is made.
    static func openGLFW() throws(GLError) {
        try open(meshgrad_glfw_open, library: "libglfw.so.3", package: "libglfw3")
    }

    private static func open(
        _ opening: (UnsafeMutablePointer<CChar>?, Int) -> Int32, library: String, package: String
    ) throws(GLError) {
        guard let said = String.failureReason(of: { opening($0, $1) }) else { return }
        throw .contextUnavailable(
            reason: "\(library) cannot be opened (\(said)); on Debian: apt-get install \(package)")
    }
}
