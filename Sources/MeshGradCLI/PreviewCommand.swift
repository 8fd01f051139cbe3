import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPipeline
import MeshGradPreview

/// `meshgrad preview`: the live window and editor.
struct PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Open a live preview window to look at and edit a gradient"
    static let usage = ["SPEC.json|--preset NAME", "NEW.json [--from PRESET]"]
    static let discussion = """
        Opens a window (OpenGL 3.3 through GLFW; needs a display) that draws the gradient with
        the same renderer as 'meshgrad render --backend gl', plays its animation, reloads
        SPEC.json whenever it changes on disk (a broken file keeps the last good picture and
        shows the error), and edits it with panels, the mouse and keys. Press F1 in the window
        for every key, H to hide the panels. Saves are atomic; a preset is saved as a new file;
        quitting with unsaved changes asks, and unsaved work is kept in SPEC.json.recovery
        every few seconds until it is saved. A SPEC.json that does not exist starts from a
        template (or --from PRESET) and is saved there.
        """
    static let arguments = [
        Option.argument(
            "SPEC.json", "A gradient document (Docs/document-format.md), watched for changes.",
            complete: .files(["json"]))
    ]
    static let options: [Option] = [
        SourceOptions.preset,
        .value(
            "--window", "WxH",
            "Window size in screen units (default: the document's size, fitted into 1280x800; else 1280x720)."),
        .value("--export-size", "SIZE", "What E exports (default: the document's size, else 4k).", complete: .sizes),
        .flag("--paused", "Start with the animation paused."),
        .value("--from", "PRESET", "For a new SPEC.json: start from this preset.", complete: .presets),
        .flag("--hide-panels", "Start with the panels hidden (the picture alone)."),
        .flag(
            "--uncapped",
            "Draw as fast as possible (benchmarks; default: at most one frame per display refresh, 60 Hz without vsync)."
        ),
        .value("--frames", "N", "Quit after drawing N frames (scripts, benchmarks)."),
        .value(
            "--screenshot", "OUT.png", "With --frames: save the last frame as a PNG (folders made as needed).",
            complete: .files(["png"])),
        .value(
            "--layout-json", "FILE",
            "With --frames: write where the artboard and each panel are (window pixels) as JSON.",
            complete: .files(["json"])),
        .flag("--fps", "Print the frame rate at the end."),
        .value(
            "--backend", "auto|gl|cpu",
            "Who draws a mesh: auto (default: the CPU where the OpenGL is a CPU rasterizer, else the GPU), gl or cpu."),
    ]

    static func run(_ arguments: Arguments, console: Console) throws {
        var options = PreviewOptions()
        if let text = try arguments.value("--window") {
            do {
                let size = try CanvasSize(parsing: text)
                guard size.width <= 8192, size.height <= 8192 else { throw SizeError(text: text, outOfRange: true) }
                options.windowWidth = size.width
                options.windowHeight = size.height
            } catch {
                throw UsageError(command: name, message: "--window: \(error)")
            }
        }
        if let text = try arguments.value("--export-size") {
            do {
                options.exportSize = try CanvasSize(parsing: text)
            } catch {
                throw UsageError(command: name, message: "--export-size: \(error)")
            }
        }
        try readScriptOptions(arguments, into: &options)
        options.paused = arguments.flag("--paused")
        options.reportsFrameRate = arguments.flag("--fps")
        options.backend = try arguments.value("--backend", expected: Backend.help) { Backend(rawValue: $0) } ?? .auto
        options.hidesPanels = arguments.flag("--hide-panels")
        options.capsFrameRate = !arguments.flag("--uncapped")
        if arguments.positionals.first == "-" {
            throw UsageError(
                command: name, message: "the preview watches a file; expected SPEC.json or --preset, not -")
        }
        let newFile = try newFileSource(arguments)
        let source = newFile == nil ? try Source(arguments) : nil
        let (document, sourceLabel) = newFile ?? source!.both
        if let source { try validateForRendering(source) }
        options.isNewFile = newFile != nil
        if let screenshot = options.screenshot { try OutputPath.makeParent(of: screenshot) }
        if let size = document.size {
            // A document made for a size (a phone screen, a banner) opens
            // in a window of its shape, and exports at that size.
            if try arguments.value("--window") == nil {
                let scale = min(1, min(1280 / Double(size.width), 800 / Double(size.height)))
                options.windowWidth = max(64, Int((Double(size.width) * scale).rounded()))
                options.windowHeight = max(64, Int((Double(size.height) * scale).rounded()))
            }
            if try arguments.value("--export-size") == nil { options.exportSize = size }
        }
        let isFile = newFile != nil || source?.isFile == true
        let session = PreviewSession(
            document: document, path: isFile ? sourceLabel : nil,
            label: isFile
                ? (sourceLabel as NSString).lastPathComponent
                : sourceLabel.replacingOccurrences(of: "preset ", with: ""),
            options: options, output: { console.out.write($0) }, errorOutput: { console.err.write($0) })
        do {
            try session.run()
        } catch {
            throw CommandError("\(error)")
        }
    }
}

extension PreviewCommand {
    /// `preview NEW.json` where NEW.json does not exist: a template (or
    /// `--from PRESET`), to be saved there. Nil when the file exists or no
    /// file is given (then `Source` reads it, or the preset).
    static func newFileSource(_ arguments: Arguments) throws -> (GradientDocument, String)? {
        let from = try arguments.value("--from")
        guard let path = arguments.positionals.first, !FileManager.default.fileExists(atPath: path) else {
            if from != nil {
                throw UsageError(command: name, message: "--from is for a new SPEC.json that does not exist yet")
            }
            return nil
        }
        guard try arguments.value("--preset") == nil else {
            throw UsageError(command: name, message: "both SPEC.json and --preset given; expected one of them")
        }
        let directory = PathText.folder(of: path)
        var isDirectory: ObjCBool = false
        if !directory.isEmpty,
            !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue
        {
            throw CommandError("\(path): no such directory \(directory) to create it in")
        }
        guard let from else { return (PreviewTemplate.document, path) }
        guard let preset = Presets.named(from) else {
            let names = Presets.names.joined(separator: ", ")
            throw CommandError("unknown preset \(SafeText.quoted(from)); expected one of \(names)")
        }
        return (preset.document, path)
    }

    /// `--frames N` and what it writes: `--screenshot`, `--layout-json`.
    static func readScriptOptions(_ arguments: Arguments, into options: inout PreviewOptions) throws {
        options.frames = try arguments.value("--frames", expected: "a number of frames ≥ 1") {
            Int($0).flatMap { $0 >= 1 ? $0 : nil }
        }
        options.screenshot = try arguments.value("--screenshot")
        if let screenshot = options.screenshot {
            guard options.frames != nil else {
                throw UsageError(command: name, message: "--screenshot needs --frames N")
            }
            guard screenshot.lowercased().hasSuffix(".png") else {
                throw UsageError(
                    command: name, message: "--screenshot \"\(screenshot)\" does not end in .png; expected OUT.png")
            }
        }
        options.layoutJSON = try arguments.value("--layout-json")
        if options.layoutJSON != nil && options.frames == nil {
            throw UsageError(command: name, message: "--layout-json needs --frames N")
        }
    }
}

extension Source {
    var both: (GradientDocument, String) { (document, label) }
}
