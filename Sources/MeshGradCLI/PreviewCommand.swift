import Foundation
import MeshGradDocument
import MeshGradPreview

/// `meshgrad preview`: the live window and editor.
struct PreviewCommand: Command {
    static let name = "preview"
    static let summary = "Open a live preview window to look at and edit a gradient"
    static let help = """
        USAGE: meshgrad preview SPEC.json|--preset NAME [options]

        Opens a window (OpenGL 3.3 through GLFW; needs a display) that draws the gradient with
        the same renderer as 'meshgrad render --backend gl', plays its animation, reloads
        SPEC.json whenever it changes on disk (a broken file keeps the last good picture and
        shows the error), and edits it with the mouse and keys. Press H in the window for
        every key. Saves are atomic; a preset is saved as a new file.

        ARGUMENTS:
        \(Source.help)

        OPTIONS:
          --window WxH            Window size in screen units (default: the document's size,
                                  fitted into 1280x800; else 1280x720).
          --export-size SIZE      What E exports (default: the document's size, else 4k).
          --paused                Start with the animation paused.
          --frames N              Quit after drawing N frames (scripts, benchmarks).
          --screenshot OUT.png    With --frames: save the last frame.
          --fps                   Print the frame rate at the end.
          -h, --help              Show this help.

        """

    static func run(_ words: [String], console: Console) throws {
        var spec = Arguments.Spec()
        spec.acceptSource()
        for name in ["--window", "--export-size", "--frames", "--screenshot"] { spec.valued[name] = [] }
        spec.flags["--paused"] = []
        spec.flags["--fps"] = []
        let arguments = try Arguments(words, spec: spec, command: name)
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
        if options.screenshot != nil && options.frames == nil {
            throw UsageError(command: name, message: "--screenshot needs --frames N")
        }
        options.paused = arguments.flag("--paused")
        options.reportsFrameRate = arguments.flag("--fps")
        let source = try Source(arguments)
        try validateForRendering(source)
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
        let isFile = arguments.positionals.first != nil
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
