import MeshGradCore
import MeshGradDocument
import MeshGradInterchange
import MeshGradWeb

/// `meshgrad code --lang`: which language the gradient is printed in.
enum CodeLanguage: String, CaseIterable {
    case swiftui, compose, css, svg, html, js

    static let help = "swiftui (default), compose, css, svg, html or js"

    /// The code for a mesh document's `mesh` (at its `poster` time for the
    /// languages without motion).
    func code(for mesh: AnimatedMesh, size: CanvasSize?, poster: Double) throws -> String {
        let still = mesh.mesh(at: poster)
        switch self {
        case .swiftui:
            return mesh.swiftUICode()
        case .compose:
            return still.composeCode()
        case .css:
            return CSSApproximation(still).css()
        case .svg:
            let size = size ?? CanvasSize.defaultSize
            return try SVGExport.svg(still, width: size.width, height: size.height)
        case .html, .js:
            preconditionFailure("the web languages take the whole document: webCode(for:label:)")
        }
    }

    /// The web page of a mesh document (`html`), with the CSS
    /// approximation of its poster frame for browsers without WebGL2.
    static func page(for document: GradientDocument, mesh: AnimatedMesh, label: String) -> String {
        let fallback = CSSApproximation(mesh.mesh(at: document.poster)).css()
        return WebPage.html(json: document.jsonText(), title: label, fallbackCSS: fallback)
    }
}
