@preconcurrency import CEpoxy
import Foundation
import MeshGradCore
import Testing

@testable import MeshGradGL

/// Failures on the GPU side are Swift errors with the driver's words.
@Suite(.serialized) struct GLHygieneTests {
    @Test func brokenShaderIsAClearError() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        do {
            _ = try GLProgram(
                name: "broken", vertex: EmbeddedShaders.meshVert,
                fragment: "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(undefinedThing); }\n")
            Issue.record("a broken shader linked")
        } catch {
            guard case .shader(let name, let log) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "broken.frag")
            #expect(log.contains("undefinedThing"), "log: \(log)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func glErrorsBecomeSwiftErrors() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        #expect(throws: GLError.self) { try GLTexture.image(width: -5, height: 10, format: GL_RGBA8) }
        // The error queue is drained: the next check passes.
        try checkGL("after a failure")
    }

    @Test func infoDescribesTheDriver() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let info = GLInfo()
        #expect(!info.renderer.isEmpty && info.renderer != "unknown")
        #expect(info.maxRenderbufferSize >= 4096)
        #expect(info.maxTextureBufferTexels >= 65536)
        #expect(info.version.contains("."))
    }

    @Test func objectsOutlivingTheirContextAreSafe() throws {
        var renderer: GLRenderer?
        var mesh: GPUMesh?
        do {
            let context = try HeadlessContext()
            renderer = try GLRenderer()
            mesh = try renderer!.upload(RenderPlan(mesh: TestMeshesForHygiene.simple, width: 10, height: 10))
            withExtendedLifetime(context) {}
        }
        // The context is gone: releasing its objects must not call GL.
        mesh = nil
        renderer = nil
        #expect(mesh == nil && renderer == nil)
    }

    /// The device platform either finds a GPU or says why not; it never
    /// crashes or silently falls back to another platform.
    @Test func devicePlatformSucceedsOrSaysWhy() {
        do {
            let context = try HeadlessContext(platform: .device)
            #expect(context.platform == .device)
            #expect(!GLInfo().isSoftware)
        } catch {
            #expect(error.description.contains("EGL_EXT_platform_device"), "\(error)")
        }
    }
}

enum TestMeshesForHygiene {
    static let simple = MeshGradient(
        width: 2, height: 2, locations: .points(MeshGradient.regularGrid(width: 2, height: 2)),
        colors: [.black, .white, .white, .black])
}
