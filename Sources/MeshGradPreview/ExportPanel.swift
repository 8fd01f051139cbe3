import MeshGradDocument
import MeshGradImGui

extension PreviewSession {
    /// A PNG at a chosen size (the sizes `meshgrad sizes` names), and the
    /// SwiftUI code, read-only, with a Copy button.
    func exportPanel() {
        // Closed at first: the code box costs a software rasterizer frames.
        guard mgui_header("Export", false) else { return }
        let sizes = exportSizes
        var index = min(panels.exportSizeIndex, sizes.count - 1)
        if combo("PNG size", &index, sizes.map(\.name)) { panels.exportSizeIndex = index }
        if mgui_button("Export PNG") { exportPNG(size: sizes[index].size) }
        mgui_separator()
        mgui_text("SwiftUI code")
        mgui_same_line()
        if mgui_small_button("Copy") { copyCode() }
        mgui_text_box("##code", swiftUICode, 140)
    }

    /// The export size (--export-size, else the document's), then every
    /// named size.
    var exportSizes: [(name: String, size: CanvasSize)] {
        [("\(options.exportSize) (default)", options.exportSize)]
            + CanvasSize.named.map { ("\($0.name) \($0.size)", $0.size) }
    }

    /// What `meshgrad code` prints, made again only when the document changed.
    var swiftUICode: String {
        if let code = panels.code, code.document == editor.document { return code.text }
        let text = editor.document.swiftUICode(viewName: swiftViewName(for: label))
        panels.code = (editor.document, text)
        return text
    }

    func copyCode() {
        window.setClipboard(swiftUICode)
        say("SwiftUI code copied to the clipboard")
    }
}
