import MeshGradCore
import MeshGradEditor
import MeshGradImGui

extension PreviewSession {
    /// The selected vertex (or the background): its position as numbers,
    /// its color through ImGui's picker, a hex field and Oklch sliders,
    /// and a Bézier vertex's four handles.
    func selectionPanel() {
        guard mgui_header("Selection", true) else { return }
        guard let mesh = editor.mesh?.mesh, let selection = editor.selection else {
            mgui_text_disabled(
                editor.mesh == nil
                    ? "Nothing to select: no mesh." : "Click a vertex (or Tab), or B for the background.")
            return
        }
        if editor.group.count > 1 {
            groupFields()
        } else if let i = selection.vertex {
            mgui_text("Vertex \(i)  (row \(i / mesh.width), column \(i % mesh.width))")
            positionFields(of: i)
        } else {
            mgui_text("Background")
        }
        colorFields()
        swatches()
        if let i = selection.vertex { handleFields(of: i) }
    }

    /// A group: align its vertices to an edge or center, or spread them
    /// evenly; each one undo step. The color below is the last one chosen.
    func groupFields() {
        mgui_text("\(editor.group.count) vertices  (the color below: vertex \(editor.selection?.vertex ?? 0))")
        let edges: [(String, Editor.AlignEdge)] = [
            ("Left", .left), ("Center", .centerX), ("Right", .right), ("Top", .top), ("Middle", .centerY),
            ("Bottom", .bottom),
        ]
        for (n, (title, edge)) in edges.enumerated() {
            if n % 3 != 0 { mgui_same_line() }
            if mgui_small_button(title) { editor.alignGroup(edge) }
        }
        if mgui_small_button("Distribute across") { editor.distributeGroup(horizontally: true) }
        mgui_same_line()
        if mgui_small_button("Distribute down") { editor.distributeGroup(horizontally: false) }
    }

    func positionFields(of vertex: Int) {
        guard let p = editor.position(of: .vertex(vertex)) else { return }
        var xy = [p.x, p.y]
        let limit = Editor.positionLimit
        edited(mgui_drag_double2("Position", &xy, 0.002, -limit, limit, "%.4f")) {
            editor.move(.vertex(vertex), to: SIMD2(xy[0], xy[1]))
        }
    }

    func colorFields() {
        guard let color = editor.selectedColor else { return }
        var rgba = colorComponents(color)
        let picked = mgui_color_picker("##picker", &rgba, panels.pickerWheel)
        panels.layout.note("picker")
        edited(picked) {
            editor.setSelectedColor(
                RGBAColor(red: Double(rgba[0]), green: Double(rgba[1]), blue: Double(rgba[2]), alpha: Double(rgba[3])))
        }
        var wheel = panels.pickerWheel
        if mgui_checkbox("Hue wheel", &wheel) { panels.pickerWheel = wheel }
        let typed = panels.hex.draw("Hex", value: color.hexString, hexadecimal: false)
        panels.layout.note(panels.hex.editing ? "hex-editing" : "hex")
        if let typed, typed != color.hexString {
            setColor(hex: typed)
        }
        gamutFields(color)
        var lch = Oklch(color)
        var lightness = lch.lightness
        var chroma = lch.chroma
        var hue = lch.hue
        var alpha = color.alpha
        edited(slider("Oklch L", &lightness, 0...1)) { lch.lightness = lightness }
        edited(slider("Oklch C", &chroma, 0...0.37)) { lch.chroma = chroma }
        edited(slider("Oklch h", &hue, 0...360, format: "%.1f°")) { lch.hue = hue }
        edited(slider("Alpha", &alpha, 0...1)) {}
        // The asked-for chroma is kept, beyond sRGB if need be (the line
        // above says where the color lies), never clipped into the gamut.
        if lch != Oklch(color) || alpha != color.alpha {
            editor.setSelectedColor(lch.exactColor(alpha: alpha))
        }
    }

    /// Where the color lies (sRGB, Display P3, BT.2020) and its Display P3
    /// components, editable: the colors wide-gamut screens show.
    func gamutFields(_ color: RGBAColor) {
        let gamut = ColorGamut.narrowest(holding: color)
        let text: String =
            switch gamut {
            case .sRGB?: "In sRGB"
            case .displayP3?: "Outside sRGB: Display P3"
            case .rec2020?: "Outside Display P3: BT.2020"
            case nil: "Outside BT.2020"
            }
        if gamut == .sRGB { mgui_text_disabled(text) } else { mgui_text(text) }
        let p3 = ColorSpaceName.displayP3.components(of: color)
        var values = [p3.x, p3.y, p3.z]
        var changed = false
        for (k, name) in ["P3 red", "P3 green", "P3 blue"].enumerated() {
            edited(slider(name, &values[k], 0...1)) { changed = true }
        }
        panels.layout.note("p3-blue")
        if changed {
            editor.setSelectedColor(
                ColorSpaceName.displayP3.color(SIMD3(values[0], values[1], values[2]), alpha: color.alpha))
        }
    }

    /// A color typed as `#RRGGBB`, `RRGGBB` or `#RRGGBBAA`.
    func setColor(hex typed: String) {
        guard let color = Self.hexColor(typed) else {
            say("not a color: \"\(typed)\" (expected #RRGGBB or #RRGGBBAA)")
            return
        }
        applyColor(color)
    }

    /// `#RRGGBB`, `RRGGBB` or `#RRGGBBAA`, spaces around it allowed.
    static func hexColor(_ text: String) -> RGBAColor? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return RGBAColor(hex: trimmed.hasPrefix("#") ? trimmed : "#" + trimmed)
    }

    func handleFields(of vertex: Int) {
        mgui_separator()
        mgui_text_disabled(
            editor.hasExplicitHandles
                ? "Handles" : "Handles (inferred; editing one makes the mesh bezierPoints)")
        let limit = Editor.positionLimit
        for handle in Selection.Handle.allCases {
            guard let p = editor.position(of: .handle(vertex, handle)) else { continue }
            var xy = [p.x, p.y]
            edited(mgui_drag_double2(handle.rawValue.capitalized, &xy, 0.002, -limit, limit, "%.4f")) {
                editor.move(.handle(vertex, handle), to: SIMD2(xy[0], xy[1]))
            }
        }
    }
}
