import MeshGradImGui

extension PreviewSession {
    /// Wraps an ImGui widget that edits the document: a drag over a
    /// slider, from press to release, is one undo step, and `apply` runs
    /// only when the value changed.
    func edited(_ changed: Bool, _ apply: () -> Void) {
        if mgui_item_activated() { editor.beginGesture() }
        if changed { apply() }
        if mgui_item_deactivated() { editor.endGesture() }
        if changed { needsRedraw = true }
    }

    /// A slider over a Double; true when it changed.
    func slider(_ label: String, _ value: inout Double, _ range: ClosedRange<Double>, format: String = "%.3f") -> Bool {
        mgui_slider_double(label, &value, range.lowerBound, range.upperBound, format)
    }

    /// A combo box over `items`; true when the choice changed.
    func combo(_ label: String, _ index: inout Int, _ items: [String]) -> Bool {
        var chosen = Int32(index)
        let list = items.joined(separator: "\0") + "\0\0"
        let changed = mgui_combo(label, &chosen, list)
        index = Int(chosen)
        return changed
    }
}
