import Foundation
import MeshGrad
import MeshGradPNG
import Testing

@testable import MeshGradCLI

/// The library as a server-side Swift program uses it: one import, a
/// document in, PNG bytes out, the CLI's pixels and messages.
@Suite struct LibraryTests {
    /// What `meshgrad ARGUMENTS` writes on stderr.
    func cliError(_ arguments: [String]) -> String {
        let err = BufferOutput()
        _ = CLI.run(arguments, console: Console(out: BufferOutput(), err: err))
        return err.text
    }

    @Test func threeLinesFromAPresetToPNGBytes() throws {
        let document = try MeshGrad.document(preset: "aurora")
        let image = try MeshGrad.image(of: document, width: 120, height: 80)
        let png = try MeshGrad.png(image)
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == 120 && decoded.height == 80 && decoded.image8 == image)
    }

    /// The same pixels as `meshgrad render` (CPU), for a mesh and a scene.
    @Test(arguments: ["sunset", "se-wallpaper", "meshing-text"])
    func theCLIsPixels(name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-lib-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.png").path
        let status = CLI.run(
            ["render", "--preset", name, "--size", "98x60", "--backend", "cpu", "-o", out],
            console: Console(out: BufferOutput(), err: BufferOutput()))
        #expect(status == 0)
        let cli = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).image8
        let library = try MeshGrad.image(of: try MeshGrad.document(preset: name), width: 98, height: 60)
        #expect(cli == library)
    }

    @Test func jsonIn16BitOut() throws {
        let document = try MeshGrad.document(
            json: """
                {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
                 "colors": ["#ff0000", "#00ff00", "#0000ff", "#ffffff"], "size": [40, 30]}
                """)
        let image = try MeshGrad.image16(of: document)
        #expect(image.width == 40 && image.height == 30)
        let decoded = try PNGDecoder.decode(try MeshGrad.png(image))
        #expect(decoded.bitDepth == 16)
        // Undithered 8-bit: the corner is the corner's color exactly.
        let plain = try MeshGrad.image(of: document, dithers: false)
        #expect(plain[0, 0] == SIMD4(255, 0, 0, 255))
    }

    /// Errors are typed, and say what the CLI says.
    @Test func errorsAreTheCLIsMessages() throws {
        #expect(throws: MeshGradError.self) { try MeshGrad.document(preset: "nope") }
        do {
            _ = try MeshGrad.document(preset: "nope")
        } catch {
            #expect(error.kind == .unknownPreset)
            #expect(cliError(["code", "--preset", "nope"]) == "meshgrad code: error: \(error.description)\n")
        }
        let broken = #"{"width": 2, "height": 2, "points": [[0, 0]], "colors": []}"#
        do {
            _ = try MeshGrad.document(json: broken)
            Issue.record("decoded a broken document")
        } catch {
            #expect(error.kind == .document)
            #expect(error.description.contains("points"))
        }
        do {
            _ = try MeshGrad.image(of: try MeshGrad.document(preset: "aurora"), width: 0, height: 10)
            Issue.record("rendered a 0-pixel-wide image")
        } catch {
            #expect(error.kind == .size)
        }
    }

    /// Several tasks rendering at once get exactly what one at a time gets,
    /// scenes with text included.
    @Test func concurrentRendersMatchSequentialOnes() async throws {
        let names = ["aurora", "meshing-text", "se-wallpaper", "onboarding-screen", "lava", "sunset"]
        var expected: [String: RGBAImage<UInt8>] = [:]
        for name in names {
            expected[name] = try MeshGrad.image(of: try MeshGrad.document(preset: name), width: 64, height: 48)
        }
        let results = try await withThrowingTaskGroup(of: (String, RGBAImage<UInt8>).self) { group in
            for round in 0..<3 {
                for name in names {
                    group.addTask {
                        _ = round
                        return (
                            name, try MeshGrad.image(of: try MeshGrad.document(preset: name), width: 64, height: 48)
                        )
                    }
                }
            }
            var all: [(String, RGBAImage<UInt8>)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == names.count * 3)
        for (name, image) in results { #expect(image == expected[name], "\(name)") }
    }
}
