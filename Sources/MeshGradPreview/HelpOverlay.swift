import Foundation
import MeshGradImGui

extension PreviewSession {
    /// F1 or ?: every key and mouse action, in the window.
    func helpOverlay(width: Float, height: Float) {
        defer { mgui_end() }
        let w = min(max(width - 40, 300), 860)
        guard
            mgui_begin(
                "Help (F1 or ? to close)", max(0, (width - w) / 2), 40, w, height - 80, Int32(MGUI_WINDOW_AUTO_RESIZE))
        else { return }
        // Each line of the list: the key, two spaces or more, what it does.
        let lines = KeyBindings.help.split(separator: "\n")
        if let title = lines.first { mgui_text(String(title)) }
        mgui_separator()
        mgui_columns(2, 150)
        for line in lines.dropFirst() {
            let text = line.trimmingCharacters(in: .whitespaces)
            let split = text.range(of: "  ")
            let keyText = split.map { String(text[..<$0.lowerBound]) } ?? text
            let what = split.map { String(text[$0.upperBound...]).trimmingCharacters(in: .whitespaces) } ?? ""
            mgui_text(keyText)
            mgui_next_column()
            mgui_text_wrapped(what)
            mgui_next_column()
        }
        mgui_columns(1, 0)
        if mgui_button("Close") { helpVisible = false }
    }

    /// A line at the bottom: file, unsaved state, time, fps, the last message.
    func statusLine(width: Float, height: Float) {
        defer { mgui_end() }
        let flags = Int32(MGUI_WINDOW_NO_DECORATION | MGUI_WINDOW_ALWAYS | MGUI_WINDOW_NO_INPUTS)
        let rect = DockedPanels(width: Double(width), height: Double(height)).status
        guard mgui_begin("##status", Float(rect.x), Float(rect.y), Float(rect.z), Float(rect.w), flags) else { return }
        panelRects["status"] = rect
        mgui_text(statusText)
    }

    /// The canvas's zoom: screen pixels per pixel of the document's size
    /// (its export size when it has none), in percent.
    var zoomPercent: Int {
        let width = Double((editor.document.size ?? options.exportSize).width)
        return Int((100 * canvasView.size.x / max(width, 1)).rounded())
    }

    var statusText: String {
        var parts = [label + (editor.hasUnsavedChanges ? " •" : "")]
        if isNewFile { parts.append("new file") }
        if editor.document.isAnimated {
            parts.append(String(format: "t %.2f s%@", clock.time, clock.playing ? "" : " (paused)"))
        }
        if frameCounter.perSecond > 0 && clock.playing && documentMoves {
            parts.append(String(format: "%.0f fps", frameCounter.perSecond))
        }
        parts.append("\(zoomPercent) %")
        if let reloadError { parts.append("error: " + reloadError) }
        if let status, status.until > .now { parts.append(status.message) }
        parts.append("F1: help   H: hide panels")
        return parts.joined(separator: "  —  ")
    }
}
