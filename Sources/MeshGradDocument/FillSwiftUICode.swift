import Foundation
import MeshGradCore

extension Fill {
    /// SwiftUI source of the view that paints this fill, filling whatever
    /// frame it is given: a `Color`, a `LinearGradient`, or the mesh's own
    /// code (``AnimatedMesh/swiftUICode()``: a `TimelineView` for waves).
    /// Multi-line; the caller indents it.
    func swiftUICode() -> String {
        switch self {
        case .solid(let color):
            // A view on its own line needs its type: `Color.clear`, not `.clear`.
            let code = swiftColor(color)
            return (code.hasPrefix(".") ? "Color" + code : code) + "\n"
        case .linearGradient(let gradient):
            return gradient.swiftUICode()
        case .mesh(let mesh, let animation):
            return AnimatedMesh(mesh, animation: animation).swiftUICode()
        case .image(let image):
            return image.swiftUICode()
        }
    }
}

extension LinearGradient {
    /// `LinearGradient(stops:startPoint:endPoint:)`, the stops with their
    /// own opacity. SwiftUI interpolates a `LinearGradient` in device RGB;
    /// a perceptual one says so in a comment rather than pretending.
    func swiftUICode() -> String {
        var lines: [String] = []
        if colorSpace == .perceptual {
            lines.append("// meshgrad interpolates these stops in Oklab; SwiftUI's LinearGradient in device RGB.")
        }
        lines.append("LinearGradient(")
        lines.append("    stops: [")
        for stop in stops {
            lines.append("        .init(color: \(swiftColor(stop.color)), location: \(swiftNumber(stop.location))),")
        }
        lines.append("    ],")
        lines.append("    startPoint: \(swiftUnitPoint(start)),")
        lines.append("    endPoint: \(swiftUnitPoint(end))")
        lines.append(")")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `.top`, `.bottomLeading`, … where the point is one of SwiftUI's named
/// unit points, `UnitPoint(x: 0.3, y: 0.0)` otherwise.
private func swiftUnitPoint(_ p: SIMD2<Double>) -> String {
    let names: [SIMD2<Double>: String] = [
        SIMD2(0, 0): ".topLeading", SIMD2(0.5, 0): ".top", SIMD2(1, 0): ".topTrailing",
        SIMD2(0, 0.5): ".leading", SIMD2(0.5, 0.5): ".center", SIMD2(1, 0.5): ".trailing",
        SIMD2(0, 1): ".bottomLeading", SIMD2(0.5, 1): ".bottom", SIMD2(1, 1): ".bottomTrailing",
    ]
    return names[p] ?? "UnitPoint(x: \(swiftNumber(p.x)), y: \(swiftNumber(p.y)))"
}

/// `text` indented by `spaces` on every non-empty line, without its last
/// newline.
func indented(_ text: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return text.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
}

extension LayerImage {
    /// `Image("NAME").resizable()` and the content mode's modifier (a
    /// filling picture cropped to its frame): the file's name without its
    /// extension names an image in the app's asset catalog, where it is to
    /// be added.
    func swiftUICode() -> String {
        let name = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        // A comment holds no line break: the path is written as a literal.
        let note = "// \(swiftStringLiteral(source)), added to the asset catalog as \(swiftStringLiteral(name))"
        let image = "Image(\(swiftStringLiteral(name)))"
        let lines: [String]
        switch contentMode {
        case .stretch: lines = [note, image, ".resizable()"]
        case .fit: lines = [note, image, ".resizable()", ".scaledToFit()"]
        case .fill:
            // Filling overflows its frame: drawn over a clear view that
            // takes the frame, and clipped to it, as meshgrad crops it.
            lines = [
                note, "Color.clear", "    .overlay {", "        \(image)", "            .resizable()",
                "            .scaledToFill()", "    }", "    .clipped()",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
