import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG

/// `meshgrad render`: a gradient to a PNG file.
struct RenderCommand: Command {
    static let name = "render"
    static let summary = "Render a gradient to a PNG file"
    static let help = """
        USAGE: meshgrad render SPEC.json|--preset NAME -o OUT.png [options]

        ARGUMENTS:
        \(Source.help)

        OPTIONS:
          -o, --output OUT.png    Where to write the PNG (written atomically).
          --size SIZE             WIDTHxHEIGHT or 720p, 1080p, 1440p, 4k, 5k, 8k.
                                  Default: the document's size, else 1920x1080.
          --backend BACKEND       auto (default: the faster of GPU and CPU here), gl or cpu.
          --depth 8|16            Bits per component (default 8). 16-bit is never dithered.
          --no-dither             Plain rounding for 8-bit output, for comparisons.
          --no-antialias          Hard mesh borders (only matters where the border is inside the canvas).
          --time T                For an animated document: the frame at T seconds (default 0).
          --compression LEVEL     zlib level 0-9 (default 1: fast; 9: smallest).
          -h, --help              Show this help.

        The PNG is RGB when every pixel is opaque, RGBA otherwise, and carries an sRGB chunk.

        """

    static func run(_ words: [String], console: Console) throws {
        var spec = Arguments.Spec()
        spec.acceptSource()
        spec.valued["--output"] = ["-o"]
        spec.valued["--size"] = []
        spec.valued["--backend"] = []
        spec.valued["--depth"] = []
        spec.valued["--compression"] = []
        spec.valued["--time"] = []
        spec.flags["--no-dither"] = []
        spec.flags["--no-antialias"] = []
        let arguments = try Arguments(words, spec: spec, command: name)

        guard let output = try arguments.value("--output") else {
            throw UsageError(command: name, message: "no output given; expected -o OUT.png")
        }
        guard output.lowercased().hasSuffix(".png") else {
            throw UsageError(command: name, message: "output \"\(output)\" does not end in .png; expected -o OUT.png")
        }
        let depth = try arguments.value("--depth", expected: "8 or 16") { ["8": 8, "16": 16][$0] } ?? 8
        let backend = try arguments.value("--backend", expected: Backend.help) { Backend(rawValue: $0) } ?? .auto
        let level =
            try arguments.value("--compression", expected: "an integer 0-9") {
                Int($0).flatMap { (0...9).contains($0) ? $0 : nil }
            } ?? 1
        let sizeText = try arguments.value("--size")
        let time =
            try arguments.value("--time", expected: "seconds, e.g. 2.5") {
                Double($0).flatMap { $0.isFinite ? $0 : nil }
            } ?? 0
        let source = try Source(arguments)

        let size = try resolveSize(sizeText, document: source.document, command: name)
        try validateForRendering(source)
        let options = RenderOptions(
            size: size, depth: depth, dithers: !arguments.flag("--no-dither"),
            antialiasing: !arguments.flag("--no-antialias"), backend: backend)
        let engine = try RenderEngine.make(backend, console: console)
        let png = try renderPNG(
            source.document.mesh(at: time), options: options, engine: engine,
            encoder: PNGEncoder(compressionLevel: level))
        try AtomicFile.write(png, to: URL(fileURLWithPath: output))
    }
}

/// How to render, whatever the command.
struct RenderOptions {
    var size: CanvasSize
    var depth: Int
    var dithers: Bool
    var antialiasing: Bool
    var backend: Backend
}

/// `--size` if given, else the document's size, else the default.
func resolveSize(_ text: String?, document: GradientDocument, command: String) throws -> CanvasSize {
    if let text {
        do {
            return try CanvasSize(parsing: text)
        } catch {
            throw UsageError(command: command, message: "--size: \(error)")
        }
    }
    return document.size ?? CanvasSize.defaultSize
}

/// Meshes built by presets are valid by construction and documents are
/// checked as they are decoded; this catches what slips past both.
func validateForRendering(_ source: Source) throws {
    do {
        try source.document.mesh.validate()
    } catch {
        throw CommandError("\(source.label): \(error)")
    }
}

/// Renders `mesh` with `options` and encodes it as PNG bytes.
func renderPNG(
    _ mesh: MeshGradient, options: RenderOptions, engine: RenderEngine, encoder: PNGEncoder
) throws -> [UInt8] {
    let plan = RenderPlan(
        mesh: mesh, width: options.size.width, height: options.size.height, antialiasing: options.antialiasing)
    if options.depth == 16 {
        return try encoder.encode(engine.render16(plan))
    }
    return try encoder.encode(engine.render8(plan, dithers: options.dithers))
}
