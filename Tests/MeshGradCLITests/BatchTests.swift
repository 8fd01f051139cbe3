import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import Testing

@testable import MeshGradCLI

/// Batches: manifests, several documents, shards, failures that do not
/// stop the rest; and streaming, device sizes and timings.
@Suite(.serialized) struct BatchTests {
    func run(_ arguments: [String]) -> CLITests.Result {
        CLITests().run(arguments)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-batch-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 100-line manifest of presets at small sizes, every tenth line
    /// broken in a different way.
    func manifest(in dir: URL) throws -> URL {
        let names = Presets.all.map(\.name)
        var lines: [String] = ["# a comment, then 100 entries"]
        for k in 0..<100 {
            switch k {
            case 13: lines.append(#"{"preset": "nope", "output": "out/13.png"}"#)
            case 57: lines.append(#"{"preset": "aurora", "size": "huge", "output": "out/57.png"}"#)
            case 91: lines.append(#"{"preset": "aurora", "output": "out/91.png""#)
            default:
                lines.append(
                    #"{"preset": "\#(names[k % names.count])", "size": [\#(16 + k % 7), \#(12 + k % 5)], "output": "out/\#(k).png", "time": \#(Double(k) / 10)}"#
                )
            }
        }
        let url = dir.appendingPathComponent("jobs.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        return url
    }

    @Test func aManifestRendersInOneProcessAndReportsFailures() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jobs = try manifest(in: dir)
        let result = run(["render", "--manifest", jobs.path, "--backend", "cpu", "--jobs", "2"])
        #expect(result.status == 3, "\(result.err)")
        #expect(result.err.contains("jobs.jsonl:15: unknown preset \"nope\""), "\(result.err)")
        #expect(result.err.contains("jobs.jsonl:59: "), "\(result.err)")
        #expect(result.err.contains("jobs.jsonl:93:44: the file ends inside an object"), "\(result.err)")
        #expect(result.err.hasSuffix("meshgrad render: 97 of 100 rendered, 3 failed\n"))
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path)
        #expect(written.count == 97)
        // Entry 20: sunset... at 16+6 x 12+0, time 2.0, decodes to that size.
        let png = try PNGDecoder.decode(Array(Data(contentsOf: dir.appendingPathComponent("out/20.png"))))
        #expect(png.width == 16 + 20 % 7 && png.height == 12 + 20 % 5)
    }

    @Test func shardsSplitTheManifestExactly() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jobs = try manifest(in: dir)
        var seen: [String: Int] = [:]
        for i in 0..<3 {
            let before = Set(
                try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path))
            let result = run(["render", "--manifest", jobs.path, "--backend", "cpu", "--shard", "\(i)/3"])
            let after = Set(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path))
            for name in after.subtracting(before) { seen[name, default: 0] += 1 }
            // Shard i holds entries k ≡ i (mod 3); the broken ones are 13, 57 and 91.
            let expectedFailures = [13, 57, 91].filter { $0 % 3 == i }.count
            #expect(result.status == Int32(expectedFailures))
            for name in after.subtracting(before) {
                let k = Int(name.dropLast(4))!
                #expect(k % 3 == i)
            }
        }
        #expect(seen.count == 97)
        #expect(seen.values.allSatisfy { $0 == 1 })
    }

    @Test func severalInputsGoToAFolder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("mine.json")
        try Data(Presets.silk.document.jsonText().utf8).write(to: spec)
        let result = run([
            "render", spec.path, "--preset", "lava", "--preset", "tide", "--size", "24x16", "-o", dir.path, "--backend",
            "cpu",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err == "meshgrad render: 3 of 3 rendered\n")
        for name in ["mine.png", "lava.png", "tide.png"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path))
        }
        let notFolder = run([
            "render", "--preset", "lava", "--preset", "tide", "-o", dir.appendingPathComponent("x.png").path,
        ])
        #expect(notFolder.status == 2)
        #expect(notFolder.err.contains("with several inputs, -o is a folder"))
    }

    @Test func badShardsAreUsageErrors() {
        for text in ["3/3", "-1/2", "1", "a/b", "0/0"] {
            let result = run(["render", "--preset", "lava", "-o", "x.png", "--shard", text])
            #expect(result.status == 2, "\(text)")
            #expect(result.err.contains("--shard"), "\(result.err)")
        }
    }

    @Test func deviceSizesWork() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("phone.png").path
        #expect(
            run(["render", "--preset", "aurora", "--size", "iphone-se", "--backend", "cpu", "-o", out]).status == 0)
        let png = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(png.width == 750 && png.height == 1334)
        let list = run(["sizes"])
        #expect(list.out.contains("iphone-16-pro      1206x2622"))
        #expect(list.out.contains("pro-display-xdr    6016x3384"))
    }

    /// The streamed file equals the image rendered in memory, byte for
    /// pixel, opaque ones as RGB even with a clear background.
    @Test(arguments: ["onboarding", "sticker", "frost"])
    func streamingEqualsRenderingInMemory(name: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("s.png").path
        #expect(run(["render", "--preset", name, "--size", "97x61", "--backend", "cpu", "-o", out]).status == 0)
        let png = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out))))
        let expected = CPURenderer().render8(
            RenderPlan(mesh: Presets.named(name)!.document.animatedMesh!.mesh(at: 0), width: 97, height: 61))
        #expect(png.hasAlpha == !expected.isOpaque)
        let same = png.image8 == expected
        #expect(same)
    }

    @Test func fullBleedMeshWithClearBackgroundIsRGB() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var document = Presets.sunset.document
        document[.document]!.mesh.background = .clear
        let spec = dir.appendingPathComponent("clear.json")
        try Data(document.jsonText().utf8).write(to: spec)
        let out = dir.appendingPathComponent("clear.png").path
        #expect(run(["render", spec.path, "--size", "64x40", "--backend", "cpu", "-o", out]).status == 0)
        #expect(try !PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).hasAlpha)
    }

    @Test func timingsNameEveryStage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = run([
            "render", "--preset", "onboarding", "--size", "64x36", "--backend", "cpu", "--timings", "-o",
            dir.appendingPathComponent("t.png").path,
        ])
        #expect(result.status == 0)
        for stage in ["start-up", "context", "tessellation", "render", "readback", "encode", "write", "total"] {
            #expect(result.err.contains(stage + " "), "\(result.err)")
        }
        #expect(result.err.filter { $0 == "\n" }.count == 1)
    }
}
