import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradImGui

extension PreviewSession {
    /// Grid size, smooth colors, color space, background, canvas size.
    func documentPanel() {
        guard mgui_header("Document", true) else { return }
        guard let mesh = editor.mesh?.mesh else {
            mgui_text_disabled("This scene has no mesh layer to edit.")
            canvasSizeField()
            return
        }
        if editor.document.scene != nil, case .layer(let k)? = editor.target {
            mgui_text_disabled("Editing the mesh of layer \(k)")
        }
        var columns = Int32(mesh.width)
        var rows = Int32(mesh.height)
        let maximum = Int32(Editor.maximumGrid)
        edited(mgui_slider_int("Columns", &columns, 2, maximum)) {
            editor.resizeGrid(width: Int(columns), height: mesh.height)
        }
        edited(mgui_slider_int("Rows", &rows, 2, maximum)) {
            editor.resizeGrid(width: mesh.width, height: Int(rows))
        }
        var smooth = mesh.smoothsColors
        edited(mgui_checkbox("Smooth colors", &smooth)) { editor.setSmoothColors(smooth) }
        var space = mesh.colorSpace == .perceptual ? 1 : 0
        edited(combo("Color space", &space, ["device (sRGB)", "perceptual (Oklab)"])) {
            editor.setColorSpace(space == 1 ? .perceptual : .device)
        }
        if mgui_button("Edit background color") { editor.selection = .background }
        mgui_same_line()
        var background = colorComponents(mesh.background)
        mgui_color_swatch("##background", &background)
        canvasSizeField()
        mgui_text_disabled(
            editor.hasExplicitHandles ? "Handles: explicit (bezierPoints)" : "Handles: inferred (points)")
        if editor.hasExplicitHandles {
            if mgui_button("Re-infer handles") { editor.reinferHandles() }
        } else if mgui_button("Make handles editable") {
            editor.makeHandlesExplicit()
        }
    }

    /// The document's `size`: WxH, a named size, or empty for none; with
    /// "Keep aspect" on, the typed width (or a bare number) keeps the
    /// current aspect ratio.
    func canvasSizeField() {
        let current = editor.document.size.map(\.description) ?? ""
        let typed = panels.canvasSize.draw("Canvas size", value: current)
        mgui_checkbox("Keep aspect", &panels.keepsAspect)
        guard let typed else { return }
        let text = typed.trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            editor.setCanvasSize(nil)
            return
        }
        do {
            if panels.keepsAspect, let width = Int(text), width > 0, width <= CanvasSize.maximumSide {
                editor.setCanvasSize(keepingAspectOf: CanvasSize(width: width, height: width))
            } else if panels.keepsAspect {
                editor.setCanvasSize(keepingAspectOf: try CanvasSize(parsing: text))
            } else {
                editor.setCanvasSize(try CanvasSize(parsing: text))
            }
        } catch {
            say("canvas size: \(error)")
        }
    }
}

/// An `RGBAColor` as ImGui's four floats.
func colorComponents(_ color: RGBAColor) -> [Float] {
    [Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha)]
}
