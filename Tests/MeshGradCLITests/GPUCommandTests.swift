import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradPNG
import MeshGradTestSupport
import Testing

@testable import MeshGradCLI

/// The GPU side of the command line: `--backend`, `compare` and `info`,
/// and how a missing GPU is reported. Runs the real binary, so that
/// environment overrides stay in their own process.
@Suite(.serialized) struct GPUCommandTests {
    func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess.run(CLITests.binary.path, arguments, environment: environment)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-gpu-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func glBackendWritesTheSamePictureAsTheCPU() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gl = dir.appendingPathComponent("gl.png").path
        let cpu = dir.appendingPathComponent("cpu.png").path
        for (backend, path) in [("gl", gl), ("cpu", cpu)] {
            let run = try launch([
                "render", "--preset", "sticker", "--size", "240x160", "--backend", backend, "-o", path,
            ])
            #expect(run.status == 0, "\(backend): \(run.err)")
        }
        let a = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: gl)))).image8
        let b = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: cpu)))).image8
        let plan = RenderPlan(mesh: Presets.sticker.document.animatedMesh!.mesh, width: 240, height: 160)
        let comparison = ImageComparison(a, b, border: BorderBand(plan: plan))
        #expect(comparison.isWithinTolerance, "\(comparison.summary)")
    }

    /// A Display P3 document in each gamut: the GPU's 16-bit drawing of
    /// the moved colors, finished by the one finishing function, is the
    /// CPU's within one 8-bit level (dithered) everywhere.
    @Test(arguments: ["display-p3", "rec2020", "srgb"])
    func glBackendDrawsWideColorsAsTheCPU(gamut: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("p3.json")
        try Data(CLITests.p3Document.utf8).write(to: source)
        var images: [RGBAImage<UInt8>] = []
        for backend in ["gl", "cpu"] {
            let path = dir.appendingPathComponent("\(backend).png").path
            let run = try launch([
                "render", source.path, "--size", "200x120", "--gamut", gamut, "--backend", backend, "-o", path,
            ])
            #expect(run.status == 0, "\(backend): \(run.err)")
            images.append(try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: path)))).image8)
        }
        let comparison = ImageComparison(images[0], images[1])
        #expect(comparison.maximum <= 1, "\(gamut): \(comparison.summary)")
    }

    @Test func compareReportsOneLineAndWritesADiff() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let diff = dir.appendingPathComponent("diff.png").path
        let run = try launch(["compare", "--preset", "onboarding", "--size", "333x517", "--diff", diff])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("max "))
        #expect(run.out.contains("PSNR"))
        #expect(run.out.filter { $0 == "\n" }.count == 1)
        let image = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: diff))))
        #expect(image.width == 333 && image.height == 517)
    }

    @Test func infoNamesTheDriver() throws {
        let run = try launch(["info"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("renderer:"))
        #expect(run.out.contains("max renderbuffer size:"))
        #expect(run.out.contains("max samples:"))
    }

    @Test func noContextIsOneClearLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.png").path
        // No EGL vendor library: glvnd finds no driver at all.
        let noDriver = [
            "__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/vendor.json", "__EGL_VENDOR_LIBRARY_DIRS": "/nonexistent",
        ]
        let gl = try launch(
            ["render", "--preset", "onboarding", "--size", "64x48", "--backend", "gl", "-o", out], environment: noDriver
        )
        #expect(gl.status == 1)
        #expect(gl.err.hasPrefix("meshgrad render: error: --backend gl: no OpenGL context: "), "\(gl.err)")
        #expect(gl.err.filter { $0 == "\n" }.count == 1, "\(gl.err)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let auto = try launch(
            ["render", "--preset", "onboarding", "--size", "64x48", "--backend", "auto", "-o", out],
            environment: noDriver)
        #expect(auto.status == 0)
        if HeadlessContext.mayReachHardware {
            #expect(
                auto.err.hasPrefix("meshgrad: no OpenGL context: ") && auto.err.hasSuffix("; rendering on the CPU\n"),
                "\(auto.err)")
            #expect(auto.err.filter { $0 == "\n" }.count == 1)
        } else {
            // No GPU device at all: the CPU is the renderer, nothing to warn about.
            #expect(auto.err.isEmpty, "\(auto.err)")
        }
        #expect(FileManager.default.fileExists(atPath: out))

        let info = try launch(["info"], environment: ["MESHGRAD_EGL_PLATFORM": "vulkan"])
        #expect(info.status == 1)
        #expect(
            info.err
                == "meshgrad info: error: no OpenGL context: MESHGRAD_EGL_PLATFORM is \"vulkan\"; expected device or surfaceless\n"
        )

        let compare = try launch(["compare", "--preset", "onboarding", "--size", "32x32"], environment: noDriver)
        #expect(compare.status == 1)
        #expect(compare.err.contains("no OpenGL context"))
    }

    @Test func cpuBackendNeedsNoGPU() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.png").path
        let run = try launch(
            ["render", "--preset", "aurora", "--size", "64x48", "--backend", "cpu", "-o", out],
            environment: [
                "__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/vendor.json",
                "__EGL_VENDOR_LIBRARY_DIRS": "/nonexistent",
            ])
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
    }
}
