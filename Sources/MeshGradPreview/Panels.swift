import CGLFW
import Foundation
import MeshGradImGui

/// The Dear ImGui panels over the gradient: drawn after the gradient and
/// the overlay, into the same framebuffer. With the panels hidden (H) and
/// no dialog or help open, ImGui draws nothing at all, so the window's
/// pixels are the gradient's exactly.
extension PreviewSession {
    /// Whether ImGui draws (and owns the mouse over its windows) now.
    var panelsDrawn: Bool { panelsVisible || helpVisible || dialog != nil }

    func startPanels() {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        panelsReady = mgui_create(UnsafeMutableRawPointer(window.handle), font, 15)
        if !panelsReady { errorOutput("meshgrad preview: the panels could not start (Dear ImGui)\n") }
    }

    func stopPanels() {
        if panelsReady { mgui_destroy() }
        panelsReady = false
    }

    /// One ImGui frame: every visible panel, the help, the dialog.
    func drawPanels() {
        panelRects = [:]
        rulerRects = [:]
        guard panelsReady, panelsDrawn else { return }
        mgui_new_frame(
            Float(sizes.window.0), Float(sizes.window.1), Float(sizes.framebuffer.0), Float(sizes.framebuffer.1),
            Float(navigation.cursor.x), Float(navigation.cursor.y))
        let width = mgui_display_width()
        let height = mgui_display_height()
        if panelsVisible {
            // Two docked panels (``DockedPanels``): Document, the recent
            // files, a dropped photo, Animation and Generate on the left;
            // Layers (a scene's), Selection and Export on the right.
            let docked = DockedPanels(width: Double(width), height: Double(height))
            let flags = Int32(MGUI_WINDOW_AUTO_RESIZE | MGUI_WINDOW_ALWAYS)
            let title = label + (editor.hasUnsavedChanges ? " (unsaved)" : "") + "###document"
            if beginPanel(title, docked.left, flags: flags, name: "document") {
                documentPanel()
                recentFilesSection()
                referenceSection()
                animationPanel()
                generatePanel()
            }
            mgui_end()
            if beginPanel("Edit###edit", docked.right, flags: flags, name: "edit") {
                if editor.document.scene != nil { layersPanel() }
                selectionPanel()
                exportPanel()
            }
            mgui_end()
            statusLine(width: width, height: height)
            drawRulers()
        }
        if helpVisible { helpOverlay(width: width, height: height) }
        dialogs()
        // A control that was pressed without being released in a widget
        // (a combo's list) must not leave a gesture open.
        if gestures.dragging == nil && !mgui_any_item_active() { editor.endGesture() }
        if panels.layout.path != nil {
            let view = canvasView
            let scale = SIMD2<Float>(pixelScale)
            let origin = SIMD2<Float>(view.origin) / scale
            let size = SIMD2<Float>(view.size) / scale
            panels.layout.note("artboard", rect: SIMD4(origin.x, origin.y, size.x, size.y))
        }
        panels.layout.endFrame()
        mgui_render()
    }

    /// Begins a docked panel at `rect` and notes where ImGui put it (for
    /// `--layout-json`).
    private func beginPanel(_ title: String, _ rect: DockedPanels.Rect, flags: Int32, name: String) -> Bool {
        let open = mgui_begin(title, Float(rect.x), Float(rect.y), Float(rect.z), Float(rect.w), flags)
        var (x, y, width, height): (Float, Float, Float, Float) = (0, 0, 0, 0)
        mgui_window_rect(&x, &y, &width, &height)
        panelRects[name] = SIMD4(Double(x), Double(y), Double(width), Double(height))
        return open
    }
}
