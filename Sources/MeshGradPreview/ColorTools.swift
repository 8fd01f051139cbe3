import CGLFW
import MeshGradCore
import MeshGradEditor
import MeshGradImGui

/// The editor's color tools: the eyedropper (I, then a click on the
/// canvas), the document's palette and the colors taken lately as swatches,
/// and the selected color through the system clipboard (Ctrl-C, Ctrl-V).
extension PreviewSession {
    /// How many recent colors the Selection panel keeps.
    static let recentColorCount = 8

    /// Gives the selection `color` (one undo step) and remembers it.
    func applyColor(_ color: RGBAColor) {
        editor.setSelectedColor(color)
        remember(color.rounded8)
        needsRedraw = true
    }

    func remember(_ color: RGBAColor) {
        panels.recentColors.removeAll { $0 == color }
        panels.recentColors.insert(color, at: 0)
        if panels.recentColors.count > Self.recentColorCount { panels.recentColors.removeLast() }
    }

    /// I: the next click on the canvas takes its color (Esc: not).
    func toggleEyedropper() {
        guard editor.selection != nil else {
            return refuse("the eyedropper gives its color to a selection: click a vertex, or B for the background")
        }
        gestures.eyedropper.toggle()
        say(gestures.eyedropper ? "eyedropper: click a color on the canvas (Esc: cancel)" : "eyedropper off")
    }

    /// The eyedropper's click: the color the mesh shows under the pointer.
    func pickColorUnderPointer() {
        gestures.eyedropper = false
        guard let color = editor.color(at: meshPoint(cursorInUnits), time: clock.time) else {
            return say("no color there: click inside the canvas")
        }
        applyColor(color)
        say("picked \(color.hexString)")
    }

    /// Ctrl-C: the selected color's hex on the system clipboard.
    func copySelectedColor() {
        guard let color = editor.selectedColor else { return refuse("no color selected to copy") }
        window.setClipboard(color.hexString)
        say("copied \(color.hexString)")
    }

    /// Ctrl-V: a hex color from the system clipboard onto the selection.
    func pasteColor() {
        guard editor.selection != nil else { return refuse("select a vertex (or B) to paste a color onto") }
        guard let color = Self.hexColor(window.clipboard ?? "") else {
            return say("the clipboard holds no color (expected #RRGGBB or #RRGGBBAA)")
        }
        applyColor(color)
        say("pasted \(color.hexString)")
    }

    /// The Selection panel's swatches: the eyedropper's button, the
    /// document's palette and the recent colors; a click gives the swatch's
    /// color to the selection.
    func swatches() {
        if mgui_button(gestures.eyedropper ? "Eyedropper: click the canvas" : "Eyedropper (I)") { toggleEyedropper() }
        panels.layout.note("eyedropper")
        swatchRow("Document", editor.palette, id: "palette")
        if !panels.recentColors.isEmpty { swatchRow("Recent", panels.recentColors, id: "recent") }
    }

    func swatchRow(_ title: String, _ colors: [RGBAColor], id: String) {
        mgui_text_disabled(title)
        for (k, color) in colors.enumerated() {
            if k % 8 != 0 { mgui_same_line() }
            let rgba = [Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha)]
            if mgui_color_button("##\(id)\(k)", rgba, 18) { applyColor(color) }
            panels.layout.note("\(id)-\(k)")
        }
    }
}
