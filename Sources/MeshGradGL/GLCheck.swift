@preconcurrency import CEpoxy

/// Turns pending GL errors into a Swift error naming the operation. Called
/// after each group of calls that can fail (allocation, framebuffer setup,
/// drawing), so a failure never turns into a silently black image.
func checkGL(_ operation: String) throws(GLError) {
    let code = UInt32(epoxy_glGetError())
    guard code == UInt32(GL_NO_ERROR) else {
        // Drain the queue so the next check starts clean.
        while UInt32(epoxy_glGetError()) != UInt32(GL_NO_ERROR) {}
        throw GLError.call(operation: operation, code: code)
    }
}

/// A GL integer query.
func glInteger(_ name: Int32) -> Int {
    var value: GLint = 0
    epoxy_glGetIntegerv(GLenum(name), &value)
    return Int(value)
}

/// A GL string query (vendor, renderer, version).
func glString(_ name: Int32) -> String {
    guard let pointer = epoxy_glGetString(GLenum(name)) else { return "unknown" }
    return String(cString: pointer)
}
