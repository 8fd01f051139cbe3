import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradTestSupport
import Testing

/// What `meshgrad animate` writes, decoded as a player decodes it (the
/// stream's own matrix and range, exact arithmetic: zimg, to 16 bits) and
/// held against the exact float image of the same time: per codec the mean
/// per-channel bias, the 99th percentile of the difference and the banding
/// figure on a slow dark ramp; the color tags; alpha where the format keeps
/// it; and a failing disk.
@Suite(.serialized) struct VideoQualityTests {
    /// The slow dark ramp, where banding shows first: #101828 to #1c3040
    /// over a 2×2 mesh.
    static let ramp = """
        {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
         "colors": ["#101828", "#141e30", "#182838", "#1c3040"]}
        """
    static let width = 640
    static let height = 360

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-video-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a tool, returns its standard output (nil and an issue if it fails).
    func tool(_ name: String, _ arguments: [String]) throws -> Data? {
        let run = try ChildProcess.run("/usr/bin/\(name)", arguments)
        guard run.status == 0 else {
            Issue.record("\(name) \(arguments.joined(separator: " ")) failed: \(run.err)")
            return nil
        }
        return run.output
    }

    /// ffprobe's `key=value` lines for the first video stream.
    func probe(_ path: String, _ entries: String) throws -> [String: String] {
        let text = String(
            decoding: try tool(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", entries, "-of",
                    "default=noprint_wrappers=1", path,
                ])
                ?? Data(), as: UTF8.self)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }

    /// The first frame, decoded by zimg with the stream's tags to RGBA in 0…1.
    func decodeFirstFrame(_ path: String, decoder: [String] = []) throws -> [Double]? {
        let tags = try probe(path, "stream=color_space,color_range")
        let matrix = tags["color_space"] == "bt709" ? "709" : "470bg"
        let range = tags["color_range"] == "pc" ? "full" : "limited"
        let filter =
            "zscale=matrixin=\(matrix):rangein=\(range):transferin=709:primariesin=709:matrix=gbr:transfer=709"
            + ":primaries=709:range=full:filter=bilinear:dither=none,format=gbrap16le"
        guard
            let data = try tool(
                "ffmpeg",
                ["-v", "error"] + decoder + [
                    "-i", path, "-frames:v", "1", "-vf", filter, "-f", "rawvideo", "-pix_fmt", "rgba64le", "-",
                ])
        else { return nil }
        return data.withUnsafeBytes { raw in
            raw.bindMemory(to: UInt16.self).map { Double(UInt16(littleEndian: $0)) / 65535 }
        }
    }

    struct Figures: CustomStringConvertible {
        var bias: [Double]
        var p99: Double
        var banding: Double
        var description: String {
            String(
                format: "bias %.3f %.3f %.3f, p99 %.3f, banding %.3f (/255)", bias[0], bias[1], bias[2], p99, banding)
        }
    }

    /// Bias, p99 and banding (RMS of 16×16 block means) of `decoded` against `exact`, in 1/255.
    static func figures(_ decoded: [Double], exact: RGBAImage<Float>) -> Figures {
        let w = exact.width
        var sums = [0.0, 0.0, 0.0]
        var magnitudes: [Double] = []
        magnitudes.reserveCapacity(decoded.count)
        var blocks = [Double](repeating: 0, count: (w / 16) * (exact.height / 16) * 3)
        for y in 0..<exact.height {
            for x in 0..<w {
                for c in 0..<3 {
                    let i = (y * w + x) * 4 + c
                    let e = (decoded[i] - Double(exact.components[i])) * 255
                    sums[c] += e
                    magnitudes.append(abs(e))
                    if x / 16 < w / 16 && y / 16 < exact.height / 16 {
                        blocks[((y / 16) * (w / 16) + x / 16) * 3 + c] += e / 256
                    }
                }
            }
        }
        magnitudes.sort()
        let n = Double(w * exact.height)
        let banding = (blocks.map { $0 * $0 }.reduce(0, +) / Double(blocks.count)).squareRoot()
        return Figures(bias: sums.map { $0 / n }, p99: magnitudes[magnitudes.count * 99 / 100], banding: banding)
    }

    static func exactRamp() throws -> RGBAImage<Float> {
        let document = try GradientDocument.decode(ramp)
        return CPURenderer().renderFloat(RenderPlan(mesh: document.animatedMesh!.mesh, width: width, height: height))
    }

    /// Every YUV output, decoded as a player would, is within a fraction of
    /// a level of the exact ramp on average and shows no bands.
    @Test(arguments: [
        ("mp4", [], 0.20), ("mp4", ["--bit-depth", "10"], 0.15), ("mp4", ["--codec", "hevc"], 0.15),
        // SVT-AV1 smooths a 640×360 keyframe's dither most (0.18 here; at
        // the acceptance size, 1280×720 over 30 frames, it meets 0.15).
        ("mp4", ["--codec", "av1"], 0.20), ("webm", [], 0.20), ("webm", ["--bit-depth", "10"], 0.15), ("mov", [], 0.15),
    ])
    func slowRampSurvivesTheEncoder(ext: String, options: [String], bandingLimit: Double) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("ramp.json")
        try Data(Self.ramp.utf8).write(to: spec)
        let out = dir.appendingPathComponent("ramp.\(ext)").path
        let run = try GPUCommandTests().launch(
            [
                "animate", spec.path, "--duration", "0.3", "--fps", "10", "--size", "\(Self.width)x\(Self.height)",
                "--backend", "cpu", "--quiet", "-o", out,
            ] + options)
        #expect(run.status == 0, "\(run.err)")
        guard let decoded = try decodeFirstFrame(out) else { return }
        let figures = Self.figures(decoded, exact: try Self.exactRamp())
        #expect(figures.bias.allSatisfy { abs($0) <= 0.15 }, "\(ext) \(options): \(figures)")
        #expect(figures.banding <= bandingLimit, "\(ext) \(options): \(figures)")
        #expect(figures.p99 <= 2, "\(ext) \(options): \(figures)")
    }

    /// The stream says what the conversion did: BT.709 matrix, primaries,
    /// transfer, limited range (full when asked).
    @Test(arguments: [
        ("mp4", [], "yuv420p", "tv"), ("mp4", ["--codec", "hevc"], "yuv420p10le", "tv"),
        ("mp4", ["--codec", "av1", "--range", "full"], "yuv420p10le", "pc"), ("webm", [], "yuv420p", "tv"),
        ("mov", [], "yuva444p12le", "tv"),
    ])
    func streamsAreTagged(ext: String, options: [String], pixelFormat: String, range: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.\(ext)").path
        let run = try GPUCommandTests().launch(
            [
                "animate", "--preset", "lava", "--duration", "0.2", "--fps", "10", "--size", "64x64", "--backend",
                "cpu",
                "--quiet", "-o", out,
            ] + options)
        #expect(run.status == 0, "\(run.err)")
        let tags = try probe(out, "stream=pix_fmt,color_space,color_primaries,color_transfer,color_range")
        #expect(tags["color_space"] == "bt709", "\(tags)")
        #expect(tags["color_primaries"] == "bt709", "\(tags)")
        #expect(tags["color_transfer"] == "bt709", "\(tags)")
        #expect(tags["color_range"] == range, "\(tags)")
        #expect(tags["pix_fmt"] == pixelFormat, "\(tags)")
    }

    /// ProRes 4444 and VP9 keep a translucent document's alpha.
    @Test(arguments: [("mov", [String]()), ("webm", ["-c:v", "libvpx-vp9"])])
    func alphaIsKept(ext: String, decoder: [String]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frost.\(ext)").path
        let run = try GPUCommandTests().launch([
            "animate", "--preset", "frost", "--duration", "0.2", "--fps", "10", "--size", "96x64", "--backend", "cpu",
            "--quiet", "-o", out,
        ])
        #expect(run.status == 0, "\(run.err)")
        guard let decoded = try decodeFirstFrame(out, decoder: decoder) else { return }
        let document = Presets.frost.document
        let exact = CPURenderer().renderFloat(
            RenderPlan(mesh: document.animatedMesh!.mesh(at: 0), width: 96, height: 64))
        var worst = 0.0
        var translucent = 0
        for i in stride(from: 3, to: decoded.count, by: 4) {
            worst = max(worst, abs(decoded[i] - Double(exact.components[i])) * 255)
            if exact.components[i] < 0.9 { translucent += 1 }
        }
        #expect(translucent > 0)
        #expect(worst <= (ext == "mov" ? 1 : 4), "alpha off by \(worst)/255")
    }

    /// An ffmpeg that exits 0 without writing (a full disk), or writes a
    /// truncated file, is an error, and nothing is left behind.
    @Test(arguments: ["exit 0", "head -c 1000 /usr/share/common-licenses/GPL-3 > \"$out\"; exit 0"])
    func failedWritesAreErrors(fakeBody: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\nfor out; do :; done\ncat > /dev/null\n\(fakeBody)\n".utf8).write(to: fake)
        chmod(fake.path, 0o755)
        let work = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let run = try GPUCommandTests().launch(
            [
                "animate", "--preset", "lava", "--duration", "0.3", "--fps", "10", "--size", "64x48", "--backend",
                "cpu",
                "--quiet", "-o", work.appendingPathComponent("clip.mp4").path,
            ],
            environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("meshgrad animate: error: ") && run.err.contains("disk full"), "\(run.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == [])
    }

    /// A name that is neither a known video nor a folder is refused before
    /// any frame is drawn.
    @Test func unknownExtensionIsAnError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GPUCommandTests().launch([
            "animate", "--preset", "lava", "--duration", "1", "-o", dir.appendingPathComponent("clip.mkv").path,
        ])
        #expect(run.status == 1)
        #expect(run.err.contains("unknown extension .mkv; expected .mp4"), "\(run.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }
}
