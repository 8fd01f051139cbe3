import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import MeshGradPipeline
import MeshGradTestSupport
import Testing

@testable import MeshGradCLI

/// The command line end to end: arguments in, files and one-line messages
/// out. Most run in-process; `binary` tests run the real executable.
@Suite struct CLITests {
    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    func run(_ arguments: String...) -> Result {
        run(arguments)
    }

    func run(_ arguments: [String]) -> Result {
        let out = BufferOutput()
        let err = BufferOutput()
        let status = CLI.run(arguments, console: Console(out: out, err: err))
        return Result(status: status, out: out.text, err: err.text)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-cli-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func renderWritesADecodablePNG() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("w.png").path
        let result = run("render", "--preset", "onboarding", "--size", "120x80", "-o", out)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        let png = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(png.width == 120 && png.height == 80 && png.bitDepth == 8 && !png.hasAlpha)
        // Top-left is the first color, #00264d, up to dither.
        let corner = png.image8[0, 0]
        #expect(abs(Int(corner[1]) - 0x26) <= 1 && abs(Int(corner[2]) - 0x4d) <= 1)
        // It is the CPU renderer's picture of the preset at time 0.
        let expected = CPURenderer().render8(
            RenderPlan(mesh: Presets.onboarding.document.animatedMesh!.mesh(at: 0), width: 120, height: 80))
        let same = png.image8 == expected
        #expect(same)
    }

    @Test func render16BitUndithered() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.json")
        try Data(Presets.frost.document.jsonText().utf8).write(to: spec)
        let out = dir.appendingPathComponent("f.png").path
        let result = run("render", spec.path, "--depth", "16", "--no-dither", "--size=40x30", "--output", out)
        #expect(result.status == 0, "\(result.err)")
        let png = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(png.bitDepth == 16 && png.hasAlpha && png.width == 40)
    }

    @Test func sizeComesFromTheDocumentThenTheDefault() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var document = Presets.sunset.document
        document.size = CanvasSize(width: 31, height: 19)
        let spec = dir.appendingPathComponent("s.json")
        try Data(document.jsonText().utf8).write(to: spec)
        let out = dir.appendingPathComponent("s.png").path
        #expect(run("render", spec.path, "-o", out).status == 0)
        #expect(try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).width == 31)
        #expect(run("render", spec.path, "-o", out, "--size", "1080p").status == 0)
        #expect(try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).width == 1920)
    }

    @Test func codePrintsSwiftUI() {
        let result = run("code", "--preset", "meshing-text-mesh")
        #expect(result.status == 0)
        // meshing-text is animated by waves: a TimelineView of cosines.
        #expect(
            result.out.hasPrefix(
                "TimelineView(.animation) { context in\n    let t = context.date.timeIntervalSinceReferenceDate\n    MeshGradient(\n"
            ))
        #expect(result.out.contains("[0.45, Float(0.5 - 0.4 * cos(0.9 * t))]"))
        let still = run("code", "--preset", "aurora")
        #expect(still.out.hasPrefix("MeshGradient(\n    width: 3,"))
    }

    /// A scene prints a whole SwiftUI view (never a placeholder 2×2 mesh of
    /// clear colors); the languages that cannot draw it say so in one line.
    @Test func codeOnASceneIsAWholeView() {
        let result = run("code", "--preset", "se-wallpaper")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("struct SeWallpaper: View {"))
        #expect(!result.out.contains(".clear, .clear, .clear, .clear"))
        let css = run("code", "--preset", "se-wallpaper", "--lang", "css")
        #expect(css.status != 0)
        #expect(css.out.isEmpty)
        #expect(
            css.err
                == "meshgrad code: error: preset se-wallpaper: is a scene; only SwiftUI code (--lang swiftui) covers scenes\n"
        )
    }

    /// The web languages: a page for a mesh (its document inside), the
    /// module alone for `js`, and one line for what they cannot do.
    @Test func codeForTheWeb() {
        let page = run("code", "--preset", "lava", "--lang", "html")
        #expect(page.status == 0, "\(page.err)")
        #expect(page.out.hasPrefix("<!DOCTYPE html>"))
        #expect(page.out.contains("<mesh-gradient>") && page.out.contains("\"drift\""))
        #expect(page.out.contains("customElements.define(\"mesh-gradient\""))
        let module = run("code", "--lang", "js")
        #expect(module.status == 0 && module.out.contains("export { MeshGradientElement"))
        #expect(!module.out.contains("</script"))
        let scene = run("code", "--preset", "se-wallpaper", "--lang", "html")
        #expect(scene.status == 1 && scene.out.isEmpty)
        #expect(
            scene.err.hasPrefix(
                "meshgrad code: error: preset se-wallpaper: is a scene; the web page draws mesh documents"))
        let withDocument = run("code", "--preset", "aurora", "--lang", "js")
        #expect(withDocument.status == 2 && withDocument.out.isEmpty)
        #expect(withDocument.err.contains("--lang js prints the <mesh-gradient> module alone"))
        #expect(withDocument.err.split(separator: "\n").count == 1)
    }

    @Test func presetsListAndPrint() throws {
        let list = run("presets")
        #expect(list.status == 0)
        for preset in Presets.all { #expect(list.out.contains(preset.name)) }
        let one = run("presets", "aurora")
        #expect(try GradientDocument.decode(one.out) == Presets.aurora.document)
    }

    @Test(arguments: CLI.commands.map(\.name))
    func everyCommandHasHelp(command: String) {
        let result = run(command, "--help")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("USAGE: meshgrad \(command)"))
        #expect(run("help", command).out == result.out)
    }

    @Test func topLevelHelpAndVersion() {
        #expect(run("--help").out.contains("render"))
        #expect(run("--version").out == "meshgrad \(CLI.version)\n")
        #expect(run().status == 2)
    }

    static let mistakes: [(arguments: [String], status: Int32, message: String)] = [
        (["paint"], 2, ##"meshgrad: error: unknown command "paint"; expected one of"##),
        (
            ["render", "--preset", "onboarding"], 2,
            "meshgrad render: error: no output given; expected -o OUT.png, -o - or -o FOLDER (see 'meshgrad render --help')"
        ),
        (["render", "--preset", "onboarding", "-o", "x.bmp"], 2, ##"output "x.bmp" does not end in .png"##),
        (
            ["render", "--preset", "nope", "-o", "x.png"], 1,
            ##"meshgrad render: error: unknown preset "nope"; expected one of onboarding"##
        ),
        (
            ["render", "-o", "x.png"], 2,
            "no gradient given; expected SPEC.json, -, --preset NAME or --manifest JOBS.jsonl"
        ),
        (
            ["render", "a.json", "--preset", "onboarding", "-o", "x.png"], 2,
            "with several inputs, -o is a folder that receives NAME.png for each"
        ),
        (
            ["render", "--preset", "onboarding", "-o", "x.png", "--size", "huge"], 2,
            ##"--size: "huge" is not a size; expected WIDTHxHEIGHT"##
        ),
        (
            ["render", "--preset", "onboarding", "-o", "x.png", "--depth", "12"], 2,
            ##"--depth "12" is not valid for a PNG; expected 8 or 16"##
        ),
        (
            ["render", "--preset", "onboarding", "-o", "x.png", "--backend", "metal"], 2,
            ##"--backend "metal" is not valid"##
        ),
        (["render", "--preset", "onboarding", "-o", "x.png", "--frobnicate"], 2, "unknown option --frobnicate"),
        (["render", "--preset", "onboarding", "-o"], 2, "--output needs a value"),
        (
            ["render", "/nonexistent/spec.json", "-o", "x.png"], 1,
            "meshgrad render: error: /nonexistent/spec.json: no such file"
        ),
        (["code"], 2, "no gradient given"),
        (["presets", "a", "b"], 2, ##"unexpected extra argument "b""##),
    ]

    @Test(arguments: 0..<mistakes.count)
    func mistakesAreOneLineAndNonZero(index: Int) {
        let mistake = Self.mistakes[index]
        let result = run(mistake.arguments)
        #expect(result.status == mistake.status, "\(mistake.arguments): \(result.err)")
        #expect(result.err.contains(mistake.message), "\(mistake.arguments): \(result.err)")
        #expect(result.err.filter { $0 == "\n" }.count == 1, "\(result.err)")
        #expect(result.out.isEmpty)
    }

    /// A scene too large for the machine's memory is refused up front in
    /// one line (it used to die in an allocation), whatever the command.
    @Test func sceneBeyondMemoryIsRefusedInOneLine() throws {
        #expect(throws: Never.self) {
            try FramePlan.checkMemory(width: 3840, height: 2160, label: "x", physicalMemory: 4_000_000_000)
        }
        do {
            try FramePlan.checkMemory(width: 20000, height: 20000, label: "poster.json", physicalMemory: 8_000_000_000)
            Issue.record("a 16 GB scene passed on an 8 GB machine")
        } catch {
            #expect(
                "\(error)"
                    == "poster.json: a 20000×20000 scene needs about 16.0 GB (layers are composited whole, in float, "
                    + "about 40 bytes a pixel) and this machine has 8.0 GB; render it smaller (a plain mesh streams at any size)"
            )
        }
        #expect(SceneRenderer.bytesNeeded(width: Int.max / 2, height: 4) == Int.max)
        if ProcessInfo.processInfo.physicalMemory < 100_000_000_000 {
            let result = run("render", "--preset", "meshing-text", "--size", "60000x60000", "-o", "/nonexistent/x.png")
            #expect(result.status == 1)
            // The canvas alone is 144 GB; its text mask and glyphs add more.
            #expect(result.err.contains("a 60000×60000 scene needs about "), "\(result.err)")
            #expect(result.err.hasSuffix("; render it smaller\n"), "\(result.err)")
        }
    }

    @Test func aBadDocumentLeavesThePreviousOutputAlone() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("keep.png")
        try Data("previous picture".utf8).write(to: out)
        let spec = dir.appendingPathComponent("bad.json")
        try Data(##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000"]}"##.utf8)
            .write(to: spec)
        let result = run("render", spec.path, "-o", out.path)
        #expect(result.status == 1)
        #expect(
            result.err == "meshgrad render: error: \(spec.path): colors: has 1 entries; expected width × height = 4\n")
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous picture")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.json", "keep.png"])
    }

    /// Issue acceptance, through the command line: `--no-dither --depth 16`
    /// agrees with the exact surface within 1/255 at the 99.9th percentile.
    @Test func undithered16BitOutputAgreesWithTheExactSurface() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("exact.png").path
        let mesh = Presets.meshingText.document.animatedMesh!.mesh(at: Presets.meshingText.document.poster)
        #expect(
            run("render", "--preset", "meshing-text-mesh", "--no-dither", "--depth", "16", "--size", "80x50", "-o", out)
                .status == 0)
        guard case .rgba16(let image, _) = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out))))
        else {
            Issue.record("expected 16-bit output")
            return
        }
        let exact = ExactReference(mesh: mesh, width: 80, height: 50)
        var errors: [Double] = []
        for y in 0..<50 {
            for x in 0..<80 {
                let e = exact.color(x: x, y: y)!
                let a = SIMD4<Double>(image.unitPixel(x: x, y: y))
                errors.append(abs(e - a).max())
            }
        }
        errors.sort()
        #expect(errors[Int(Double(errors.count - 1) * 0.999)] <= 1.0 / 255)
    }

    // MARK: - The real binary

    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("meshgrad")
    }

    /// The built binary's path, or nil (the test's issue recorded) when
    /// there is none.
    static func builtBinary() -> String? {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("no meshgrad binary at \(binary.path); run swift build first")
            return nil
        }
        return binary.path
    }

    @Test func binaryRendersAndReportsErrors() throws {
        guard let binary = Self.builtBinary() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func launch(_ arguments: [String]) throws -> (Int32, String) {
            let run = try ChildProcess.run(binary, arguments)
            return (run.status, run.err)
        }
        let out = dir.appendingPathComponent("b.png").path
        let (status, _) = try launch(["render", "--preset", "sticker", "--size", "64x48", "-o", out])
        #expect(status == 0)
        #expect(try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).width == 64)
        let (badStatus, err) = try launch(["render", "--preset", "sticker", "-o", out, "--size", "0x0"])
        #expect(badStatus == 2)
        #expect(err.hasPrefix("meshgrad render: error: --size: size 0x0 is out of range"))
    }

    /// The window's, GL's and AVIF's libraries are opened when first used:
    /// the dynamic loader, asked what the binary needs at start-up (glibc's
    /// `LD_TRACE_LOADED_OBJECTS`, what `ldd` does), names none of them.
    @Test func binaryStartsWithoutTheWindowGLAndAVIFLibraries() throws {
        guard let binary = Self.builtBinary() else { return }
        let trace = try ChildProcess.run(binary, [], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        let loaded = String(decoding: trace.output, as: UTF8.self)
        #expect(trace.status == 0 && loaded.contains("libc.so"), "\(trace.err)")
        for library in ["libglfw", "libepoxy", "libX11", "libavif"] {
            #expect(!loaded.contains(library), "\(library) is loaded at start-up:\n\(loaded)")
        }
    }

    /// Without usable GL libraries (here: empty files found first under
    /// their names) the CPU still renders, and the GL backend and the
    /// window say in one line which library is missing and how to get it.
    @Test func missingGLLibrariesAreOneLineErrors() throws {
        guard let binary = Self.builtBinary() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for library in ["libglfw.so.3", "libepoxy.so.0"] {
            #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(library).path, contents: Data()))
        }
        let environment = ["LD_LIBRARY_PATH": dir.path, "DISPLAY": ":0"]
        func launch(_ arguments: String...) throws -> ChildProcess {
            try ChildProcess.run(binary, arguments, environment: environment, in: dir)
        }
        let cpu = try launch("render", "--preset", "onboarding", "--size", "32x24", "-o", "cpu.png")
        #expect(cpu.status == 0 && cpu.err.isEmpty, "\(cpu.err)")
        let gl = try launch("render", "--preset", "onboarding", "--size", "32x24", "--backend", "gl", "-o", "gl.png")
        #expect(gl.status == 1)
        #expect(
            gl.err.hasPrefix("meshgrad render: error: --backend gl: no OpenGL context: libepoxy.so.0 cannot be opened"))
        #expect(gl.err.hasSuffix("; on Debian: apt-get install libepoxy0\n"), "\(gl.err)")
        let window = try launch("preview", "--preset", "onboarding")
        #expect(window.status == 1)
        #expect(window.err.contains("libglfw.so.3 cannot be opened"), "\(window.err)")
        #expect(window.err.filter { $0 == "\n" }.count == 1, "\(window.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("gl.png").path))
    }
}

private func abs(_ v: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z), Swift.abs(v.w))
}
