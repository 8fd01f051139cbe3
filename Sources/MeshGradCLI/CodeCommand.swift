import MeshGradCore
import MeshGradDocument

/// `meshgrad code`: the SwiftUI source of a gradient, to paste into Xcode.
struct CodeCommand: Command {
    static let name = "code"
    static let summary = "Print SwiftUI code that draws the gradient"
    static let help = """
        USAGE: meshgrad code SPEC.json|--preset NAME

        Prints a MeshGradient(width:height:points:colors:background:smoothsColors:colorSpace:)
        expression (or bezierPoints: when the document has handles) for a SwiftUI view body.
        A document animated by waves becomes a TimelineView whose points are the waves'
        cosines; drift and keyframes give their frame at t = 0.

        ARGUMENTS:
        \(Source.help)

        """

    static func run(_ words: [String], console: Console) throws {
        var spec = Arguments.Spec()
        spec.acceptSource()
        let arguments = try Arguments(words, spec: spec, command: name)
        let source = try Source(arguments)
        guard let code = source.document.swiftUICode() else {
            throw CommandError("\(source.label): \(GradientDocument.noCodeExport)")
        }
        console.out.write(code)
    }
}
