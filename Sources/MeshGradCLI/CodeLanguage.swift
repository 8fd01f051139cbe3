import MeshGradCore
import MeshGradDocument
import MeshGradInterchange

/// `meshgrad code --lang`: which language the gradient is printed in.
enum CodeLanguage: String, CaseIterable {
    case swiftui, compose, css, svg

    static let help = "swiftui (default), compose, css or svg"

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
        }
    }
}
