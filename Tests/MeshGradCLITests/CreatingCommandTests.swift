import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import Testing

@testable import MeshGradCLI
@testable import MeshGradLossy

/// `meshgrad random`, `meshgrad fit`, grain through `render` and `code`,
/// and the JPEG and WebP outputs, end to end in-process.
@Suite struct CreatingCommandTests {
    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) { run(arguments) }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let status = CLI.run(arguments, console: Console(out: out, err: err))
        return (status, out.text, err.text)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-create-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func randomPrintsTheSameValidDocumentForASeed() throws {
        let a = run("random", "--seed", "12", "--grid", "5x3", "--harmony", "split")
        #expect(a.status == 0 && a.err.isEmpty, "\(a.err)")
        #expect(a.out == run("random", "--seed", "12", "--grid", "5x3", "--harmony", "split").out)
        let document = try GradientDocument.decode(a.out)
        #expect(document.animatedMesh?.mesh.width == 5 && document.animatedMesh?.mesh.height == 3)
        #expect(a.out != run("random", "--seed", "13", "--grid", "5x3", "--harmony", "split").out)
    }

    @Test func randomThemesListUnknownWordsOnOneLine() {
        let result = run("random", "--theme", "neon city at quxx, with blorf")
        #expect(result.status == 0)
        #expect(result.err == "meshgrad random: ignored (unknown words): quxx, blorf\n")
        let none = run("random", "--theme", "quxx")
        #expect(none.status == 2 && none.err.contains("names no color, scene or mood"))
    }

    @Test(arguments: [
        ["--grid", "1x4"], ["--grid", "4"], ["--harmony", "jazzy"], ["--lightness", "0.8-0.2"], ["--chroma", "0-2"],
        ["--jitter", "1.5"], ["--seed", "-3"],
    ])
    func randomRefusesBadOptions(_ options: [String]) {
        let result = run(["random"] + options)
        #expect(result.status == 2, "\(options): \(result.err)")
        #expect(result.err.hasPrefix("meshgrad random: error: ") && result.err.filter { $0 == "\n" }.count == 1)
    }

    @Test func grainRendersToJPEGAndWebPAndCodeSaysSwiftUIHasNone() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var document = Presets.aurora.document
        document.grain = Grain(amount: 0.08, seed: 3)
        let spec = dir.appendingPathComponent("grain.json").path
        try Data(document.jsonText().utf8).write(to: URL(fileURLWithPath: spec))
        var sizes: [String: Int] = [:]
        for name in ["g.png", "g.jpg", "g.webp"] {
            let out = dir.appendingPathComponent(name).path
            // --quality is for the lossy files only (a PNG refuses it).
            let quality = name.hasSuffix(".png") ? [] : ["--quality", "80"]
            let result = run(["render", spec, "--size", "320x180", "--backend", "cpu", "-o", out] + quality)
            #expect(result.status == 0, "\(result.err)")
            sizes[name] = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int
        }
        #expect(sizes["g.jpg"]! < sizes["g.png"]! && sizes["g.webp"]! < sizes["g.png"]!, "\(sizes)")
        // The JPEG reads back as the PNG's picture, up to its loss.
        let png = try PNGDecoder.decode(Array(Data(contentsOf: dir.appendingPathComponent("g.png")))).image8
        let jpeg = try JPEGCodec.decode(Array(Data(contentsOf: dir.appendingPathComponent("g.jpg"))))
        #expect(jpeg.width == 320 && jpeg.height == 180)
        #expect(ImageComparison(png, jpeg).psnr > 28)
        let code = run("code", spec)
        #expect(code.status == 0 && code.out.contains("SwiftUI has no film grain"))
        let bad = run(
            "render", spec, "--size", "32x32", "-o", dir.appendingPathComponent("x.jpg").path, "--quality", "0")
        #expect(bad.status == 2)
    }

    @Test func fitWritesADocumentAndReportsEachStep() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A "photo": a preset rendered, saved as JPEG.
        let image = CPURenderer().render8(
            RenderPlan(mesh: Presets.sunset.document.animatedMesh!.mesh, width: 120, height: 80))
        let photo = dir.appendingPathComponent("photo.jpg").path
        try Data(JPEGCodec.encode(image, quality: 92)).write(to: URL(fileURLWithPath: photo))
        let out = dir.appendingPathComponent("fit.json").path
        let result = run("fit", photo, "--grid", "3x3", "-o", out, "--baseline")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("colors by least squares") && result.err.contains("baseline"))
        let document = try GradientDocument.load(path: out)
        #expect(document.animatedMesh?.mesh.width == 3 && document.size == CanvasSize(width: 120, height: 80))
        for bad in ["nope.jpg", dir.path] {
            let failed = run("fit", bad)
            #expect(failed.status == 1 && failed.err.filter { $0 == "\n" }.count == 1, "\(failed.err)")
        }
        let text = dir.appendingPathComponent("text.png").path
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: text))
        #expect(run("fit", text).err.contains("not a JPEG or PNG file"))
    }
}
