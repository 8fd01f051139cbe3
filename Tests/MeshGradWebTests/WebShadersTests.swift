import Foundation
import MeshGradTestSupport
import Testing

@testable import MeshGradWeb

/// The web's shaders are the renderer's own, made GLSL ES 3.00: each
/// variant the element compiles passes glslangValidator as ES, and the
/// module ships exactly what ``WebShaders`` makes from Shaders/.
@Suite struct WebShadersTests {
    static let variants: [[String: Int]] = [0, 1].flatMap { opaque in
        [0, 1].flatMap { colorSpace in
            [-1, 0, 1].flatMap { outputMode in
                [0, 1].flatMap { folds in
                    [0, 1].map { varyings in
                        [
                            "WEBGL": 1, "OPAQUE": opaque, "COLOR_SPACE": colorSpace, "OUTPUT_MODE": outputMode,
                            "FOLDS": folds, "GRAIN": outputMode >= 0 ? 1 : 0, "POLYNOMIAL_VARYINGS": varyings,
                        ]
                    }
                }
            }
        }
    }

    @Test func everyVariantIsValidGLSLES() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-glsles-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var stages: [(name: String, source: String, defines: [String: Int])] = Self.variants.flatMap { defines in
            [("mesh.vert", WebShaders.meshVertex, defines), ("mesh.frag", WebShaders.meshFragment, defines)]
        }
        for mode in [0, 1] {
            let defines = ["WEBGL": 1, "OUTPUT_MODE": mode, "GRAIN": 1]
            stages += [("finish.vert", WebShaders.finishVertex, defines), ("finish.frag", WebShaders.finishFragment, defines)]
        }
        for (index, stage) in stages.enumerated() {
            #expect(stage.source.hasPrefix("#version 300 es\n"))
            let lines = stage.defines.sorted { $0.key < $1.key }.map { "#define \($0.key) \($0.value)\n" }.joined()
            let text = stage.source.replacingOccurrences(of: "\n", with: "\n" + lines, options: [], range: stage.source.range(of: "\n"))
            let file = folder.appendingPathComponent("\(index)-\(stage.name)")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let check = try ChildProcess.run("/usr/bin/env", ["glslangValidator", file.path])
            #expect(check.status == 0, "\(stage.name) \(stage.defines): \(check.out)")
        }
    }

    @Test func theModuleShipsTheGeneratedShaders() {
        let module = WebModule.javaScript()
        for shader in [WebShaders.meshVertex, WebShaders.meshFragment, WebShaders.finishVertex, WebShaders.finishFragment] {
            #expect(module.contains(WebModule.stringLiteral(shader)))
        }
        // Nothing of the desktop dialect is left for the browser to refuse.
        for source in [WebShaders.meshVertex, WebShaders.meshFragment, WebShaders.finishFragment] {
            #expect(!source.contains("#version 330"))
            #expect(source.components(separatedBy: "#version").count == 2)
        }
    }
}

/// The module as a page downloads it: small, and nothing in it that would
/// end an inline script.
@Suite struct WebModuleTests {
    @Test func theModuleIsSmallOnceCompressed() throws {
        let module = WebModule.javaScript()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-module-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mesh-gradient.js")
        try module.write(to: file, atomically: true, encoding: .utf8)
        let gzip = try ChildProcess.run("/usr/bin/env", ["gzip", "-9", "-c", file.path])
        print("web module: \(module.utf8.count) bytes, \(gzip.output.count) gzipped")
        #expect(gzip.status == 0 && gzip.output.count < 40_000)
        #expect(!module.contains("</script"))
    }
}
