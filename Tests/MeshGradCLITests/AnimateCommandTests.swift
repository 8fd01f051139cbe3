import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import MeshGradTestSupport
import Testing

@testable import MeshGradCLI
@testable import MeshGradExport

/// `meshgrad animate` end to end, through the real binary: videos that
/// ffprobe reads back with the right size, frame count and duration, frame
/// folders, and interruptions that leave nothing behind.
@Suite(.serialized) struct AnimateCommandTests {
    func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try GPUCommandTests().launch(arguments, environment: environment)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-animate-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// width, height, frame count and duration of the first video stream.
    func probe(_ path: String) throws -> (Int, Int, Int, Double)? {
        guard
            let ffprobe = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            Issue.record("ffprobe is missing (Debian: apt-get install ffmpeg); .ci/run installs it")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = [
            "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
            "stream=width,height,nb_read_frames:format=duration", "-of", "default=noprint_wrappers=1", path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        guard let w = Int(values["width"] ?? ""), let h = Int(values["height"] ?? ""),
            let n = Int(values["nb_read_frames"] ?? ""),
            let d = Double(values["duration"] ?? "") ?? (values["duration"] == "N/A" ? Double(n) / 10 : nil)
        else {
            Issue.record("ffprobe said: \(text)")
            return nil
        }
        return (w, h, n, d)
    }

    @Test(arguments: ["mp4", "webm", "gif", "mov", "png"])
    func videoDecodesWithTheRightSizeFramesAndDuration(kind: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.\(kind)").path
        let run = try launch([
            "animate", "--preset", "meshing-text-mesh", "--duration", "1.5", "--fps", "10", "--size", "96x64",
            "--backend",
            "cpu", "-o", out,
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("15 frames, 96x64 at 10 fps"), "\(run.err)")
        guard let (w, h, n, d) = try probe(out) else { return }
        #expect(w == 96 && h == 64)
        #expect(n == 15)
        #expect(abs(d - 1.5) < 0.11, "duration \(d)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["clip.\(kind)"])
    }

    /// The top-level chunks of a RIFF WEBP file, as (fourcc, payload).
    func webpChunks(_ path: String) throws -> [(String, [UInt8])] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count >= 12, String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP" else { return [] }
        var chunks: [(String, [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let length = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard offset + 8 + length <= bytes.count else { break }
            chunks.append(
                (
                    String(decoding: bytes[offset..<offset + 4], as: UTF8.self),
                    Array(bytes[offset + 8..<offset + 8 + length])
                ))
            offset += 8 + length + (length & 1)
        }
        return chunks
    }

    /// ffmpeg 5 cannot decode an animated WebP, so its chunks are read: a
    /// VP8X canvas of the export's size, looping, with one ANMF frame per
    /// rendered frame (the mesh moves in every one).
    @Test func animatedWebPHoldsEveryFrame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.webp").path
        let run = try launch([
            "animate", "--preset", "meshing-text-mesh", "--duration", "1", "--fps", "8", "--size", "96x64",
            "--backend", "cpu", "--quiet", "-o", out,
        ])
        #expect(run.status == 0, "\(run.err)")
        let chunks = try webpChunks(out)
        guard let canvas = chunks.first(where: { $0.0 == "VP8X" })?.1, canvas.count >= 10 else {
            Issue.record("no VP8X chunk: \(chunks.map(\.0))")
            return
        }
        let width = 1 + (Int(canvas[4]) | Int(canvas[5]) << 8 | Int(canvas[6]) << 16)
        let height = 1 + (Int(canvas[7]) | Int(canvas[8]) << 8 | Int(canvas[9]) << 16)
        #expect(width == 96 && height == 64)
        #expect(canvas[0] & 0x02 != 0, "the animation flag")
        #expect(chunks.contains { $0.0 == "ANIM" })
        #expect(chunks.filter { $0.0 == "ANMF" }.count == 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["clip.webp"])
    }

    /// Every frame of an animated WebP, decoded by libwebp's own animation
    /// decoder (Pillow) and composed as a viewer shows it, is within 3/255
    /// (mean of each 64 × 64 tile) of the PNG frame of the same time: no
    /// part of the canvas keeps an earlier frame's colors.
    @Test func animatedWebPShowsEveryFrameAtItsTime() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["animate", "--preset", "onboarding", "--duration", "1", "--size", "320x180", "--backend", "cpu", "-q"]
        let webp = try launch(common + ["-o", dir.appendingPathComponent("clip.webp").path])
        #expect(webp.status == 0, "\(webp.err)")
        let frames = try launch(common + ["-o", dir.appendingPathComponent("frames").path + "/"])
        #expect(frames.status == 0, "\(frames.err)")
        let stills = (0..<30).map { dir.appendingPathComponent("frames/" + PNGSequenceSink.fileName(frame: $0)).path }
        let script = SlurmTests.repository.appendingPathComponent("Scripts/webp-frames.py")
        let compared = try ChildProcess.run(
            "/usr/bin/python3", [script.path, dir.appendingPathComponent("clip.webp").path, "30"] + stills)
        #expect(compared.status == 0, "\(compared.err)")
        let figures = try #require(try JSONSerialization.jsonObject(with: compared.output) as? [String: Any])
        #expect(figures["shown"] as? Int == 30, "\(figures)")
        let worst = try #require(figures["worst_tile"] as? Double)
        #expect(worst <= 3, "worst 64x64 tile \(worst)/255 off: \(figures)")
    }

    /// A gradient that does not move has identical frames, which libwebp
    /// merges into one still picture: the export succeeds (it failed its
    /// own output check before) and the still decodes at the right size.
    @Test func stillGradientToWebPIsAStillPicture() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("still.json")
        try Data(VideoQualityTests.ramp.utf8).write(to: spec)
        let out = dir.appendingPathComponent("still.webp").path
        let run = try launch([
            "animate", spec.path, "--duration", "1", "--fps", "10", "--size", "96x64", "--backend", "cpu", "--quiet",
            "-o", out,
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(try webpChunks(out).contains { $0.0 == "VP8 " || $0.0 == "VP8L" })
        guard let (w, h, n, _) = try probe(out) else { return }
        #expect(w == 96 && h == 64 && n == 1)
    }

    @Test func folderReceivesNumberedPNGsOfTheRightFrames() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let run = try launch([
            "animate", "--preset", "lava", "--duration", "1", "--fps", "3", "--size", "40x30", "--backend", "cpu", "-o",
            out.path + "/",
        ])
        #expect(run.status == 0, "\(run.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
        // Frame 1 is the lava preset at t = 1/3 s, exactly the still of that
        // time: every frame is tessellated at its own level (mesh-math §9).
        let png = try PNGDecoder.decode(Array(Data(contentsOf: out.appendingPathComponent("frame-00001.png")))).image8
        let document = Presets.lava.document
        let expected = CPURenderer().render8(
            RenderPlan(mesh: document.animatedMesh!.mesh(at: 1.0 / 3), width: 40, height: 30))
        #expect(png == expected)
    }

    /// A one-letter folder (`-o f/`) crashed: Foundation's
    /// deletingLastPathComponent traps on a one-character path.
    @Test func aOneLetterFolderReceivesTheFrames() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try ChildProcess.run(
            CLITests.binary.path,
            ["animate", "--preset", "lava", "--duration", "1", "--fps", "2", "--size", "20x20", "--quiet", "-o", "f/"],
            in: dir)
        #expect(run.status == 0, "\(run.err)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("f").path).sorted() == [
                "frame-00000.png", "frame-00001.png",
            ])
    }

    @Test func anExistingFolderWithFilesIsNeverTouched() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let run = try launch([
            "animate", "--preset", "lava", "--duration", "1", "--fps", "2", "--size", "20x20", "-o", out.path + "/",
        ])
        #expect(run.status == 1)
        #expect(run.err.contains("already exists; expected a new or empty folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    }

    @Test func missingFFmpegIsOneLineWithTheFix() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try launch(
            ["animate", "--preset", "lava", "--duration", "1", "-o", dir.appendingPathComponent("a.mp4").path],
            environment: ["PATH": "/nonexistent"])
        #expect(run.status == 1)
        #expect(
            run.err
                == "meshgrad animate: error: ffmpeg is not installed; install it (Debian: sudo apt-get install ffmpeg) or write PNG frames to a folder (-o frames/)\n"
        )
    }

    @Test func oddSizesAreRefusedForMP4WithAReason() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try launch([
            "animate", "--preset", "lava", "--duration", "1", "--size", "333x517", "-o",
            dir.appendingPathComponent("a.mp4").path,
        ])
        #expect(run.status == 1)
        #expect(run.err.contains("needs an even width and height, not 333x517"))
    }

    /// Sizes an encoder cannot take are refused before anything renders,
    /// with the smallest it takes (ffmpeg's own words were a libsvtav1
    /// parameter error, or x265 aborting on a corrupt heap at 48 wide).
    @Test(arguments: [
        ("av1", "32x32", "64x64"), ("av1", "640x48", "64x64"), ("hevc", "48x48", "64x16"), ("hevc", "640x8", "64x16"),
    ])
    func sizesTooSmallForTheEncoderAreRefused(codec: String, size: String, minimum: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try launch([
            "animate", "--preset", "lava", "--duration", "0.2", "--fps", "10", "--size", size, "--codec", codec, "-o",
            dir.appendingPathComponent("a.mp4").path,
        ])
        #expect(run.status == 1)
        #expect(
            run.err
                == "meshgrad animate: error: \(codec) needs frames at least \(minimum), not \(size); use a larger --size, or --codec h264\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A GIF above 50 fps would play at about 10 (its delays are
    /// hundredths of a second, and players slow those under two): refused
    /// with the limit; 50 fps itself is written and lasts what it should.
    @Test func gifAboveFiftyFramesASecondIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("a.gif").path
        let refused = try launch([
            "animate", "--preset", "lava", "--duration", "0.5", "--fps", "60", "--size", "32x32", "-o", out,
        ])
        #expect(refused.status == 1)
        #expect(
            refused.err
                == "meshgrad animate: error: gif frame delays are hundredths of a second, and players slow those under two: --fps 50 at most, not 60; use .webp or .png for more\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let written = try launch([
            "animate", "--preset", "lava", "--duration", "1", "--fps", "50", "--size", "32x32", "--quiet", "-o", out,
        ])
        #expect(written.status == 0, "\(written.err)")
        guard let (_, _, n, d) = try probe(out) else { return }
        #expect(n == 50 && abs(d - 1) < 0.03, "\(n) frames, \(d) s")
    }

    /// A frame rate no video is written at is a usage error, said in one
    /// line (1e300 frames a second for 1e-299 s crashed converting the rate
    /// to ffmpeg's argument; 1e-300 was ffmpeg's own error).
    @Test(arguments: [
        ["--fps", "1e300", "--duration", "1e-299"], ["--fps", "1e-300", "--duration", "1"], ["--fps", "1001"],
    ])
    func frameRatesOutOfRangeAreRefused(options: [String]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try launch(
            ["animate", "--preset", "lava", "--size", "32x32", "-o", dir.appendingPathComponent("a.mp4").path] + options
        )
        #expect(run.status == 2)
        #expect(
            run.err
                == "meshgrad animate: error: --fps \"\(options[1])\" is not valid; expected frames per second, 0.001 to 1000 (see 'meshgrad animate --help')\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A frame file that cannot be written says why: /dev/full answers
    /// every write as a full disk does.
    @Test func aFrameThatCannotBeWrittenSaysWhy() throws {
        #expect(PNGSequenceSink.write([1, 2, 3], to: "/dev/full") == "No space left on device")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("missing/frame.png").path
        #expect(PNGSequenceSink.write([1], to: missing) == "No such file or directory")
        let path = dir.appendingPathComponent("frame.png").path
        #expect(PNGSequenceSink.write([UInt8](repeating: 7, count: 100_000), to: path) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 7, count: 100_000))
    }

    /// Folders made for an output (`mkdir -p`) are taken back when the
    /// run fails: an export refused after they were made, or a render
    /// refused for its size, leaves no empty folder behind; one that
    /// succeeds keeps them.
    @Test func aFailedRunLeavesNoFolderItMade() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let refusedExport = try launch([
            "animate", "--preset", "lava", "--codec", "av1", "--size", "32x32", "-o", dir.path + "/a/b/clip.mp4",
        ])
        #expect(refusedExport.status == 1)
        let refusedRender = try launch([
            "render", "--preset", "meshing-text", "--size", "60000x60000", "-o", dir.path + "/c/d.png",
        ])
        #expect(refusedRender.status == 1)
        let refusedDotted = try launch([
            "animate", "--preset", "lava", "--codec", "av1", "--size", "32x32", "-o", dir.path + "/k/../l/clip.mp4",
        ])
        #expect(refusedDotted.status == 1, "\(refusedDotted.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
        let written = try launch([
            "render", "--preset", "lava", "--size", "16x16", "--backend", "cpu", "-o", dir.path + "/e/f/g.png",
        ])
        #expect(written.status == 0, "\(written.err)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/e/f/g.png"))
    }

    /// Ctrl-C in the middle of an export: ffmpeg stops, and neither the
    /// video nor any temporary file is left.
    @Test(arguments: ["clip.mp4", "frames/", "made/for/it/clip.mp4"])
    func interruptedExportLeavesNothing(output: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = [
            "animate", "--preset", "onboarding", "--duration", "60", "--fps", "30", "--size", "320x180", "--backend",
            "cpu", "-o", dir.path + "/" + output,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until frames are being written (beside the output).
        let folder = URL(fileURLWithPath: dir.path + "/" + output).deletingLastPathComponent().path
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if names.contains(where: { $0.hasPrefix(".") }) { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
        // Nor ffmpeg's log, kept in the temporary folder while it runs.
        let logs = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix(TemporaryFiles.namePrefix(of: process.processIdentifier)) }
        #expect(logs == [])
    }

    @Test func renderTakesATime() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("t.png").path
        let run = try launch([
            "render", "--preset", "onboarding", "--time", "2.5", "--size", "48x27", "--backend", "cpu", "-o", out,
        ])
        #expect(run.status == 0, "\(run.err)")
        let png = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: out)))).image8
        let expected = CPURenderer().render8(
            RenderPlan(mesh: Presets.onboarding.document.animatedMesh!.mesh(at: 2.5), width: 48, height: 27))
        #expect(png == expected)
    }
}

/// A clip of the document's loop (or of any length, for a document
/// without one) loops seamlessly: the frame that would follow the last one (the
/// first frame of the next clip, `--start D`) is the first frame again, and
/// the step from the last frame back to the first is no larger than the
/// steps between neighbouring frames.
extension AnimateCommandTests {
    static let movingMeshPresets = Presets.all.filter { $0.document.animatedMesh != nil && $0.document.moves(after: 0) }
        .map(\.name)

    func frames(_ folder: URL) throws -> [RGBAImage<UInt8>] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            try PNGDecoder.decode(Array(Data(contentsOf: folder.appendingPathComponent(name)))).image8
        }
    }

    /// The mean absolute difference of two frames, in levels per channel.
    func step(_ a: RGBAImage<UInt8>, _ b: RGBAImage<UInt8>) -> Double {
        zip(a.components, b.components).reduce(0.0) { $0 + Double(abs(Int($1.0) - Int($1.1))) }
            / Double(a.components.count)
    }

    @Test(arguments: movingMeshPresets)
    func clipsLoopSeamlessly(preset: String) throws {
        #expect(Self.movingMeshPresets.count >= 4, "\(Self.movingMeshPresets)")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The document's own loop when it has one (lava 12 s, tide 8 s), else
        // any length: animate makes the waves repeat every --duration.
        let duration = Presets.named(preset)!.document.naturalDuration ?? 2.4
        let fps = 5
        func export(start: Double, to name: String) throws -> [RGBAImage<UInt8>] {
            let folder = dir.appendingPathComponent(name)
            let run = try launch([
                "animate", "--preset", preset, "--duration", "\(duration)", "--start", "\(start)", "--fps",
                "\(fps)", "--size", "64x40", "--backend", "cpu", "--quiet", "-o", folder.path + "/",
            ])
            #expect(run.status == 0, "\(run.err)")
            return try frames(folder)
        }
        let clip = try export(start: 0, to: "clip")
        let next = try export(start: duration, to: "next")
        #expect(clip.count == Int(duration * Double(fps)), "\(clip.count) frames")
        guard clip.count > 2, let following = next.first else { return }
        // The frame after the last is the first (to rounding: at most a
        // dithered level here and there).
        let differing = zip(clip[0].components, following.components).filter { abs(Int($0) - Int($1)) > 1 }.count
        #expect(differing == 0, "\(preset): \(differing) components differ by more than 1 at t = \(duration)")
        #expect(step(clip[0], following) < 0.05, "\(preset): t = \(duration) is not t = 0")
        // No jump at the seam.
        let steps = (1..<clip.count).map { step(clip[$0 - 1], clip[$0]) }
        let seam = step(clip[clip.count - 1], clip[0])
        #expect(seam <= 1.5 * steps.max()! + 0.05, "\(preset): seam \(seam), steps up to \(steps.max()!)")
    }
}
