import Dispatch
import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradExport
import MeshGradGL
import MeshGradPNG
import MeshGradPipeline

/// `meshgrad render`: gradients to PNG files, one or a batch.
struct RenderCommand: Command {
    static let name = "render"
    static let summary = "Render gradients to PNG files (one, several, or a manifest)"
    static let help = """
        USAGE: meshgrad render SPEC.json|--preset NAME -o OUT.png [options]
               meshgrad render SPEC.json... [--preset NAME]... -o FOLDER [options]
               meshgrad render --manifest JOBS.jsonl [--shard I/N] [--jobs N] [options]

        ARGUMENTS:
        \(Source.help)
          --manifest JOBS.jsonl   One render per line: {"preset" or "document", "size", "output",
                                  optionally "time", "depth", "dither"}; paths relative to the file.

        OPTIONS:
          -o, --output OUT        The PNG (written atomically); with several inputs, a folder that
                                  receives NAME.png for each.
          --size SIZE             WIDTHxHEIGHT, 720p, 1080p, 1440p, 4k, 5k, 8k or a device
                                  ('meshgrad sizes'). Default: the document's size, else 1920x1080.
                                  Any size up to 65536 a side: large canvases stream band by band.
          --backend BACKEND       auto (default: the faster of GPU and CPU here), gl or cpu.
          --depth 8|16            Bits per component (default 8). 16-bit is never dithered.
          --no-dither             Plain rounding for 8-bit output, for comparisons.
          --no-antialias          Hard mesh borders (only matters where the border is inside the canvas).
          --time T                For an animated document: the frame at T seconds (default 0).
          --compression LEVEL     0-9 (default 1: fast; 6-9: smaller smooth gradients, much slower).
        \(qualityHelp)
          --jobs N                Entries rendered at once on the CPU backend (default 1; each uses
                                  the cores divided among the jobs). GL renders one at a time.
          --shard I/N             Render only entries k with k mod N = I (I from 0): split a batch
                                  across machines with no coordination.
          --timings               Print where the time went, per image: start-up, context,
                                  tessellation, render, readback, encode, write.
          -h, --help              Show this help.

        The PNG is RGB when every pixel is opaque, RGBA otherwise, and carries an sRGB chunk.
        With several entries, a failing one is reported and the rest still render; the exit
        status is the number that failed (at most 125).

        """

    static func run(_ words: [String], console: Console) throws {
        let commandStart = DispatchTime.now()
        var spec = Arguments.Spec()
        spec.valued["--preset"] = []
        spec.maximumPositionals = .max
        for name in [
            "--output", "--size", "--backend", "--depth", "--compression", "--time", "--manifest", "--jobs", "--shard",
            "--quality",
        ] {
            spec.valued[name] = []
        }
        spec.valued["--output"] = ["-o"]
        for name in ["--no-dither", "--no-antialias", "--timings"] { spec.flags[name] = [] }
        let arguments = try Arguments(words, spec: spec, command: name)

        let depth = try arguments.value("--depth", expected: "8 or 16") { ["8": 8, "16": 16][$0] } ?? 8
        let backend = try arguments.value("--backend", expected: Backend.help) { Backend(rawValue: $0) } ?? .auto
        let level =
            try arguments.value("--compression", expected: "an integer 0-9") {
                Int($0).flatMap { (0...9).contains($0) ? $0 : nil }
            } ?? 1
        let time = try arguments.value("--time", expected: "seconds, e.g. 2.5") {
            Double($0).flatMap { $0.isFinite ? $0 : nil }
        }
        let jobs =
            try arguments.value("--jobs", expected: "a number of jobs ≥ 1") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
            ?? 1
        let shard = try arguments.value("--shard", expected: "I/N with 0 ≤ I < N, e.g. 2/8") { Shard($0) }
        let sizeText = try arguments.value("--size")
        if let sizeText { _ = try parseSize(sizeText, command: name) }

        // What to render.
        var entries: [Result<RenderEntry, CommandError>] = []
        let presets = arguments.values["--preset"] ?? []
        let files = arguments.positionals
        let output = try arguments.value("--output")
        if let manifest = try arguments.value("--manifest") {
            guard files.isEmpty && presets.isEmpty else {
                throw UsageError(
                    command: name, message: "--manifest comes alone; expected no SPEC.json or --preset with it")
            }
            entries = try Manifest.entries(path: manifest)
        } else {
            let inputs = files.map { RenderEntry.Input.file($0) } + presets.map { RenderEntry.Input.preset($0) }
            guard !inputs.isEmpty else {
                throw UsageError(
                    command: name,
                    message: "no gradient given; expected SPEC.json, --preset NAME or --manifest JOBS.jsonl")
            }
            guard let output else {
                throw UsageError(command: name, message: "no output given; expected -o OUT.png")
            }
            if inputs.count == 1 {
                guard output.lowercased().hasSuffix(".png") || output.lowercased().hasSuffix(".pdf") || isLossy(output)
                else {
                    throw UsageError(
                        command: name,
                        message: "output \"\(output)\" does not end in .png, .pdf, .jpg or .webp; expected -o OUT.png")
                }
                let label = files.first ?? "preset \(presets[0])"
                entries = [.success(RenderEntry(input: inputs[0], output: output, label: label))]
            } else {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue
                else {
                    throw UsageError(
                        command: name,
                        message: "with several inputs, -o must be an existing folder; \"\(output)\" is not")
                }
                entries = inputs.map { input in
                    let (stem, label): (String, String) =
                        switch input {
                        case .file(let path):
                            (((path as NSString).lastPathComponent as NSString).deletingPathExtension, path)
                        case .preset(let preset): (preset, "preset \(preset)")
                        }
                    return .success(
                        RenderEntry(
                            input: input, output: (output as NSString).appendingPathComponent(stem + ".png"),
                            label: label))
                }
            }
        }
        if let shard {
            entries = entries.enumerated().filter { shard.contains($0.offset) }.map(\.element)
        }

        var options = BatchOptions(
            size: sizeText, time: time, depth: depth, dithers: !arguments.flag("--no-dither"),
            antialiasing: !arguments.flag("--no-antialias"), compression: level, timings: arguments.flag("--timings"))
        options.quality =
            try arguments.value("--quality", expected: "an integer 1-100") {
                Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
            } ?? 90
        let startup = processStartSeconds(until: commandStart)
        let contextStart = DispatchTime.now()
        let engine = try backend.makeRenderer { console.err.write($0) }
        let contextSeconds = contextStart.secondsElapsed

        let single = entries.count == 1 && arguments.values["--manifest"] == nil
        if single {
            let entry = try entries[0].get()
            let timings = try render(entry, options: options, engine: engine)
            if options.timings {
                console.err.write(timings.line(startup: startup, context: contextSeconds, label: nil))
            }
            return
        }
        // Parallel workers where the renderer splits (the CPU's cores); one
        // GPU context renders alone.
        let split = jobs > 1 ? (0..<jobs).compactMap { _ in engine.worker(of: jobs) } : []
        let workers = split.count == jobs ? split : [engine]
        let batch = Batch(
            entries: entries, workers: workers, options: options, console: console, startup: startup,
            context: contextSeconds)
        DispatchQueue.concurrentPerform(iterations: workers.count) { batch.runWorker($0) }
        let failures = batch.failures
        console.err.write(
            "meshgrad render: \(entries.count - failures) of \(entries.count) rendered\(failures > 0 ? ", \(failures) failed" : "")\n"
        )
        if failures > 0 { throw BatchFailure(count: failures) }
    }

    /// A batch being rendered by one or more workers, each with its own
    /// engine; entries are handed out in order, failures counted.
    final class Batch: @unchecked Sendable {
        let entries: [Result<RenderEntry, CommandError>]
        let workers: [any FrameRenderer]
        let options: BatchOptions
        let console: Console
        let startup: Double
        let context: Double
        private let lock = NSLock()
        private var next = 0
        private(set) var failures = 0

        init(
            entries: [Result<RenderEntry, CommandError>], workers: [any FrameRenderer], options: BatchOptions,
            console: Console, startup: Double, context: Double
        ) {
            self.entries = entries
            self.workers = workers
            self.options = options
            self.console = console
            self.startup = startup
            self.context = context
        }

        func runWorker(_ worker: Int) {
            while let k = take() {
                do {
                    let entry = try entries[k].get()
                    let timings = try RenderCommand.render(entry, options: options, engine: workers[worker])
                    if options.timings {
                        lock.withLock {
                            console.err.write(timings.line(startup: startup, context: context, label: entry.output))
                        }
                    }
                } catch {
                    let label = (try? entries[k].get().label).map { "\($0): " } ?? ""
                    lock.withLock {
                        failures += 1
                        console.err.write("meshgrad render: error: \(label)\(error)\n")
                    }
                }
            }
        }

        private func take() -> Int? {
            lock.withLock {
                guard next < entries.count else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }

    struct BatchOptions {
        var size: String?
        var time: Double?
        var depth: Int
        var dithers: Bool
        var antialiasing: Bool
        var compression: Int
        var timings: Bool
        /// JPEG and WebP quality, 1…100.
        var quality = 90
    }

    /// The entry's document, checked for rendering, with the time and the
    /// canvas size it renders at (the entry's own, else the command's,
    /// else the document's).
    static func loadChecked(
        _ entry: RenderEntry, options: BatchOptions
    ) throws -> (document: GradientDocument, time: Double, size: CanvasSize) {
        let document = try entry.loadDocument()
        do {
            try validateForRendering(document)
        } catch {
            throw CommandError("\(entry.label): \(error)")
        }
        let time = entry.time ?? options.time ?? document.poster
        let sizeText = entry.size ?? options.size
        let size = try sizeText.map { try parseSize($0, command: name) } ?? document.size ?? CanvasSize.defaultSize
        return (document, time, size)
    }

    /// Renders one entry to its file, streaming bands into the encoder.
    static func render(_ entry: RenderEntry, options: BatchOptions, engine: any FrameRenderer) throws -> StageTimings {
        if entry.output.lowercased().hasSuffix(".pdf") { return try renderPDF(entry, options: options, engine: engine) }
        if isLossy(entry.output) { return try renderLossy(entry, options: options, engine: engine) }
        var timings = StageTimings()
        let loadStart = DispatchTime.now()
        let (document, time, size) = try loadChecked(entry, options: options)
        timings.load = loadStart.secondsElapsed

        let planStart = DispatchTime.now()
        let depth = entry.depth ?? options.depth
        let dithers = entry.dithers ?? options.dithers
        let frame = try FramePlan(
            document, label: entry.label, width: size.width, height: size.height, time: time,
            antialiasing: options.antialiasing)
        let bands = try engine.bands(for: frame, depth: depth, dithers: dithers, measuresStages: options.timings)
        // A scene is drawn whole (shadows reach across bands) before its
        // bands are handed to the writer; a mesh is drawn band by band.
        timings.render = bands.wholeFrameSeconds
        timings.tessellation = planStart.secondsElapsed - bands.wholeFrameSeconds
        let opaque = bands.isOpaque

        let writer = BandedPNGWriter(
            width: size.width, height: size.height, depth: depth == 16 ? .sixteen : .eight, opaque: opaque,
            encoderOptions: .init(compressionLevel: options.compression))
        let stages = try writer.write(to: URL(fileURLWithPath: entry.output), renderBand: bands.render)
        timings.render += stages.render
        timings.readback = stages.readback
        timings.encode = stages.encode
        timings.write = stages.write
        return timings
    }
}

/// A batch in which some entries failed: the exit status is their number.
struct BatchFailure: Error, CustomStringConvertible {
    var count: Int
    var description: String { "\(count) failed" }
}

/// Where an image's time went (`--timings`).
struct StageTimings {
    var load = 0.0
    var tessellation = 0.0
    var render = 0.0
    var readback = 0.0
    var encode = 0.0
    var write = 0.0

    func line(startup: Double, context: Double, label: String?) -> String {
        func ms(_ s: Double) -> String { String(format: "%.0f ms", s * 1000) }
        let total = startup + context + load + tessellation + render + readback + encode + write
        return
            "timings\(label.map { " (\($0))" } ?? ""): start-up \(ms(startup)), context \(ms(context)), load \(ms(load)), "
            + "tessellation \(ms(tessellation)), render \(ms(render)), readback \(ms(readback)), encode \(ms(encode)), "
            + "write \(ms(write)); total \(ms(total))\n"
    }
}

/// Seconds from the process's start (as the kernel recorded it) to `now`:
/// loading the binary and its libraries, and parsing arguments.
func processStartSeconds(until now: DispatchTime) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
        let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
        let afterName = stat.range(of: ") ")
    else { return 0 }
    let fields = stat[afterName.upperBound...].split(separator: " ")
    // Field 22 of stat is the start time; fields here start at field 3.
    guard fields.count > 19, let ticks = Double(fields[19]), let uptime = Double(uptimeText.split(separator: " ")[0])
    else {
        return 0
    }
    let startedAt = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    let sinceStart = uptime - startedAt
    return max(0, sinceStart - DispatchTime.now().secondsSince(now))
}

extension DispatchTime {
    var secondsElapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - uptimeNanoseconds) / 1e9 }
    func secondsSince(_ earlier: DispatchTime) -> Double { Double(uptimeNanoseconds - earlier.uptimeNanoseconds) / 1e9 }
}

/// A size from `--size` or a manifest: WxH, a name or a device.
func parseSize(_ text: String, command: String) throws -> CanvasSize {
    do {
        return try CanvasSize(parsing: text)
    } catch {
        throw UsageError(command: command, message: "--size: \(error)")
    }
}

/// `--size` if given, else the document's size, else the default.
func resolveSize(_ text: String?, document: GradientDocument, command: String) throws -> CanvasSize {
    if let text { return try parseSize(text, command: command) }
    return document.size ?? CanvasSize.defaultSize
}

/// Meshes built by presets are valid by construction and documents are
/// checked as they are decoded; this catches what slips past both.
func validateForRendering(_ source: Source) throws {
    do {
        try validateForRendering(source.document)
    } catch {
        throw CommandError("\(source.label): \(error)")
    }
}

/// Every mesh the document draws: its own, or its scene's.
func validateForRendering(_ document: GradientDocument) throws {
    for mesh in document.meshes { try mesh.validate() }
}
