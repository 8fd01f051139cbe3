import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import MeshGradTestSupport
import Testing

@testable import MeshGradCLI

/// `meshgrad code` prints code that compiles: every preset's output, in a
/// view body, type-checks with `swiftc -typecheck` against a stub module of
/// SwiftUI's signatures (SwiftUIStub/SwiftUI.swift.stub). A mesh prints an
/// expression for a view body; a scene a whole file with its `View`
/// struct (never a placeholder mesh), each checked in a file of its own.
@Suite struct SwiftUICodeTypeCheckTests {
    static let stub = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("SwiftUIStub/SwiftUI.swift.stub")
    static let everyFeature = stub.deletingLastPathComponent().appendingPathComponent("every-scene-feature.json")

    func code(_ preset: String, _ options: [String] = []) -> (status: Int32, out: String, err: String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let status = CLI.run(["code", "--preset", preset] + options, console: Console(out: out, err: err))
        return (status, out.text, err.text)
    }

    func swiftc(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let run = try ChildProcess.run("/usr/bin/env", ["swiftc"] + arguments, in: directory)
        return (run.status, run.out + run.err)
    }

    @Test func everyPresetsCodeTypeChecksAgainstSwiftUI() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-swiftui-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: Self.stub, to: dir.appendingPathComponent("SwiftUI.swift"))
        let module = try swiftc(
            [
                "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "SwiftUI.swift", "-o",
                "SwiftUI.swiftmodule",
            ], in: dir)
        try #require(module.status == 0, "\(module.output)")

        var source = "import SwiftUI\n"
        var meshes = 0
        var files = ["Generated.swift"]
        for (k, preset) in Presets.all.enumerated() {
            let result = code(preset.name)
            #expect(result.status == 0, "\(preset.name): \(result.err)")
            if preset.document.scene != nil {
                #expect(result.out.hasPrefix("import SwiftUI\n"), "\(preset.name)")
                #expect(result.out.contains("struct \(swiftViewName(for: preset.name)): View {"), "\(preset.name)")
                #expect(result.out.contains("ZStack {"), "\(preset.name)")
                let file = "Scene\(k).swift"
                try Data(result.out.utf8).write(to: dir.appendingPathComponent(file))
                files.append(file)
                continue
            }
            source += "\n// \(preset.name)\nstruct Preset\(k): View {\n    var body: some View {\n"
            source += result.out + "    }\n}\n"
            meshes += 1
        }
        #expect(meshes >= 8)
        #expect(files.count == 4, "the three scenes")
        // And a scene with what the presets lack: a keyframed mesh, a
        // perceptual gradient at an angle, a leading text in a font file
        // with quotes and a tab, an offset shadow, spring and opacity
        // keyframes that loop.
        let every = try GradientDocument.decode(String(contentsOf: Self.everyFeature, encoding: .utf8))
        let everyCode = every.swiftUICode(viewName: "EveryFeature")
        for part in [
            ".spring(Spring(", "loop: 3.0", ".mask(alignment: .leading)", ".custom(\"DejaVuSans\"", "x: 2.0, y: -1.0",
        ] {
            #expect(everyCode.contains(part), "\(part)")
        }
        try Data(everyCode.utf8).write(to: dir.appendingPathComponent("EveryFeature.swift"))
        files.append("EveryFeature.swift")
        // And colors beyond sRGB: Color(.displayP3, …) and extended sRGB.
        let wide = try GradientDocument.decode(CLITests.p3Document + "").swiftUICode(viewName: "Wide")
        #expect(wide.contains("Color(.displayP3, red: 1.0, green: 0.2, blue: 0.1)"), "\(wide)")
        source += "\n// beyond sRGB\nstruct Wide: View {\n    var body: some View {\n" + wide + "    }\n}\n"
        try Data(source.utf8).write(to: dir.appendingPathComponent("Generated.swift"))
        let check = try swiftc(["-typecheck", "-I", "."] + files, in: dir)
        #expect(check.status == 0, "\(check.output)")

        // A scene's code fails when a SwiftUI signature it uses is misspelt.
        let scene = try String(contentsOf: dir.appendingPathComponent(files[3]), encoding: .utf8)
        let misspelt = scene.replacingOccurrences(of: ".shadow(color:", with: ".shadow(colour:")
        #expect(misspelt != scene)
        try Data(misspelt.utf8).write(to: dir.appendingPathComponent(files[3]))
        #expect(try swiftc(["-typecheck", "-I", "."] + files, in: dir).status != 0)

        // The check can fail: a misspelt label does not type-check.
        let broken = source.replacingOccurrences(of: "colors:", with: "colours:")
        try Data(broken.utf8).write(to: dir.appendingPathComponent("Broken.swift"))
        #expect(try swiftc(["-typecheck", "-I", ".", "Broken.swift"], in: dir).status != 0)
    }

    /// A scene of pictures, one per content mode (and one masked by text),
    /// prints code that type-checks: `Image("NAME").resizable()`, fitted,
    /// or filling a clear view it is clipped to.
    @Test func picturesCodeTypeChecks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-swiftui-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var picture = RGBAImage<UInt8>(width: 4, height: 2)
        for i in 0..<8 { picture[i % 4, i / 4] = SIMD4(UInt8(30 * i), 80, 200, 255) }
        try Data(PNGEncoder().encode(picture)).write(to: dir.appendingPathComponent("sky photo.png"))
        let layers =
            ["stretch", "fit", "fill"].enumerated().map { n, mode in
                #"{"frame": [\#(0.3 * Double(n)), 0, 0.3, 0.5], "fill": {"image": "sky photo.png", "contentMode": "\#(mode)"}}"#
            } + [
                #"{"frame": [0, 0.5, 1, 0.5], "fill": {"image": "sky photo.png"}, "text": {"string": "Sky", "size": 40}}"#
            ]
        let text = #"{"size": [400, 200], "points": [400, 200], "layers": ["# + layers.joined(separator: ", ") + "]}"
        let document = try GradientDocument.decode(Array(text.utf8), folder: dir.path)
        let code = document.swiftUICode(viewName: "Pictures")
        for part in ["Image(\"sky photo\")", ".resizable()", ".scaledToFit()", ".scaledToFill()", ".clipped()"] {
            #expect(code.contains(part), "\(part) in \(code)")
        }
        try FileManager.default.copyItem(at: Self.stub, to: dir.appendingPathComponent("SwiftUI.swift"))
        let module = try swiftc(
            [
                "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "SwiftUI.swift", "-o",
                "SwiftUI.swiftmodule",
            ],
            in: dir)
        try #require(module.status == 0, "\(module.output)")
        try Data(code.utf8).write(to: dir.appendingPathComponent("Pictures.swift"))
        let check = try swiftc(["-typecheck", "-I", ".", "Pictures.swift"], in: dir)
        #expect(check.status == 0, "\(check.output)\n\(code)")
    }

    /// The other languages draw meshes only: a scene is refused in one line
    /// that says SwiftUI covers it.
    @Test func otherLanguagesRefuseAScene() {
        for language in ["compose", "css", "svg"] {
            let result = code("se-wallpaper", ["--lang", language])
            #expect(result.status != 0 && result.out.isEmpty, "\(language)")
            #expect(result.err.split(separator: "\n").count == 1, "\(language)")
            #expect(result.err.contains("is a scene; only SwiftUI code"), "\(language): \(result.err)")
        }
    }
}
