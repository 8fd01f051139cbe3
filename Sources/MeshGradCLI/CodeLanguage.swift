import MeshGradCore
import MeshGradDocument
import MeshGradInterchange

/// `meshgrad code --lang`: which language the gradient is printed in.
enum CodeLanguage: String, CaseIterable {
    case swiftui, compose, css, svg

    static let help = "swiftui (default), compose, css or svg"

    /// The code for `document` (its mesh at its poster time for the
    /// languages without motion).
    func code(for document: GradientDocument) throws -> String {
        let still = document.mesh(at: document.poster)
        switch self {
        case .swiftui:
            return document.swiftUICode()
        case .compose:
            return still.composeCode()
        case .css:
            return CSSApproximation(still).css()
        case .svg:
            let size = document.size ?? CanvasSize.defaultSize
            return try SVGExport.svg(still, width: size.width, height: size.height)
        }
    }
}
