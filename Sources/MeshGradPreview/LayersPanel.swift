import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradImGui

extension PreviewSession {
    /// A scene's layers: add, select, show/hide (in the window only),
    /// reorder, name, duplicate, delete, opacity, frame; a text layer's
    /// string, size, weight and width.
    func layersPanel() {
        guard mgui_header("Layers", true) else { return }
        addLayerButtons()
        let layers = editor.layers
        mgui_text_disabled("shown  locked  (drag a name to reorder)")
        for (k, layer) in layers.enumerated().reversed() { layerRow(k, layer) }
        guard let k = layerView.selected, layers.indices.contains(k) else {
            mgui_text_disabled("Click a layer (or its frame on the canvas).")
            return
        }
        mgui_separator()
        layerNameField(k, layers[k])
        if mgui_button("Up") { moveSelectedLayer(by: 1) }
        panels.layout.note("layer-up")
        mgui_same_line()
        if mgui_button("Down") { moveSelectedLayer(by: -1) }
        panels.layout.note("layer-down")
        mgui_same_line()
        if mgui_button("Duplicate"), let copy = editor.duplicateLayer(k) { selectLayer(copy) }
        mgui_same_line()
        if mgui_button("Delete") { deleteSelectedLayer() }
        layerFields(k, layers[k])
    }

    /// One layer's line: shown (in the window only), locked, and its name,
    /// which selects it and drags to another line to move it there.
    func layerRow(_ k: Int, _ layer: Layer) {
        mgui_push_id(Int32(k))
        defer { mgui_pop_id() }
        var shown = !layerView.hidden.contains(k)
        if mgui_checkbox("##shown", &shown) {
            if shown { layerView.hidden.remove(k) } else { layerView.hidden.insert(k) }
            needsRedraw = true
        }
        panels.layout.note("layer-\(k)-shown")
        mgui_same_line()
        var locked = layer.locked
        if mgui_checkbox("##locked", &locked) {
            editor.setLocked(layer: k, locked)
            if locked, gestures.draggingFrame?.layer == k { gestures.draggingFrame = nil }
        }
        panels.layout.note("layer-\(k)-locked")
        mgui_same_line()
        let title = "\(k)  \(layerName(layer))" + (layer.locked ? "  (locked)" : "")
        if mgui_selectable(title, layerView.selected == k) { selectLayer(k) }
        panels.layout.note("layer-\(k)")
        mgui_drag_source("meshgrad-layer", Int32(k), title)
        var dragged: Int32 = -1
        if mgui_drop_target("meshgrad-layer", &dragged) { moveLayer(Int(dragged), to: k) }
    }

    /// "+ Text", "+ Mesh", "+ Shape": a new layer over the selected one (or
    /// on top), selected.
    func addLayerButtons() {
        for (n, kind) in Editor.NewLayer.allCases.enumerated() {
            if n > 0 { mgui_same_line() }
            if mgui_button("+ \(kind.rawValue.capitalized)") {
                let at = layerView.selected.map { $0 + 1 } ?? editor.layers.count
                if let added = editor.insertLayer(kind.layer, at: at) {
                    layerView.hidden = Set(layerView.hidden.map { $0 >= added ? $0 + 1 : $0 })
                    selectLayer(added)
                }
            }
            panels.layout.note("add-\(kind.rawValue)")
        }
        mgui_same_line()
        if mgui_button("+ Image") { addImageLayer() }
        panels.layout.note("add-image")
    }

    /// "+ Image": the photo of the Image section (dropped, or opened with
    /// Ctrl-O) as a layer filling a frame of its aspect, over the selected
    /// layer; its path relative to the document's folder when inside it.
    func addImageLayer() {
        guard let shown = reference else {
            return refuse("drop a photo on the window (or open one with Ctrl-O) first: + Image adds it as a layer")
        }
        let canvas = editor.document.size.map { Double($0.width) / Double($0.height) } ?? 1
        let aspect = Double(shown.image.width) / Double(shown.image.height)
        let height = min(0.5 * canvas / aspect, 0.8)
        let width = height * aspect / canvas
        let image = LayerImage(
            source: FolderPath.name(of: shown.path, from: documentFolder), pixels: ImagePixels(shown.image))
        let frame = UnitRect(x: (1 - width) / 2, y: (1 - height) / 2, width: width, height: height)
        let layer = Layer(frame: frame, fill: .image(image))
        let at = layerView.selected.map { $0 + 1 } ?? editor.layers.count
        guard let added = editor.insertLayer(layer, at: at) else {
            return refuse("layers are a scene's: this document is a mesh")
        }
        layerView.hidden = Set(layerView.hidden.map { $0 >= added ? $0 + 1 : $0 })
        selectLayer(added)
    }

    func deleteSelectedLayer() {
        guard let k = layerView.selected else { return }
        editor.deleteLayer(k)
        layerView.hidden = Set(layerView.hidden.compactMap { $0 == k ? nil : $0 > k ? $0 - 1 : $0 })
        layerView.selected = nil
        renderer.forgetUpload()
        needsRedraw = true
    }

    /// The layer's name, typed (Enter or leaving the field names it).
    func layerNameField(_ k: Int, _ layer: Layer) {
        if let typed = panels.layerName.draw("Name##layer", value: layer.name ?? "") { editor.renameLayer(k, to: typed) }
        panels.layout.note(panels.layerName.editing ? "layer-name-editing" : "layer-name")
    }

    /// A layer a stack places: its frame is the stack's, so the stack's
    /// spacing, padding (all edges) and alignment are edited instead.
    func stackFields(_ k: Int, _ stack: LayoutNode.Stack) {
        mgui_text_wrapped("Placed by a \(stack.axis.rawValue): its frame follows the stack. The stack's:")
        var spacing = stack.spacing
        edited(slider("Spacing (pt)", &spacing, 0...200, format: "%.0f")) {
            editor.editStack(holding: k) { $0.spacing = spacing }
        }
        var padding = stack.padding.top
        edited(slider("Padding (pt)", &padding, 0...200, format: "%.0f")) {
            editor.editStack(holding: k) { $0.padding = EdgeInsets(padding) }
        }
        let names = LayoutAlignment.names.keys.sorted()
        var alignment = names.firstIndex(of: stack.alignment.name) ?? 0
        edited(combo("Alignment", &alignment, names)) {
            editor.editStack(holding: k) { $0.alignment = LayoutAlignment.names[names[alignment]]! }
        }
        mgui_separator()
    }

    func layerName(_ layer: Layer) -> String {
        if let name = layer.name { return name }
        if let symbol = layer.text?.symbol { return "icon \(symbol.prefix(22))" }
        if let text = layer.text {
            return "text \"\(text.text.prefix(18).replacingOccurrences(of: "\n", with: " "))\""
        }
        if let material = layer.material { return "\(material.rawValue) material" }
        if layer.shape != nil && layer.stroke != nil, case .solid(let color) = layer.fill, color.alpha == 0 {
            return "stroke"
        }
        switch layer.fill {
        case .solid: return "solid"
        case .linearGradient: return "linear gradient"
        case .mesh(let mesh, _): return "mesh \(mesh.width)×\(mesh.height)"
        case .image(let image): return "image \((image.source as NSString).lastPathComponent.prefix(22))"
        }
    }

    func selectLayer(_ k: Int) {
        layerView.selected = k
        if editor.select(layer: k) { renderer.forgetUpload() }
        needsRedraw = true
    }

    func moveSelectedLayer(by delta: Int) {
        guard let k = layerView.selected else { return }
        let moved = editor.moveLayer(k, by: delta)
        if moved != k {
            let wasHidden = layerView.hidden.contains(k)
            let otherHidden = layerView.hidden.contains(moved)
            layerView.hidden.remove(k)
            layerView.hidden.remove(moved)
            if wasHidden { layerView.hidden.insert(moved) }
            if otherHidden { layerView.hidden.insert(k) }
        }
        layerView.selected = moved
    }

    /// A layer dragged to another line of the list: moved to that place,
    /// still selected if it was, the window's hidden layers following.
    func moveLayer(_ k: Int, to j: Int) {
        var order = Array(editor.layers.indices)
        let moved = editor.moveLayer(k, to: j)
        guard moved != k else { return }
        order.insert(order.remove(at: k), at: moved)
        // order[new index] = old index: the hidden set and the selection follow.
        layerView.hidden = Set(order.indices.filter { layerView.hidden.contains(order[$0]) })
        if let selected = layerView.selected { layerView.selected = order.firstIndex(of: selected) }
        renderer.forgetUpload()
        needsRedraw = true
    }

    func layerFields(_ k: Int, _ layer: Layer) {
        if let stack = editor.stackHolding(layer: k) {
            stackFields(k, stack)
        }
        var opacity = layer.opacity
        edited(slider("Opacity", &opacity, 0...1)) { editor.setOpacity(ofLayer: k, to: opacity) }
        if layer.keyframes.contains(where: { $0.opacity != nil }) {
            // The slider holds the layer's own value, from which its keyframes start.
            let now = layer.state(at: clock.time).opacity
            mgui_text_disabled(String(format: "now %.3f: keyframes move it from this value", now))
        }
        var origin = [layer.frame.x, layer.frame.y]
        var size = [layer.frame.width, layer.frame.height]
        edited(mgui_drag_double2("Origin", &origin, 0.002, -4, 4, "%.4f")) {
            editor.setFrame(ofLayer: k, to: UnitRect(x: origin[0], y: origin[1], width: size[0], height: size[1]))
        }
        edited(mgui_drag_double2("Size", &size, 0.002, 0.001, 8, "%.4f")) {
            editor.setFrame(ofLayer: k, to: UnitRect(x: origin[0], y: origin[1], width: size[0], height: size[1]))
        }
        if case .image(let image) = layer.fill {
            let modes = ImageContentMode.allCases
            var mode = modes.firstIndex(of: image.contentMode) ?? 0
            edited(combo("Content mode", &mode, modes.map(\.rawValue))) {
                editor.setContentMode(ofLayer: k, to: modes[mode])
            }
        }
        guard let text = layer.text else { return }
        mgui_separator()
        if let typed = panels.text.draw("Text", value: text.text) {
            editor.editText(ofLayer: k) { $0.text = typed }
        }
        var points = text.size
        edited(slider("Size (pt)", &points, 4...400, format: "%.0f")) {
            editor.editText(ofLayer: k) { $0.size = points }
        }
        var weight = TextMask.Weight.allCases.firstIndex(of: text.weight) ?? 0
        edited(combo("Weight", &weight, TextMask.Weight.allCases.map(\.rawValue))) {
            editor.editText(ofLayer: k) { $0.weight = TextMask.Weight.allCases[weight] }
        }
        var widthFactor = text.widthFactor
        edited(slider("Width", &widthFactor, 0.25...4, format: "%.2f×")) {
            editor.editText(ofLayer: k) { $0.widthFactor = widthFactor }
        }
    }
}
