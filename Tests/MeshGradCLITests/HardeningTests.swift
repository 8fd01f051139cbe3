import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradText
import Testing

@testable import MeshGradCLI
@testable import MeshGradPipeline

/// The defences behind the bad-input suite: the resource budget and the
/// limits it is held to, layers planned only where they reach the canvas,
/// conversions that cannot trap, temporaries a later run recognizes, and
/// every input the fuzzer found (Scripts/fuzz.sh) replayed.
@Suite struct HardeningTests {
    static let red = RGBAColor(red: 1, green: 0, blue: 0)
    static let green = RGBAColor(red: 0, green: 1, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 1)

    static func document(_ text: String) throws -> GradientDocument { try GradientDocument.decode(text) }

    static let wideMesh = #"""
        {"layers": [{"frame": [-500, -500, 1000, 1000], "fill": {"mesh": {"width": 2, "height": 2,
          "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]}}}]}
        """#

    /// A mesh layer 65,536 pixels wide on a 64 × 64 canvas used to take
    /// 4.2 GB and 15 s; it is planned over the canvas only.
    @Test func aLayerFarLargerThanTheCanvasCostsTheCanvas() throws {
        let document = try Self.document(Self.wideMesh)
        let budget = ResourceBudget(document, width: 64, height: 64, time: 0)
        #expect(budget.bytes < 16_000_000, "\(budget.bytes)")
        let plan = try FramePlan(document, label: "wide", width: 64, height: 64, time: 0)
        guard case .scene(let scene) = plan else {
            Issue.record("not a scene")
            return
        }
        #expect(scene.layers.map(\.box) == [PixelBox(width: 64, height: 64)])
    }

    /// Clipping changes nothing drawn: the clipped plan against the same
    /// layer planned over its whole frame.
    @Test func aClippedMeshLayerDrawsTheSamePixels() throws {
        let mesh = MeshGradient(
            width: 3, height: 2,
            locations: .points([SIMD2(0, 0), SIMD2(0.6, 0.1), SIMD2(1, 0), SIMD2(0, 1), SIMD2(0.4, 0.8), SIMD2(1, 1)]),
            colors: [Self.red, Self.green, Self.blue, .white, .black, Self.red])
        let scene = Scene(layers: [
            Layer(frame: UnitRect(x: -0.7, y: -0.4, width: 2.5, height: 1.9), fill: .mesh(mesh, nil))
        ])
        let clipped = try ScenePlan(scene: scene, width: 40, height: 30) { (_: TextMaskRequest) throws(TextError) in
            CoverageMask(width: 1, height: 1)
        }
        let frameBox = scene.layers[0].frame.pixelBox(width: 40, height: 30)
        #expect(clipped.layers[0].box == PixelBox(width: 40, height: 30))
        let whole = ScenePlan(
            width: 40, height: 30, background: .solid(.zero),
            layers: [
                LayerPlan(
                    box: frameBox,
                    content: .mesh(RenderPlan(mesh: mesh, width: frameBox.width, height: frameBox.height)))
            ])
        let a = SceneRenderer().renderFloat(clipped).components
        let b = SceneRenderer().renderFloat(whole).components
        let largest = zip(a, b).map { abs($0 - $1) }.max() ?? 1
        #expect(largest < 1e-3, "\(largest)")
    }

    @Test func aBudgetOverTheLimitIsOneLineNamingIt() throws {
        let document = try Self.document(#"{"layers": [{"fill": [1, 0, 0]}]}"#)
        let budget = ResourceBudget(document, width: 4096, height: 4096, time: 0)
        #expect(budget.bytes >= 4096 * 4096 * 40)
        do {
            try budget.check(
                against: MemoryLimit(available: 100_000_000, name: "a test limit of 100 MB"), label: "x.json")
            Issue.record("a 671 MB render passed a 100 MB limit")
        } catch {
            #expect(
                "\(error)"
                    == "x.json: a 4096×4096 scene needs about 671 MB and the limit is a test limit of 100 MB, 100 MB usable; render it smaller"
            )
        }
    }

    @Test func theCgroupLimitIsRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-cgroup-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(MemoryLimit.cgroup(root: root.path) == nil)
        try Data("max\n".utf8).write(to: root.appendingPathComponent("memory.max"))
        #expect(MemoryLimit.cgroup(root: root.path) == nil)
        try Data("1000000000\n".utf8).write(to: root.appendingPathComponent("memory.max"))
        try Data("400000000\n".utf8).write(to: root.appendingPathComponent("memory.current"))
        let limit = try #require(MemoryLimit.cgroup(root: root.path))
        #expect(limit.available == 540_000_000)
        #expect(limit.name == "the cgroup memory limit of 1.0 GB, 400 MB in use")
    }

    /// Sizes in messages, made in integers, read as `%.1f GB`, `%.0f MB`
    /// and `%.0f kB` print them (exact halves, such as 2.5 MB, to even).
    @Test func sizesInMessagesRoundAsPrintfDoes() {
        let sizes: [UInt64] = [
            0, 499, 500, 1_500, 2_500, 999_499, 999_999, 1_000_000, 1_499_999, 2_500_000, 3_500_000, 999_999_999,
            1_000_000_000, 1_049_999_999, 1_250_000_000, 16_000_000_000, 123_456_789_012, 1 << 62,
        ]
        for bytes in sizes {
            let value = Double(bytes)
            let printed =
                value >= 1e9
                ? String(format: "%.1f GB", value / 1e9)
                : value >= 1e6 ? String(format: "%.0f MB", value / 1e6) : String(format: "%.0f kB", value / 1e3)
            #expect(formatBytes(bytes) == printed, "\(bytes)")
        }
    }

    /// Under `ulimit -v` an 8192² scene used to abort in an allocation.
    @Test func anAddressSpaceLimitIsRefusedNotAborted() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-ulimit-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "ulimit -v 2000000; exec \"$0\" render --preset onboarding-screen --size 8192x8192 --backend cpu -o \"$1\"",
            CLITests.binary.path, dir.appendingPathComponent("big.png").path,
        ]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let err = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(err)")
        #expect(err.contains("the limit is the address-space limit (ulimit -v) of 2.0 GB"), "\(err)")
        #expect(err.filter { $0 == "\n" }.count == 1, "\(err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test func tessellationsAreCapped() {
        #expect(Tessellation.largestLevel(patches: 1) == TessellationLevel.maximum)
        #expect(Tessellation.largestLevel(patches: 255 * 255) == 4)
        for patches in [1, 9, 100, 4000, 65025] {
            let level = Tessellation.largestLevel(patches: patches)
            #expect((level + 1) * (level + 1) * patches <= Tessellation.maximumVertices)
        }
    }

    /// The traps of the issue, at the conversions themselves.
    @Test func conversionsClampInsteadOfTrapping() {
        #expect(Int(clamping: Double.nan) == 0)
        #expect(Int(clamping: Double.infinity) == 1 << 40)
        #expect(Int(clamping: -1e300, limit: 100) == -100)
        #expect(Int(clamping: 2.5) == 3)
        #expect(FrameSchedule(duration: 1e308, fps: 1000).count == FrameSchedule.maximumCount)
        #expect(throws: FrameCountError.self) { try FrameSchedule.check(duration: 1e308, fps: 1000) }
        // A NaN vertex (no valid document makes one) used to trap in the
        // rasterizer's Double → Int64 conversion; it covers nothing.
        let nan = MeshGradient(
            width: 2, height: 2, locations: .points([SIMD2(.nan, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, .infinity)]),
            colors: [Self.red, Self.green, Self.blue, .white])
        #expect(CPURenderer(threadCount: 1).render8(RenderPlan(mesh: nan, width: 8, height: 8)).width == 8)
    }

    @Test func safeTextEscapesAndCuts() {
        #expect(SafeText.value("a\nb\u{1B}[31m\t\u{7F}\u{202E}") == #"a\nb\u{1B}[31m\t\u{7F}\u{202E}"#)
        #expect(SafeText.value(String(repeating: "é", count: 100)) == String(repeating: "é", count: 60) + "…")
        #expect(SafeText.number(2_147_483_648) == "2147483648")
        #expect(SafeText.number(-1) == "-1")
        #expect(SafeText.number(1e308) == "1e+308")
    }

    /// Temporaries carry their host and process: a later run removes this
    /// host's whose process is gone, leaves a live one's alone, and another
    /// host's (a machine or container sharing the folder) until it is old.
    @Test func staleTemporariesAreRemovedLiveOnesKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-stale-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let me = ProcessInfo.processInfo.processIdentifier
        let host = TemporaryFiles.host
        let name = TemporaryFiles.name(for: "out.png")
        #expect(name.hasPrefix(".meshgrad-h\(host)-\(me)-"))
        #expect(TemporaryFiles.owner(of: name) == TemporaryFiles.Owner(host: host, pid: me))
        // A process that has exited: the shell's child.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        let stale = ".meshgrad-h\(host)-\(dead)-abc-out.png.tmp"
        let staleFolder = ".meshgrad-h\(host)-\(dead)-def-frames.tmp"
        let live = ".meshgrad-h\(host)-1-xyz-out.png.tmp"  // init never exits
        let otherHost = host == "000000000001" ? "000000000002" : "000000000001"
        let foreignNew = ".meshgrad-h\(otherHost)-\(dead)-ghi-out.png.tmp"
        let foreignOld = ".meshgrad-h\(otherHost)-\(dead)-jkl-out.png.tmp"
        let unnamedOld = ".meshgrad-\(dead)-mno-out.png.tmp"
        for file in [stale, live, foreignNew, foreignOld, unnamedOld, "mine.png", ".hidden"] {
            try Data("x".utf8).write(to: dir.appendingPathComponent(file))
        }
        let twoDaysAgo = Date().addingTimeInterval(-2 * TemporaryFiles.foreignAge)
        for file in [foreignOld, unnamedOld] {
            try FileManager.default.setAttributes(
                [.modificationDate: twoDaysAgo], ofItemAtPath: dir.appendingPathComponent(file).path)
        }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(staleFolder), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: dir.appendingPathComponent(staleFolder).appendingPathComponent("frame-0001.png"))
        #expect(Set(TemporaryFiles.removeStale(in: dir)) == [stale, staleFolder, foreignOld, unnamedOld])
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
                == [live, foreignNew, "mine.png", ".hidden"])
    }

    /// Every input the fuzzer kept (crashes, timeouts, slow units), through
    /// the fuzz target's own path: decode, plan at 16 × 16, render.
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: fuzzCrashes.path).sorted())
    func fuzzFindingsStayFixed(_ name: String) throws {
        var bytes = Array(try Data(contentsOf: Self.fuzzCrashes.appendingPathComponent(name)))
        var time: Double?
        if bytes.starts(with: Array("#time ".utf8)) {
            let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            time = Double(String(decoding: bytes[6..<end], as: UTF8.self))
            bytes = Array(bytes[min(end + 1, bytes.count)...])
        }
        guard let document = try? GradientDocument.decode(bytes) else { return }
        guard
            let plan = try? FramePlan(
                document, label: name, width: 16, height: 16, time: time ?? document.poster, textMasks: TextMaskCache())
        else { return }
        let image = CPUFrameRenderer(threadCount: 1).render8(plan, dithers: true)
        #expect(image.width == 16 && image.height == 16)
    }

    /// A material whose blur is ten times the canvas (σ 640 pixels on
    /// 64 × 64) blurs what the canvas holds, not a box the size of the
    /// radius: its budget is the canvas's, and both renderers agree.
    @Test func aBlurWiderThanTheCanvasCostsTheCanvas() throws {
        let document = try Self.document(
            #"""
            {"size": [64, 64], "points": [1, 1], "background": "#336699", "layers": [
              {"frame": [0, 0, 1, 1], "fill": {"mesh": {"width": 2, "height": 2,
                "points": [[0, 0], [1, 0], [0, 1], [1, 1]], "colors": ["#ff0000", "#00ff00", "#0000ff", "#ffffff"]}}},
              {"frame": [0.2, 0.2, 0.6, 0.6], "fill": {"material": "ultraThin"}}]}
            """#)
        let budget = ResourceBudget(document, width: 64, height: 64, time: 0)
        #expect(budget.bytes < 4_000_000, "\(budget.bytes)")
        let material = MaterialPlan(.ultraThin, pixelsPerPoint: 64)
        #expect(material.kernel.radius == 1920)
        let canvas = PixelBox(width: 64, height: 64)
        #expect(material.backdropBox(of: PixelBox(x0: 13, y0: 13, x1: 51, y1: 51), canvas: canvas) == canvas)
        // The clipped backdrop blurs to the same pixels as the whole one:
        // what lies past the canvas is zero either way.
        let small = RGBAImage<Float>(
            width: 8, height: 8, components: (0..<256).map { Float(($0 * 37) % 101) / 100 })
        let blur = GaussianBlur(sigma: 30, threadCount: 1)
        let clipped = blur.blurred(premultiplied: small)
        var padded = [Float](repeating: 0, count: 200 * 200 * 4)
        for y in 0..<8 {
            for x in 0..<32 { padded[((y + 96) * 200 + 96) * 4 + x] = small.components[y * 32 + x] }
        }
        let whole = blur.blurred(padded, width: 200, height: 200, channels: 4)
        for y in 0..<8 {
            for x in 0..<32 { #expect(whole[((y + 96) * 200 + 96) * 4 + x] == clipped.components[y * 32 + x]) }
        }
    }

    /// Lossy outputs past their format's limits are refused before a pixel
    /// is rendered (a 65535² JPEG aborted in allocation).
    @Test func lossyLimitsComeBeforeRendering() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-lossy-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (size, name, message) in [
            ("65535x65535", "big.jpg", "JPEG images are at most 65500 pixels a side"),
            ("16384x100", "wide.webp", "WebP images are at most 16383 pixels a side"),
        ] {
            let result = CLITests().run([
                "render", "--preset", "aurora", "--size", size, "-o", dir.appendingPathComponent(name).path,
            ])
            #expect(result.status == 1)
            #expect(result.err.contains(message), "\(result.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path))
    }

    /// A PNG whose header claims 16384² pixels in 68 bytes is refused by
    /// `fit` before anything of that size is allocated.
    @Test func aForgedPhotoIsRefusedBeforeDecoding() throws {
        let dir = try CLITests().temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            let body = Array(type.utf8) + data
            png += withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body
            png += withUnsafeBytes(of: crc32(body).bigEndian, Array.init)
        }
        chunk("IHDR", [0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
        chunk("IEND", [])
        let photo = dir.appendingPathComponent("forged.png")
        try Data(png).write(to: photo)
        let result = CLITests().run(["fit", photo.path])
        #expect(result.status == 1)
        #expect(result.err.contains("claims 16384×16384 pixels in \(png.count) bytes"), "\(result.err)")
    }

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// `--jobs` beyond the entries and the cores runs as many as can work
    /// (99999999999 never finished making its workers).
    @Test func hugeJobCountsAreCapped() throws {
        let dir = try CLITests().temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("jobs.jsonl")
        try Data(
            (0..<3).map { #"{"preset": "aurora", "size": [16, 16], "output": "o\#($0).png"}"# }.joined(
                separator: "\n"
            ).utf8
        ).write(to: manifest)
        let result = CLITests().run([
            "render", "--manifest", manifest.path, "--backend", "cpu", "--jobs", "99999999999", "--quiet",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == [
                "jobs.jsonl", "o0.png", "o1.png", "o2.png",
            ])
    }

    /// Numbers Swift itself would refuse are refused by `import` too, never
    /// written as `inf` (which is not JSON).
    @Test func importRefusesNonFiniteNumbers() throws {
        for (expression, message) in [
            ("1e400", "too large for Swift's Float or Double"), ("1e300 * 1e300", "product is not a finite number"),
            ("1 / 0", "quotient is not a finite number"), ("1e308 + 1e308", "sum is not a finite number"),
        ] {
            let result = try Self.importing(
                "let m = MeshGradient(width: 2, height: 2, points: [[0, 0], [\(expression), 0], [0, 1], [1, 1]], "
                    + "colors: [.red, .blue, .green, .white])\n")
            #expect(result.status == 1)
            #expect(result.err.contains(message), "\(expression): \(result.err)")
            #expect(!result.out.contains("inf"))
        }
    }

    static func importing(_ source: String) throws -> CLITests.Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-import-\(UUID()).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return CLITests().run(["import", file.path])
    }

    static let fuzzCrashes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "FuzzCrashes")
}
