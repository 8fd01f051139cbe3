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
    static let usage = [
        "SPEC.json|-|--preset NAME -o OUT.png|OUT.avif|OUT.pdf|OUT.jpg|OUT.webp|-",
        "SPEC.json... [--preset NAME]... -o FOLDER",
        "--manifest JOBS.jsonl [--shard I/N|auto[/N]] [--skip-existing] [--jobs N] [--json]",
    ]
    static let discussion = """
        Several inputs with -o FOLDER write FOLDER/NAME.png each (NAME: the file's name without
        .json, or the preset's); two inputs that would share a name are an error before anything
        renders. Folders named in -o or a manifest are made as needed. -o - writes the PNG to
        standard output (a pipe), once it is whole.

        The PNG is RGB when every pixel is opaque, RGBA otherwise, and carries an sRGB chunk.
        With several entries, a failing one is reported and the rest still render; the exit
        status is the number that failed (at most 125).
        """
    static let arguments = [
        Option.argument(
            "SPEC.json",
            "A gradient document (Docs/document-format.md); - reads standard input. Several: one image each.",
            complete: .files(["json"]), repeats: true)
    ]
    static let options: [Option] = [
        .value(
            "--preset", "NAME", "A built-in gradient ('meshgrad presets' lists them); may be repeated.",
            complete: .presets, repeats: true),
        .value(
            "--output", aliases: ["-o"], "OUT",
            "The PNG, PDF, JPEG or WebP (written atomically, a link's target replaced; - for standard output, or a FIFO or device named without an extension: a PNG); with several inputs, a folder that receives NAME.png for each.",
            complete: .files(["png", "avif", "pdf", "jpg", "jpeg", "webp"])),
        .value(
            "--manifest", "JOBS.jsonl",
            "One render per line: {\"preset\" or \"document\", \"size\", \"output\", optionally \"time\", \"depth\", \"dither\"}; paths relative to the file; - reads standard input.",
            complete: .files(["jsonl", "json"])),
        .value(
            "--size", "SIZE",
            "WIDTHxHEIGHT, 720p, 1080p, 1440p, 4k, 5k, 8k or a device ('meshgrad sizes'). Default: the document's size, else 1920x1080. Any size up to 65536 a side: large canvases stream band by band.",
            complete: .sizes),
        .value(
            "--time", "T",
            "For an animated document or scene: the frame at T seconds (default: the document's poster time, else 0)."),
        .value(
            "--backend", "auto|gl|cpu", "auto (default: the faster of GPU and CPU here), gl or cpu.",
            complete: .choices(["auto", "gl", "cpu"])),
        .value(
            "--depth", "8|10|12|16",
            "Bits per component: a PNG's 8 (default) or 16, never dithered at 16; an AVIF's 10 (default) or 12.",
            complete: .choices(["8", "10", "12", "16"])),
        .value(
            "--gamut", "srgb|display-p3|rec2020",
            "The PNG's color space (default: the narrowest holding every color of the document); colors outside it are mapped in (CSS Color 4), not clipped.",
            complete: .choices(["srgb", "display-p3", "rec2020"])),
        .value(
            "--hdr", "pq|hlg",
            "A mesh as HDR in a PNG or AVIF (BT.2020 unless --gamut says otherwise): white is 203 cd/m², brighter colors (color(srgb-linear 2 2 2)) stay brighter.",
            complete: .choices(["pq", "hlg"])),
        .flag("--no-dither", "Plain rounding for 8-bit output, for comparisons."),
        .flag("--no-antialias", "Hard mesh borders (only matters where the border is inside the canvas)."),
        .value(
            "--quality", "Q",
            "1-100 for -o OUT.jpg, OUT.webp or OUT.avif (default 90; 100 is a lossless AVIF): lossy stills, far smaller than PNG when the document has grain. JPEG has no alpha (translucent pixels go over white); WebP and AVIF keep it."
        ),
        .value(
            "--compression", "LEVEL",
            "PNG compression 0-9 (default 1: fast; 6-9: smaller smooth gradients, much slower).",
            complete: .choices((0...9).map(String.init))),
        .value(
            "--jobs", "N",
            "Entries rendered at once on the CPU backend (default 1; each uses the cores divided among the jobs). Not with --backend gl: one GL context renders one at a time."
        ),
        .value(
            "--shard", "I/N",
            "Render only entries k with k mod N = I (I from 0). auto takes I (and N) from the job engine: PARALLEL_SEQ (GNU parallel, auto/N), JOB_COMPLETION_INDEX (Kubernetes, auto/N), SLURM_ARRAY_TASK_ID and _COUNT, AWS_BATCH_JOB_ARRAY_INDEX and _SIZE, BATCH_TASK_INDEX and _COUNT (Google Batch).",
            complete: .choices(["auto"])),
        .flag("--skip-existing", "Skip entries whose output already exists (resume an interrupted batch)."),
        .flag(
            "--json",
            "Print a JSON summary on standard output: the shard, counts, and each entry's output and status (with --timings, its timings in seconds)."
        ),
        .flag(
            "--timings",
            "Print where the time went, per image: start-up, context, tessellation, render, readback, encode, write."),
    ]

    static func run(_ arguments: Arguments, console: Console) throws {
        let commandStart = DispatchTime.now()
        let options = try BatchOptions(arguments)
        let backend = try arguments.value("--backend", expected: Backend.help) { Backend(rawValue: $0) } ?? .auto
        let jobs =
            try arguments.value("--jobs", expected: "a number of jobs ≥ 1") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
            ?? 1
        let shard = try arguments.value("--shard").map {
            try Shard(parsing: $0, environment: ProcessInfo.processInfo.environment, command: name)
        }
        let plan = try RenderPlanning.entries(arguments, command: name)
        try refuseWhatCannotApply(arguments, plan: plan, backend: backend, jobs: jobs)
        var entries = plan.entries
        if let shard {
            entries = entries.enumerated().filter { shard.contains($0.offset) }.map(\.element)
            console.detail(
                "meshgrad render: shard \(shard.index)/\(shard.count)\(shard.source.map { " (from \($0))" } ?? ""): "
                    + "\(entries.count) of \(plan.entries.count) entries\n")
        }
        // Read from /proc only when printed.
        let startup = options.timings ? processStartSeconds(until: commandStart) : 0
        let contextStart = DispatchTime.now()
        let engine = try backend.makeRenderer { console.note($0) }
        let context = (startup: startup, context: contextStart.secondsElapsed)
        console.detail("meshgrad render: backend \(engine.name)\n")
        if !plan.isBatch && !options.json {
            return try renderOne(try entries[0].get(), options: options, engine: engine, console: console, at: context)
        }
        // More workers than entries or cores would only wait (or, for a
        // huge --jobs, never finish being made).
        let workers = max(1, min(jobs, entries.count, ActiveProcessors.count))
        if workers < jobs { console.detail("meshgrad render: --jobs \(jobs) runs as \(workers)\n") }
        let batch = try renderBatch(
            entries, options: options, engine: engine, jobs: workers, console: console, at: context)
        if options.json {
            var summary = batch.summary
            summary["shard"] = shard?.json ?? NSNull()
            if let manifest = try arguments.value("--manifest") { summary["manifest"] = manifest }
            console.out.write(JSONText.line(summary))
        }
        if batch.failures > 0 { throw BatchFailure(count: batch.failures) }
    }

    /// Options given where they cannot do anything are usage mistakes.
    static func refuseWhatCannotApply(
        _ arguments: Arguments, plan: RenderPlanning.Plan, backend: Backend, jobs: Int
    ) throws {
        if backend == .gl && jobs > 1 {
            try arguments.refuse(
                "--jobs", because: "one GL context renders one entry at a time; expected --backend cpu")
        }
        if !plan.isBatch {
            try arguments.refuse("--shard", because: "it splits a batch; expected several inputs or --manifest")
            try arguments.refuse(
                "--jobs", because: "one image renders as one job; expected several inputs or --manifest")
        }
        if let output = plan.singleOutput, output.lowercased().hasSuffix(".pdf") {
            try arguments.refuse("--depth", because: "a PDF holds vector shadings, not PNG samples")
            try arguments.refuse("--compression", because: "a PDF holds vector shadings, not PNG samples")
        }
        try refuseDepth(arguments, output: plan.singleOutput)
        if plan.singleOutput.map({ !OutputPath.isLossy($0) && !OutputPath.isAVIF($0) }) ?? false {
            try arguments.refuse(
                "--quality", because: "it sets JPEG, WebP and AVIF quality; expected -o OUT.jpg, OUT.webp or OUT.avif")
        }
        if plan.singleOutput == "-" {
            try arguments.refuse("--json", because: "-o - writes the PNG to standard output")
            try OutputPath.refuseTerminal(command: name, what: "a PNG")
            try OutputPath.refuseClosedOutput()
        }
    }

    /// One image: its errors are the command's.
    static func renderOne(
        _ entry: RenderEntry, options: BatchOptions, engine: any FrameRenderer, console: Console,
        at clock: (startup: Double, context: Double)
    ) throws {
        if options.skipExisting && entry.output != "-" && FileManager.default.fileExists(atPath: entry.output) {
            console.note("meshgrad render: \(entry.output) exists; skipped (--skip-existing)\n")
            return
        }
        let timings = try render(entry, options: options, engine: engine, takesBackFolders: true)
        console.detail("meshgrad render: wrote \(entry.output == "-" ? "standard output" : entry.output)\n")
        if options.timings {
            console.err.write(timings.line(startup: clock.startup, context: clock.context, label: nil))
        }
    }

    /// Several images, on `jobs` workers where the renderer splits (the
    /// CPU's cores; one GPU context renders alone), each failure reported.
    static func renderBatch(
        _ entries: [Result<RenderEntry, CommandError>], options: BatchOptions, engine: any FrameRenderer, jobs: Int,
        console: Console, at clock: (startup: Double, context: Double)
    ) throws -> Batch {
        let split = jobs > 1 ? (0..<jobs).compactMap { _ in engine.worker(of: jobs) } : []
        if jobs > 1 && split.count != jobs {
            console.note(
                "meshgrad render: note: --jobs \(jobs) cannot apply on \(engine.name); rendering one at a time\n")
        }
        let workers = split.count == jobs ? split : [engine]
        let batch = Batch(
            entries: entries, workers: workers, options: options, console: console, startup: clock.startup,
            context: clock.context)
        DispatchQueue.concurrentPerform(iterations: workers.count) { batch.runWorker($0) }
        let (failures, skipped) = (batch.failures, batch.skipped)
        console.note(
            "meshgrad render: \(entries.count - failures - skipped) of \(entries.count) rendered"
                + (skipped > 0 ? ", \(skipped) skipped (existing)" : "") + (failures > 0 ? ", \(failures) failed" : "")
                + "\n")
        return batch
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
                let label = (try? entries[k].get().label) ?? ""
                do {
                    let entry = try entries[k].get()
                    if options.skipExisting && entry.output != "-"
                        && FileManager.default.fileExists(atPath: entry.output)
                    {
                        console.detail("meshgrad render: \(entry.output) exists; skipped\n")
                        record(k, Outcome(output: entry.output, label: label, status: "skipped"))
                        continue
                    }
                    let timings = try RenderCommand.render(entry, options: options, engine: workers[worker])
                    record(
                        k,
                        Outcome(
                            output: entry.output, label: label, status: "rendered",
                            timings: options.timings ? timings : nil))
                    console.detail("meshgrad render: wrote \(entry.output)\n")
                    if options.timings && !options.json {
                        lock.withLock {
                            console.err.write(timings.line(startup: startup, context: context, label: entry.output))
                        }
                    }
                } catch {
                    let output = (try? entries[k].get().output) ?? ""
                    record(k, Outcome(output: output, label: label, status: "failed", error: "\(error)"))
                    lock.withLock {
                        console.err.write(
                            "meshgrad render: error: \(SafeText.line("\(label.isEmpty ? "" : "\(label): ")\(error)"))\n"
                        )
                    }
                }
            }
        }

        /// What became of one entry, for the counts and `--json`.
        struct Outcome {
            var output: String
            var label: String
            var status: String
            var error: String?
            var timings: StageTimings?

            var json: [String: Any] {
                var object: [String: Any] = ["output": output, "input": label, "status": status]
                if let error { object["error"] = error }
                if let timings { object["timings"] = timings.json }
                return object
            }
        }

        private(set) var outcomes: [Outcome?] = []

        /// `--json`: the counts and every entry's outcome.
        var summary: [String: Any] {
            [
                "entries": entries.count, "rendered": entries.count - failures - skipped, "skipped": skipped,
                "failed": failures, "outputs": outcomes.compactMap { $0?.json },
            ]
        }
        var skipped: Int { lock.withLock { outcomes.filter { $0?.status == "skipped" }.count } }

        private func record(_ k: Int, _ outcome: Outcome) {
            lock.withLock {
                if outcomes.count < entries.count { outcomes = Array(repeating: nil, count: entries.count) }
                outcomes[k] = outcome
                if outcome.status == "failed" { failures += 1 }
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
        var skipExisting = false
        var json = false
        /// JPEG and WebP quality, 1…100.
        var quality = 90
        /// The output's gamut; nil: the narrowest holding the document.
        var gamut: ColorGamut?
        /// `--depth` as given (PNG and AVIF take different ones).
        var depthGiven: Int?
        /// An HDR curve for a PNG or AVIF.
        var hdr: HDRTransfer?

        init(_ arguments: Arguments) throws {
            gamut = try arguments.value("--gamut", expected: "srgb, display-p3 or rec2020") { ColorGamut(rawValue: $0) }
            depthGiven = try arguments.value("--depth", expected: "8, 10, 12 or 16") {
                ["8": 8, "10": 10, "12": 12, "16": 16][$0]
            }
            depth = depthGiven ?? 8
            hdr = try arguments.value("--hdr", expected: "pq or hlg") { HDRTransfer(rawValue: $0) }
            compression =
                try arguments.value("--compression", expected: "an integer 0-9") {
                    Int($0).flatMap { (0...9).contains($0) ? $0 : nil }
                } ?? 1
            time = try arguments.value("--time", expected: "seconds, e.g. 2.5") {
                Double($0).flatMap { $0.isFinite ? $0 : nil }
            }
            size = try arguments.value("--size")
            if let size { _ = try parseSize(size, command: RenderCommand.name) }
            dithers = !arguments.flag("--no-dither")
            antialiasing = !arguments.flag("--no-antialias")
            timings = arguments.flag("--timings")
            skipExisting = arguments.flag("--skip-existing")
            json = arguments.flag("--json")
            quality =
                try arguments.value("--quality", expected: "an integer 1-100") {
                    Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
                } ?? 90
        }
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
    /// A lone render that fails takes back the folders it made; a batch's
    /// entries keep them (another entry may be writing into the same one).
    static func render(
        _ entry: RenderEntry, options: BatchOptions, engine: any FrameRenderer, takesBackFolders: Bool = false
    ) throws -> StageTimings {
        if entry.output == "-" {
            // Standard output gets the file once it is whole and checked.
            var piped = entry
            piped.output = OutputPath.temporary(extension: "png").path
            let timings = try renderFile(piped, options: options, engine: engine)
            try OutputPath.copyFinished(URL(fileURLWithPath: piped.output), to: "-")
            return timings
        }
        let madeFolders = try OutputPath.makeParent(of: entry.output)
        defer { PendingOutputs.shared.forgetFolders(madeFolders) }
        do {
            return try renderFile(entry, options: options, engine: engine)
        } catch {
            if takesBackFolders { OutputPath.takeBack(madeFolders) }
            throw error
        }
    }

    static func renderFile(
        _ entry: RenderEntry, options: BatchOptions, engine: any FrameRenderer
    ) throws
        -> StageTimings
    {
        if entry.output.lowercased().hasSuffix(".pdf") { return try renderPDF(entry, options: options, engine: engine) }
        if OutputPath.isLossy(entry.output) { return try renderLossy(entry, options: options, engine: engine) }
        if OutputPath.isAVIF(entry.output) { return try renderAVIF(entry, options: options, engine: engine) }
        guard [8, 16].contains(bitsPerComponent(entry, options)) else {
            throw CommandError(
                "\(entry.output): a PNG is 8 or 16 bits, not \(bitsPerComponent(entry, options)); expected --depth 8 or 16 (10 and 12 are AVIF's)"
            )
        }
        var timings = StageTimings()
        let loadStart = DispatchTime.now()
        let (document, time, size) = try loadChecked(entry, options: options)
        timings.load = loadStart.secondsElapsed

        let planStart = DispatchTime.now()
        let depth = entry.depth ?? options.depth
        let dithers = entry.dithers ?? options.dithers
        let (bands, gamut) = try planBands(
            document, entry: entry, time: time, size: size, depth: depth, dithers: dithers, options: options,
            engine: engine)
        // A scene is drawn whole (shadows reach across bands) before its
        // bands are handed to the writer; a mesh is drawn band by band.
        timings.render = bands.wholeFrameSeconds
        timings.tessellation = planStart.secondsElapsed - bands.wholeFrameSeconds
        let opaque = bands.isOpaque

        let writer = BandedPNGWriter(
            width: size.width, height: size.height, depth: depth == 16 ? .sixteen : .eight, opaque: opaque,
            encoderOptions: .init(
                compressionLevel: options.compression, colorSpace: ColorProfile.png(gamut, hdr: options.hdr)))
        let stages = try writer.write(
            to: URL(fileURLWithPath: entry.output), rendersOnAnyThread: bands.rendersOnAnyThread, renderBand: bands.render)
        timings.render += stages.render
        timings.readback = stages.readback
        timings.encode = stages.encode
        timings.write = stages.write
        return timings
    }
}

extension RenderCommand {
    /// The entry's bits per component (its own, else the command's).
    static func bitsPerComponent(_ entry: RenderEntry, _ options: BatchOptions) -> Int { entry.depth ?? options.depth }

    /// `--depth` a single PNG or AVIF cannot have (a usage error, before
    /// any work; a manifest's entries are checked as they render).
    static func refuseDepth(_ arguments: Arguments, output: String?) throws {
        guard let output, !OutputPath.isLossy(output), !output.lowercased().hasSuffix(".pdf"),
            let text = try arguments.value("--depth")
        else { return }
        let avif = OutputPath.isAVIF(output)
        let allowed = avif ? ["10", "12"] : ["8", "16"]
        guard allowed.contains(text) else {
            throw UsageError(
                command: name,
                message:
                    "--depth \"\(text)\" is not valid for \(avif ? "an AVIF" : "a PNG"); expected \(allowed.joined(separator: " or "))"
            )
        }
    }

    /// A scene is drawn in sRGB: a gamut or HDR asked of it is refused.
    static func refuseWideScene(_ entry: RenderEntry, options: BatchOptions) throws {
        if let hdr = options.hdr {
            throw CommandError(
                "\(entry.label): --hdr \(hdr.rawValue): a scene is drawn in sRGB; only a mesh document is drawn in HDR")
        }
        if let gamut = options.gamut, gamut != .sRGB {
            throw CommandError(
                "\(entry.label): --gamut \(gamut.rawValue): a scene is drawn in sRGB; only a mesh document takes another gamut"
            )
        }
    }

    /// The bands of one entry and the gamut they are in: sRGB as always,
    /// or, for a mesh in another gamut, with colors outside sRGB or in HDR,
    /// through `WideColor` (the output's curve: the gamut's, or
    /// `options.hdr`).
    static func planBands(
        _ document: GradientDocument, entry: RenderEntry, time: Double, size: CanvasSize, depth: Int, dithers: Bool,
        options: BatchOptions, engine: any FrameRenderer
    ) throws -> (FrameBands, ColorGamut) {
        if case .mesh(let mesh) = document.content {
            let gamut = mesh.outputGamut(asked: options.gamut, hdr: options.hdr)
            if let wide = mesh.wideColor(in: gamut, hdr: options.hdr) {
                let bands = try engine.wideColorBands(
                    for: wide, label: entry.label, width: size.width, height: size.height, time: time,
                    antialiasing: options.antialiasing, grain: document.grain, depth: depth, dithers: dithers,
                    measuresStages: options.timings)
                return (bands, gamut)
            }
        } else {
            try refuseWideScene(entry, options: options)
        }
        let frame = try FramePlan(
            document, label: entry.label, width: size.width, height: size.height, time: time,
            antialiasing: options.antialiasing)
        let bands = try engine.bands(for: frame, depth: depth, dithers: dithers, measuresStages: options.timings)
        return (bands, .sRGB)
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

    /// Seconds per stage, for `--json`.
    var json: [String: Double] {
        [
            "load": load, "tessellation": tessellation, "render": render, "readback": readback, "encode": encode,
            "write": write,
        ]
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
