import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradExport
import MeshGradPNG
import MeshGradPipeline
import MeshGradText

/// `meshgrad animate`: an animated document to a video or a PNG sequence.
struct AnimateCommand: Command {
    static let name = "animate"
    static let summary = "Export an animation as .mp4, .mov, .webm, .gif, .webp, .png or PNG frames"
    static let usage = ["SPEC.json|-|--preset NAME -o OUT.mp4|.mov|.webm|.gif|.webp|.png|FOLDER/|-"]
    static let discussion = """
        OUT ending in .mp4 (H.264; HEVC, AV1), .mov (ProRes 4444 with alpha), .webm (VP9
        with alpha; AV1), .gif (1-bit transparency) or .png (animated, with alpha) is encoded
        by ffmpeg, which must be on PATH; .webp (animated, with alpha) by libwebp, every frame
        a key frame. Colors are converted with the BT.709 matrix
        and tagged as such. OUT ending in / (or --frames) is a new (or empty) folder that
        receives frame-00000.png, frame-00001.png, ...; any other name is an error. The folders
        above OUT are made as needed. -o - with --format writes the video to standard output
        once it is complete and decodes (as does a FIFO or device named without an extension). Nothing appears under OUT until the export is complete
        and decodes: Ctrl-C leaves no partial file behind.
        """
    static let arguments = [SourceOptions.argument]
    static let options: [Option] =
        [
            SourceOptions.preset,
            .value(
                "--output", aliases: ["-o"], "OUT",
                "The video file, the frame folder (ending in /), or - for standard output.",
                complete: .files(["mp4", "mov", "webm", "gif", "webp", "png"])),
            .value(
                "--format", "FORMAT",
                "With -o - (or a FIFO or device named without an extension): the container written (mp4, mov, webm, gif, webp, png).",
                complete: .choices(["mp4", "mov", "webm", "gif", "webp", "png"])),
            .value(
                "--duration", "S",
                "Seconds of animation (default: the document's loop, else its keyframes' length, else 10; a scene: its longest)."
            ),
            .value("--fps", "N", "Frames per second, 0.001 to 1000 (default 30)."),
            .value(
                "--size", "SIZE", "WIDTHxHEIGHT or a name (default: the document's, else 1920x1080).",
                complete: .sizes),
            .value("--start", "T", "Time of the first frame in seconds (default 0)."),
            .value(
                "--backend", "auto|gl|cpu", "auto (default), gl or cpu.", complete: .choices(["auto", "gl", "cpu"])),
            .flag(
                "--no-loop",
                "Keep the document's exact frequencies. By default an animation without a loop of its own is made to repeat every --duration seconds (wave frequencies round to whole cycles), so the exported clip loops seamlessly. A scene's layer keyframes play once either way."
            ),
            .flag("--no-dither", "Rounded instead of dithered 8-bit frames (PNG, GIF, WebP)."),
        ] + VideoOptions.options + [
            .flag("--timings", "Print where the time went: render, readback, encode.")
        ]

    static func run(_ arguments: Arguments, console: Console) throws {
        guard let output = try arguments.value("--output") else {
            throw UsageError(
                command: name, message: "no output given; expected -o OUT.mp4, OUT.webm, OUT.gif or a folder")
        }
        let (planned, fps) = try planExport(arguments)
        // Check the output before spending time on frames.
        let piped = try pipedOutput(arguments, output: output)
        let written = piped?.path ?? output
        var encoding = try VideoOptions.encoding(arguments, output: written, command: name)
        let export = try colored(planned, encoding: &encoding, arguments: arguments)
        let madeFolders =
            piped == nil
            ? try OutputPath.makeParent(of: output.hasSuffix("/") ? String(output.dropLast()) : output) : []
        var exported = false
        defer { exported ? PendingOutputs.shared.forgetFolders(madeFolders) : OutputPath.takeBack(madeFolders) }
        let sink = try makeFrameSink(
            destination: URL(fileURLWithPath: written), encoding: encoding, width: export.width,
            height: export.height, fps: fps)
        let backend = try arguments.value("--backend", expected: Backend.help) { Backend(rawValue: $0) } ?? .auto
        let engine = try backend.makeRenderer { console.note($0) }
        console.detail("meshgrad animate: backend \(engine.name), \(export.schedule.count) frames\n")
        let progress = ProgressBar(total: export.schedule.count, console: console, quiet: console.verbosity == .quiet)
        let observer = AnimationExport.Observer(
            frameDone: { done, _ in progress.update(done: done) },
            transparencyLost: { console.note(transparencyNote(encoding)) })
        let report: AnimationExport.Report
        do {
            // The bar is erased before the summary, or before an error's line.
            defer { progress.finish() }
            report = try export.run(renderer: engine, sink: sink, observer: observer)
        }
        exported = true
        if let piped { try OutputPath.copyFinished(piped, to: output) }
        if console.verbosity != .quiet {
            console.err.write(summary(report, output: output, export: export, fps: fps, engine: engine.name))
        }
        if export.measuresStages { console.err.write(timings(report)) }
    }

    /// The export the options ask for: document, size, schedule, dither,
    /// and the frame rate (for the sink).
    static func planExport(_ arguments: Arguments) throws -> (AnimationExport, fps: Double) {
        func positive(_ text: String) -> Double? { Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
        let durationOption = try arguments.value("--duration", expected: "seconds > 0", positive)
        let fps =
            try arguments.value("--fps", expected: "frames per second, 0.001 to 1000") {
                Double($0).flatMap { VideoSink.frameRates.contains($0) ? $0 : nil }
            } ?? 30
        let start =
            try arguments.value("--start", expected: "seconds") { Double($0).flatMap { $0.isFinite ? $0 : nil } } ?? 0
        let sizeText = try arguments.value("--size")
        let source = try Source(arguments)
        let size = try resolveSize(sizeText, document: source.document, command: name)
        try validateForRendering(source)
        let document = source.document
        let duration = durationOption ?? document.naturalDuration ?? 10
        let looped = arguments.flag("--no-loop") ? document : document.loopingMeshes(every: duration)
        // Counted before the schedule, which clamps its count: the message
        // says the frames asked for (1e308 s at 30 fps), not the clamp.
        let frames = (duration * fps).rounded()
        guard frames <= 100_000 else {
            throw UsageError(
                command: name,
                message: "\(formatNumber(frames)) frames (--duration × --fps) is too many; expected at most 100000"
            )
        }
        let schedule = FrameSchedule(duration: duration, fps: fps, start: start)
        // The first and last frames' times checked before ffmpeg starts
        // (each frame's plan checks its own too).
        try checkTimes(looped, schedule: schedule, size: size)
        var export = AnimationExport(
            document: looped, label: source.label, width: size.width, height: size.height, schedule: schedule)
        export.dithers = !arguments.flag("--no-dither")
        export.measuresStages = arguments.flag("--timings")
        return (export, fps)
    }

    static func transparencyNote(_ encoding: VideoEncoding?) -> String {
        let codec = encoding.map { "\($0.codec.rawValue) in .\($0.format.rawValue)" } ?? "this format"
        return "meshgrad animate: note: \(codec) has no alpha channel here, so transparent areas come out black; "
            + "write .mov (ProRes 4444), .webm (VP9, 8-bit), .webp, .png, .gif or a folder of PNGs to keep the transparency\n"
    }

    static func summary(
        _ report: AnimationExport.Report, output: String, export: AnimationExport, fps: Double, engine: String
    ) -> String {
        String(
            format: "%@: %d frames, %dx%d at %@ fps, %.1f s of video, exported in %.1f s (%.1f fps, %@)\n",
            output, report.frames, export.width, export.height, formatNumber(fps), Double(report.frames) / fps,
            report.wallSeconds, Double(report.frames) / report.wallSeconds, engine)
    }

    static func timings(_ report: AnimationExport.Report) -> String {
        let (render, readback, encode) = (report.renderSeconds, report.readbackSeconds, report.encodeSeconds)
        let busy = render + readback + encode
        return String(
            format:
                "timings: render %.2f s (%.0f%%), readback %.2f s (%.0f%%), encode %.2f s of CPU (%.0f%%, ffmpeg included; overlaps rendering); wall %.2f s\n",
            render, 100 * render / busy, readback, 100 * readback / busy, encode, 100 * encode / busy,
            report.wallSeconds)
    }
}

extension AnimateCommand {
    static let videoExtensions = ["mp4", "mov", "webm", "gif", "webp", "png"]

    /// For `-o -` or a FIFO or device whose name says no format: the
    /// temporary file the video is made in (then copied there), named for
    /// `--format`.
    static func pipedOutput(_ arguments: Arguments, output: String) throws -> URL? {
        let extensionNamesFormat = videoExtensions.contains((output as NSString).pathExtension.lowercased())
        guard output == "-" || (OutputPath.isStream(output) && !extensionNamesFormat) else {
            // A --format that agrees with the extension is harmless.
            let named = (output as NSString).pathExtension.lowercased()
            if try arguments.value("--format").map({ $0 != named }) ?? false {
                try arguments.refuse(
                    "--format", because: "the output's extension names the format; --format is for -o - or a device")
            }
            return nil
        }
        guard let format = try arguments.value("--format") else {
            throw UsageError(command: name, message: "-o \(output) needs --format mp4|mov|webm|gif|webp|png")
        }
        guard videoExtensions.contains(format) else {
            throw UsageError(
                command: name, message: "--format \"\(format)\" is not valid; expected mp4, mov, webm, gif, webp or png"
            )
        }
        try arguments.refuse("--frames", because: "a folder of frames cannot go to standard output")
        try OutputPath.refuseTerminal(command: name, what: "a video")
        if output == "-" { try OutputPath.refuseClosedOutput() }
        return OutputPath.temporary(extension: format)
    }
}

func formatNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(value)
}

/// Refuses a schedule whose first or last frame the document cannot be
/// drawn at (a `--start` of 1e308), naming the value.
func checkTimes(_ document: GradientDocument, schedule: FrameSchedule, size: CanvasSize) throws {
    for time in [schedule.time(ofFrame: 0), schedule.time(ofFrame: schedule.count - 1)] {
        do {
            try DocumentCheck.check(document, time: time, width: size.width, height: size.height)
        } catch {
            throw CommandError("\(error)")
        }
    }
}
