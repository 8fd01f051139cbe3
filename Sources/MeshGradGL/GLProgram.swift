@preconcurrency import CEpoxy
import Foundation
import MeshGradCore

/// A linked shader program: vertex, optional geometry, fragment, and
/// fragment shaders of functions the first declares (`color.glsl`,
/// `quantize.glsl`), each compiled with the same `#define`s: a program
/// specialized on a constant, since a CPU driver like llvmpipe runs both
/// sides of a branch on a uniform (a wasted Oklab conversion per pixel
/// for a device-space mesh). Compile and link failures
/// carry the driver's info log, so a broken shader is a clear message and
/// never a black image.
final class GLProgram {
    let name: GLuint
    private let lifetime = GLContextLifetime.active
    private var locations: [String: GLint] = [:]

    init(
        name label: String, vertex: String, geometry: String? = nil, fragment: String, fragmentLibraries: [String] = [],
        defines: KeyValuePairs<String, Int> = [:]
    ) throws(GLError) {
        let defines = defines.map { "#define \($0.key) \($0.value)\n" }.joined()
        let vertexShader = try Self.compile(vertex, defines: defines, kind: GL_VERTEX_SHADER, label: "\(label).vert")
        defer { epoxy_glDeleteShader(vertexShader) }
        var geometryShader: GLuint = 0
        if let geometry {
            geometryShader = try Self.compile(
                geometry, defines: defines, kind: GL_GEOMETRY_SHADER, label: "\(label).geom")
        }
        defer { if geometryShader != 0 { epoxy_glDeleteShader(geometryShader) } }
        let fragmentShader = try Self.compile(
            fragment, defines: defines, kind: GL_FRAGMENT_SHADER, label: "\(label).frag")
        defer { epoxy_glDeleteShader(fragmentShader) }
        var libraryShaders: [GLuint] = []
        defer { libraryShaders.forEach { epoxy_glDeleteShader($0) } }
        for (index, library) in fragmentLibraries.enumerated() {
            libraryShaders.append(
                try Self.compile(
                    library, defines: defines, kind: GL_FRAGMENT_SHADER, label: "\(label) library \(index + 1)"))
        }
        name = epoxy_glCreateProgram()
        epoxy_glAttachShader(name, vertexShader)
        if geometryShader != 0 { epoxy_glAttachShader(name, geometryShader) }
        epoxy_glAttachShader(name, fragmentShader)
        for library in libraryShaders { epoxy_glAttachShader(name, library) }
        epoxy_glLinkProgram(name)
        var linked: GLint = 0
        epoxy_glGetProgramiv(name, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.log(name, getLength: epoxy_glGetProgramiv, getLog: epoxy_glGetProgramInfoLog)
            epoxy_glDeleteProgram(name)
            throw .shader(name: label, log: log)
        }
    }

    /// Compiles `source` with `defines` (`#define` lines) after its
    /// `#version` line, and a `#line` that keeps the driver's line numbers
    /// those of the file.
    private static func compile(
        _ source: String, defines: String, kind: Int32, label: String
    ) throws(GLError) -> GLuint {
        let shader = epoxy_glCreateShader(GLenum(kind))
        var text = source
        if !defines.isEmpty, let firstLineEnd = source.firstIndex(of: "\n") {
            text = source[...firstLineEnd] + defines + "#line 2\n" + source[source.index(after: firstLineEnd)...]
        }
        text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            epoxy_glShaderSource(shader, 1, &pointer, nil)
        }
        epoxy_glCompileShader(shader)
        var compiled: GLint = 0
        epoxy_glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = Self.log(shader, getLength: epoxy_glGetShaderiv, getLog: epoxy_glGetShaderInfoLog)
            epoxy_glDeleteShader(shader)
            throw .shader(name: label, log: log)
        }
        return shader
    }

    private static func log(
        _ object: GLuint,
        getLength: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        getLength(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        getLog(object, length, nil, &buffer)
        return String(nulTerminated: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func use() { epoxy_glUseProgram(name) }

    /// The location of a uniform; -1 (ignored by GL) if the linker removed it.
    func location(_ uniform: String) -> GLint {
        if let cached = locations[uniform] { return cached }
        let location = epoxy_glGetUniformLocation(name, uniform)
        locations[uniform] = location
        return location
    }

    func set(_ uniform: String, _ value: Int) { epoxy_glUniform1i(location(uniform), GLint(value)) }
    func set(_ uniform: String, _ value: Float) { epoxy_glUniform1f(location(uniform), value) }
    func set(_ uniform: String, _ x: Float, _ y: Float) { epoxy_glUniform2f(location(uniform), x, y) }
    func set(_ uniform: String, _ x: Int, _ y: Int) { epoxy_glUniform2i(location(uniform), GLint(x), GLint(y)) }
    func set(_ uniform: String, _ v: SIMD4<Float>) { epoxy_glUniform4f(location(uniform), v.x, v.y, v.z, v.w) }
    func set(_ uniform: String, _ x: Int, _ y: Int, _ z: Int, _ w: Int) {
        epoxy_glUniform4i(location(uniform), GLint(x), GLint(y), GLint(z), GLint(w))
    }
    func set(_ uniform: String, floats values: [Float]) {
        epoxy_glUniform1fv(location(uniform), GLsizei(values.count), values)
    }
    func set(_ uniform: String, vectors values: [SIMD4<Float>]) {
        values.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Float.self) { floats in
                epoxy_glUniform4fv(location(uniform), GLsizei(values.count), floats.baseAddress)
            }
        }
    }

    deinit {
        guard GLContextLifetime.canDelete(lifetime) else { return }
        epoxy_glDeleteProgram(name)
    }
}
