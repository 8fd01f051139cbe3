import MeshGradCore
import MeshGradDocument
import MeshGradWeb

/// `meshgrad code`: the SwiftUI source of a gradient, to paste into Xcode.
struct CodeCommand: Command {
    static let name = "code"
    static let summary = "Print SwiftUI code that draws the gradient"
    static let usage = ["SPEC.json|-|--preset NAME [--lang swiftui|compose|css|svg|html]", "--lang js"]
    static let discussion = """
        Prints a MeshGradient(width:height:points:colors:background:smoothsColors:colorSpace:)
        expression (or bezierPoints: when the document has handles) for a SwiftUI view body.
        A document animated by waves becomes a TimelineView whose points are the waves'
        cosines; drift and keyframes give their frame at t = 0.

        A scene prints a whole SwiftUI View struct, named after the preset or file: a
        ZStack of its layers in their frames (in points), with their fills, text masks
        (.mask), shadows and opacity; layer keyframes make it a TimelineView.

        --lang compose prints a Jetpack Compose MeshGradientPainter; --lang css the closest
        layered radial-gradients (its measured error in a comment); --lang svg an SVG 2
        <meshgradient> over a PNG fallback. These three show the poster frame, and
        refuse a scene: only SwiftUI code covers scenes.

        --lang html prints a self-contained web page drawing the document live with WebGL2,
        by the same tessellation, shading, dither and animation as meshgrad's renderers
        (?t=SECONDS freezes it at a time, &dither=0 turns the dither off); --lang js, given
        no document, prints the ES module of its <mesh-gradient> element (Docs/web.md).
        """
    static let arguments = [SourceOptions.argument]
    static let options: [Option] = [
        SourceOptions.preset,
        .value(
            "--lang", "LANG", CodeLanguage.help + ".",
            complete: .choices(CodeLanguage.allCases.map(\.rawValue))),
    ]

    static func run(_ arguments: Arguments, console: Console) throws {
        let language =
            try arguments.value("--lang", expected: CodeLanguage.help) { CodeLanguage(rawValue: $0) } ?? .swiftui
        if language == .js {
            guard arguments.positionals.isEmpty, try arguments.value("--preset") == nil else {
                throw UsageError(
                    command: arguments.command,
                    message: "--lang js prints the <mesh-gradient> module alone; give the document to the element "
                        + "(its src attribute or document property), or print a page with --lang html")
            }
            console.out.write(WebModule.javaScript())
            return
        }
        let source = try Source(arguments)
        if language == .html {
            guard let mesh = source.document.animatedMesh else {
                throw CommandError(
                    "\(source.label): is a scene; the web page draws mesh documents (a scene's poster: "
                        + "meshgrad render … -o poster.png, its motion: meshgrad animate … -o scene.mp4)")
            }
            console.out.write(CodeLanguage.page(for: source.document, mesh: mesh, label: source.label))
            return
        }
        guard let mesh = source.document.animatedMesh else {
            guard language == .swiftui else { throw CommandError("\(source.label): \(GradientDocument.noCodeExport)") }
            console.out.write(source.document.swiftUICode(viewName: swiftViewName(for: source.label)))
            console.out.write(language.grainNote(source.document.grain))
            return
        }
        console.out.write(try language.code(for: mesh, size: source.document.size, poster: source.document.poster))
        console.out.write(language.grainNote(source.document.grain))
    }
}
