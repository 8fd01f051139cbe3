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

    /// Two panels: Document and Animation on the left, Layers (a scene's),
    /// Selection and Export on the right, each a collapsible section; the
    /// status line at the bottom. At most this wide.
    static let panelWidth: Float = 300

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
        guard panelsReady, panelsDrawn else { return }
        mgui_new_frame(
            Float(sizes.window.0), Float(sizes.window.1), Float(sizes.framebuffer.0), Float(sizes.framebuffer.1),
            Float(navigation.cursor.x), Float(navigation.cursor.y))
        let width = mgui_display_width()
        let height = mgui_display_height()
        if panelsVisible {
            let side = min(Self.panelWidth, max(200, (width - 30) / 2))
            let tall = max(100, height - 50)
            let flags = Int32(MGUI_WINDOW_AUTO_RESIZE)
            let title = label + (editor.hasUnsavedChanges ? " (unsaved)" : "") + "###document"
            if mgui_begin(title, 10, 10, side, tall, flags) {
                documentPanel()
                animationPanel()
                generatePanel()
            }
            mgui_end()
            if mgui_begin("Edit###edit", max(side + 20, width - side - 10), 10, side, tall, flags) {
                if editor.document.scene != nil { layersPanel() }
                selectionPanel()
                exportPanel()
            }
            mgui_end()
            statusLine(width: width, height: height)
        }
        if helpVisible { helpOverlay(width: width, height: height) }
        dialogs()
        // A control that was pressed without being released in a widget
        // (a combo's list) must not leave a gesture open.
        if gestures.dragging == nil && !mgui_any_item_active() { editor.endGesture() }
        panels.layout.endFrame()
        mgui_render()
    }
}
