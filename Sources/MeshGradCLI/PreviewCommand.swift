import Foundation
import MeshGradDocument
import MeshGradPreview

/// `meshgrad preview`: the live window and editor.
struct PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Open a live preview window to look at and edit a gradient"
    static let usage = ["SPEC.json|--preset NAME"]
    static let discussion = """
        Opens a window (OpenGL 3.3 through GLFW; needs a display) that draws the gradient with
        the same renderer as 'meshgrad render --backend gl', plays its animation, reloads
        SPEC.json whenever it changes on disk (a broken file keeps the last good picture and
        shows the error), and edits it with the mouse and keys. Press H in the window for
        every key. Saves are atomic; a preset is saved as a new file.
        """
    static let arguments = [
        Option.argument(
            "SPEC.json", "A gradient document (see README: The document), watched for changes.",
            complete: .files(["json"]))
    ]
    static let options: [Option] = [
        SourceOptions.preset,
        .value(
            "--window", "WxH",
            "Window size in screen units (default: the document's size, fitted into 1280x800; else 1280x720)."),
        .value("--export-size", "SIZE", "What E exports (default: the document's size, else 4k).", complete: .sizes),
        .flag("--paused", "Start with the animation paused."),
        .value("--frames", "N", "Quit after drawing N frames (scripts, benchmarks)."),
        .value(
            "--screenshot", "OUT.png", "With --frames: save the last frame as a PNG (folders made as needed).",
            complete: .files(["png"])),
        .flag("--fps", "Print the frame rate at the end."),
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
        options.paused = arguments.flag("--paused")
        options.reportsFrameRate = arguments.flag("--fps")
        if arguments.positionals.first == "-" {
            throw UsageError(
                command: name, message: "the preview watches a file; expected SPEC.json or --preset, not -")
        }
        let source = try Source(arguments)
        try validateForRendering(source)
        if let screenshot = options.screenshot { try OutputPath.makeParent(of: screenshot) }
        if let size = source.document.size {
            // A document made for a size (a phone screen, a banner) opens
            // in a window of its shape, and exports at that size.
            if try arguments.value("--window") == nil {
                let scale = min(1, min(1280 / Double(size.width), 800 / Double(size.height)))
                options.windowWidth = max(64, Int((Double(size.width) * scale).rounded()))
                options.windowHeight = max(64, Int((Double(size.height) * scale).rounded()))
            }
            if try arguments.value("--export-size") == nil { options.exportSize = size }
        }
        let isFile = source.isFile
        let session = PreviewSession(
            document: source.document, path: isFile ? source.label : nil,
            label: isFile
                ? (source.label as NSString).lastPathComponent
                : source.label.replacingOccurrences(of: "preset ", with: ""),
            options: options, output: { console.out.write($0) }, errorOutput: { console.err.write($0) })
        do {
            try session.run()
        } catch {
            throw CommandError("\(error)")
        }
    }
}
