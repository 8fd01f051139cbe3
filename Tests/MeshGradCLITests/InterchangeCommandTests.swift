import Foundation
import MeshGradDocument
import Testing

@testable import MeshGradCLI

/// `meshgrad import` and `render -o out.pdf`, end to end in-process.
@Suite struct InterchangeCommandTests {
    func run(_ arguments: [String]) -> (Int32, String, String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let status = CLI.run(arguments, console: Console(out: out, err: err))
        return (status, out.text, err.text)
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-interchange-cli-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func importPrintsADocumentThatLoads() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let swift = dir.appendingPathComponent("view.swift")
        try Presets.aurora.document.swiftUICode().write(to: swift, atomically: true, encoding: .utf8)
        let (status, out, err) = run(["import", swift.path])
        #expect(status == 0, "\(err)")
        #expect(try GradientDocument.decode(out).animatedMesh?.mesh == Presets.aurora.document.animatedMesh?.mesh)
    }

    /// A mesh with modifiers after it imports as the mesh; a modifier that
    /// changes the drawing is one note line each on standard error, which
    /// `--quiet` silences.
    @Test func importNotesTheModifiersItLeavesOut() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mesh = "MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .purple, .blue, .mint])"
        let plain = dir.appendingPathComponent("plain.swift")
        let chained = dir.appendingPathComponent("chained.swift")
        try (mesh + "\n").write(to: plain, atomically: true, encoding: .utf8)
        try (mesh + "\n    .ignoresSafeArea()\n    .saturation(1.4)\n    .onAppear { }\n").write(
            to: chained, atomically: true, encoding: .utf8)
        let (plainStatus, plainOut, _) = run(["import", plain.path])
        let (status, out, err) = run(["import", chained.path])
        #expect(plainStatus == 0 && status == 0, "\(err)")
        #expect(out == plainOut)
        #expect(err == "meshgrad import: note: \(chained.path): ignored .saturation(1.4) at 3:5: the document holds the mesh alone\n")
        let (_, _, quiet) = run(["import", chained.path, "--quiet"])
        #expect(quiet.isEmpty)
    }

    /// A color from outside the file: refused naming it, given with --color.
    @Test func importTakesColorsTheFileCannotDefine() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let swift = dir.appendingPathComponent("brand.swift")
        try "MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [Brand.primary, Color(\"Sky\"), .red, .blue])\n"
            .write(to: swift, atomically: true, encoding: .utf8)
        let (refused, _, why) = run(["import", swift.path])
        #expect(refused == 1)
        #expect(why.contains("brand.swift:1:86: “Brand.primary” is defined outside this file; pass --color Brand.primary=#RRGGBB"), "\(why)")
        let (status, out, err) = run(["import", swift.path, "--color", "Brand.primary=#102030", "--color", "Sky=#87CEEB"])
        #expect(status == 0, "\(err)")
        let colors = try GradientDocument.decode(out).animatedMesh?.mesh.colors.prefix(2).map(\.hexString)
        #expect(colors == ["#102030", "#87CEEB"])
        let (bad, _, badWhy) = run(["import", swift.path, "--color", "Sky"])
        #expect(bad == 2 && badWhy.contains("expected NAME=#RRGGBB"), "\(badWhy)")
    }

    @Test func importReportsThePlaceAndSelectsByIndex() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let swift = dir.appendingPathComponent("two.swift")
        let good =
            "MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .red, .blue, .blue])"
        try (good + "\nlet x = MeshGradient(width: 2, height: 2, points: p, colors: [])\n").write(
            to: swift, atomically: true, encoding: .utf8)
        let (status, out, err) = run(["import", swift.path])
        #expect(status == 1)
        #expect(out.hasPrefix("{"))
        #expect(err.contains("two.swift:2:51: “p” is defined outside this file; expected an array of points"), "\(err)")
        let (one, only, _) = run(["import", swift.path, "--index", "1"])
        #expect(one == 0 && only.hasPrefix("{"))
        let (beyond, _, message) = run(["import", swift.path, "--index", "3"])
        #expect(beyond == 1 && message.contains("has 2 MeshGradient"))
        let (missing, _, nothing) = run(["import", dir.appendingPathComponent("none.swift").path])
        #expect(missing == 1 && nothing.contains("no such file"))
    }

    @Test func renderWritesAPDF() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mesh = dir.appendingPathComponent("m.pdf").path
        let scene = dir.appendingPathComponent("s.pdf").path
        #expect(run(["render", "--preset", "sunset", "--size", "120x80", "-o", mesh]).0 == 0)
        #expect(
            run(["render", "--preset", "meshing-text", "--size", "196x48", "-o", scene, "--backend", "cpu"]).0 == 0)
        let meshText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: mesh)), as: UTF8.self)
        #expect(meshText.hasPrefix("%PDF") && meshText.contains("/ShadingType 7"))
        let sceneText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: scene)), as: UTF8.self)
        #expect(sceneText.contains("/Subtype /Image") && sceneText.contains("/SMask"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["m.pdf", "s.pdf"])
    }
}
