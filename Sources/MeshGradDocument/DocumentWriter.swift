import Foundation
import MeshGradCore

extension GradientDocument {
    /// The document as JSON text laid out the way people write it: one grid
    /// row of points or colors per line, keys in the format's order, colors
    /// as `#RRGGBB` where that is exact. Decoding the text gives back an
    /// equal document.
    public func jsonText() -> String {
        let animated: AnimatedMesh
        switch content {
        case .scene(let scene): return sceneText(scene, size: size, poster: poster, grain: grain)
        case .mesh(let mesh): animated = mesh
        }
        var fields = meshFields(animated.mesh, animation: animated.animation)
        if let size {
            fields.insert(
                ("size", "[\(size.width), \(size.height)]"), at: fields.count - (animated.animation == nil ? 0 : 1))
        }
        if poster != 0 { fields.append(("poster", formatNumber(poster))) }
        if let grain { fields.append(("grain", GrainValue.text(grain))) }
        return object(fields) + "\n"
    }
}

// Every value below is laid out as if it began at column 0; a container
// shifts its elements' later lines under them, so nesting never needs to
// know its depth.

/// Continuation lines of `text` shifted right by two spaces.
private func indented(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: "\n  ")
}

/// A JSON object, one field per line.
func object(_ fields: [(String, String)]) -> String {
    "{\n" + fields.map { "  \"\($0.0)\": " + indented($0.1) }.joined(separator: ",\n") + "\n}"
}

/// A JSON array, one element per line.
func array(_ elements: [String]) -> String {
    "[\n" + elements.map { "  " + indented($0) }.joined(separator: ",\n") + "\n]"
}

/// A mesh's keys, in the format's order.
func meshFields(_ mesh: MeshGradient, animation: MeshAnimation?) -> [(String, String)] {
    var fields: [(String, String)] = [("width", "\(mesh.width)"), ("height", "\(mesh.height)")]
    switch mesh.locations {
    case .points(let points):
        fields.append(("points", grid(points.map(formatPoint), width: mesh.width)))
    case .bezierPoints(let points):
        let objects = points.map { p in
            "{\"position\": \(formatPoint(p.position)), \"leading\": \(formatPoint(p.leading)), "
                + "\"top\": \(formatPoint(p.top)), \"trailing\": \(formatPoint(p.trailing)), "
                + "\"bottom\": \(formatPoint(p.bottom))}"
        }
        fields.append(("bezierPoints", grid(objects, width: 1)))
    }
    fields.append(("colors", grid(mesh.colors.map(formatColor), width: mesh.width)))
    fields.append(("background", formatColor(mesh.background)))
    fields.append(("smoothsColors", mesh.smoothsColors ? "true" : "false"))
    fields.append(("colorSpace", "\"\(mesh.colorSpace.rawValue)\""))
    if let animation {
        fields.append(("animation", animationText(animation, width: mesh.width)))
    }
    return fields
}

/// An array with `width` elements per line.
func grid(_ elements: [String], width: Int) -> String {
    array(
        stride(from: 0, to: elements.count, by: width).map { start in
            elements[start..<min(start + width, elements.count)].joined(separator: ", ")
        })
}

/// The shortest decimal that reads back as the same Double, without a
/// trailing `.0` (`1`, `0.5`, `0.33`).
func formatNumber(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 {
        return "\(Int(value))"
    }
    return "\(value)"
}

func formatPoint(_ p: SIMD2<Double>) -> String {
    "[\(formatNumber(p.x)), \(formatNumber(p.y))]"
}

/// `"#RRGGBB"` (or `"#RRGGBBAA"`) when the components are exact 8-bit
/// values; `[r, g, b, a]` otherwise, so nothing is rounded away; a color
/// outside sRGB as CSS Color 4 writes it (``CSSColor/text(_:)``).
func formatColor(_ color: RGBAColor) -> String {
    if let bytes = color.exact8BitComponents {
        let hex = [bytes[0], bytes[1], bytes[2]] + (bytes[3] == 255 ? [] : [bytes[3]])
        return "\"#"
            + hex.map { b in
                b < 16 ? "0" + String(b, radix: 16, uppercase: true) : String(b, radix: 16, uppercase: true)
            }.joined() + "\""
    }
    let components = [color.red, color.green, color.blue] + (color.alpha == 1 ? [] : [color.alpha])
    // Outside sRGB: CSS Color 4's notation (the array form is 0…1).
    if color.isOutsideUnitRange { return "\"" + CSSColor.text(color) + "\"" }
    return "[" + components.map(formatNumber).joined(separator: ", ") + "]"
}

/// The `animation` object, one wave per line.
private func animationText(_ animation: MeshAnimation, width: Int) -> String {
    var fields: [(String, String)] = []
    if let loop = animation.loop {
        fields.append(("loop", formatNumber(loop)))
    }
    if !animation.waves.isEmpty {
        func wave(_ w: Wave) -> String {
            var text = "{"
            if let base = w.base { text += "\"base\": \(formatNumber(base)), " }
            text += "\"amplitude\": \(formatNumber(w.amplitude)), \"frequency\": \(formatNumber(w.frequency))"
            if w.phase != 0 { text += ", \"phase\": \(formatNumber(w.phase))" }
            return text + "}"
        }
        let lines = animation.waves.map { w in
            var parts = ["\"vertex\": \(w.vertex)"]
            if let x = w.x { parts.append("\"x\": \(wave(x))") }
            if let y = w.y { parts.append("\"y\": \(wave(y))") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
        fields.append(("waves", array(lines)))
    }
    if let drift = animation.drift {
        fields.append(
            (
                "drift",
                "{\"seed\": \(drift.seed), \"amplitude\": \(formatNumber(drift.amplitude)), \"speed\": \(formatNumber(drift.speed))}"
            ))
    }
    if !animation.keyframes.isEmpty {
        let frames = animation.keyframes.map { k in
            var parts = ["\"duration\": \(formatNumber(k.duration))", "\"easing\": \(easingText(k.easing))"]
            if let p = k.positions {
                parts.append(
                    "\"points\": [" + p.map { "[\(formatNumber($0.x)), \(formatNumber($0.y))]" }.joined(separator: ", ")
                        + "]")
            }
            if let c = k.colors { parts.append("\"colors\": [" + c.map(formatColor).joined(separator: ", ") + "]") }
            if let b = k.background { parts.append("\"background\": \(formatColor(b))") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
        fields.append(("keyframes", array(frames)))
    }
    return object(fields)
}

func easingText(_ easing: Easing) -> String {
    switch easing {
    case .linear: "\"linear\""
    case .easeIn: "\"easeIn\""
    case .easeOut: "\"easeOut\""
    case .easeInOut: "\"easeInOut\""
    case .spring(let response, let damping):
        "{\"spring\": {\"response\": \(formatNumber(response)), \"dampingFraction\": \(formatNumber(damping))}}"
    }
}

/// A scene document: size, points, background, then one layer after the other.
func sceneText(_ scene: Scene, size: CanvasSize?, poster: Double, grain: Grain? = nil) -> String {
    var fields: [(String, String)] = []
    if let size { fields.append(("size", "[\(size.width), \(size.height)]")) }
    if poster != 0 { fields.append(("poster", formatNumber(poster))) }
    fields.append(("points", formatPoint(scene.points)))
    fields.append(("background", fillText(scene.background)))
    fields.append(("layers", array(scene.layers.map(layerText))))
    if let layout = scene.layout { fields.append(("layout", layoutText(layout.root))) }
    if let grain { fields.append(("grain", GrainValue.text(grain))) }
    return object(fields) + "\n"
}

func fillText(_ fill: Fill) -> String {
    switch fill {
    case .solid(let color):
        return formatColor(color)
    case .linearGradient(let gradient):
        let stops = gradient.stops.map {
            "{\"location\": \(formatNumber($0.location)), \"color\": \(formatColor($0.color))}"
        }
        var fields = [("stops", "[" + stops.joined(separator: ", ") + "]")]
        fields.append(("start", formatPoint(gradient.start)))
        fields.append(("end", formatPoint(gradient.end)))
        fields.append(("colorSpace", "\"\(gradient.colorSpace.rawValue)\""))
        return "{\"linearGradient\": " + object(fields) + "}"
    case .mesh(let mesh, let animation):
        return "{\"mesh\": " + object(meshFields(mesh, animation: animation)) + "}"
    case .image(let image):
        return object([("image", jsonString(image.source)), ("contentMode", "\"\(image.contentMode.rawValue)\"")])
    }
}

func layerText(_ layer: Layer) -> String {
    func rect(_ r: UnitRect) -> String {
        "[" + [r.x, r.y, r.width, r.height].map(formatNumber).joined(separator: ", ") + "]"
    }
    let fill = layer.material.map { "{\"material\": \"\($0.rawValue)\"}" } ?? fillText(layer.fill)
    var fields: [(String, String)] = [("frame", rect(layer.frame)), ("fill", fill)]
    if layer.opacity != 1 { fields.append(("opacity", formatNumber(layer.opacity))) }
    if let shadow = layer.shadow {
        fields.append(
            (
                "shadow",
                "{\"color\": \(formatColor(shadow.color)), \"radius\": \(formatNumber(shadow.radius)), \"offset\": \(formatPoint(shadow.offset))}"
            ))
    }
    if let text = layer.text, let symbol = text.symbol {
        fields.append(("icon", IconValue.text(text, symbol: symbol)))
    } else if let text = layer.text {
        var parts = [
            "\"string\": \(jsonString(text.text))", "\"size\": \(formatNumber(text.size))",
            "\"weight\": \"\(text.weight.rawValue)\"",
            "\"width\": \(formatNumber(text.widthFactor))", "\"alignment\": \"\(text.alignment.rawValue)\"",
        ]
        if text.lineSpacing != 0 { parts.append("\"lineSpacing\": \(formatNumber(text.lineSpacing))") }
        if let font = text.fontPath { parts.append("\"font\": \(jsonString(font))") }
        if let style = text.style { parts.append("\"style\": \"\(style.rawValue)\"") }
        if let fixed = text.fixedSize { parts.append("\"fixedSize\": \(TextFixedSizeValue.text(fixed))") }
        fields.append(("text", "{" + parts.joined(separator: ", ") + "}"))
    }
    if !layer.keyframes.isEmpty {
        let frames = layer.keyframes.map { k in
            var parts = ["\"duration\": \(formatNumber(k.duration))", "\"easing\": \(easingText(k.easing))"]
            if k.delay != 0 { parts.append("\"delay\": \(formatNumber(k.delay))") }
            if let frame = k.frame { parts.append("\"frame\": \(rect(frame))") }
            if let opacity = k.opacity { parts.append("\"opacity\": \(formatNumber(opacity))") }
            if let offset = k.offset { parts.append("\"offset\": \(formatPoint(offset))") }
            if let scale = k.scale { parts.append("\"scale\": \(formatNumber(scale))") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
        fields.append(("keyframes", "[" + frames.joined(separator: ", ") + "]"))
    }
    if let loop = layer.loop { fields.append(("loop", formatNumber(loop))) }
    if let shape = layer.shape { fields.append(("shape", ShapeValue.text(shape))) }
    if let stroke = layer.stroke { fields.append(("stroke", StrokeValue.text(stroke))) }
    if layer.offset != .zero { fields.append(("offset", formatPoint(layer.offset))) }
    if layer.scale != 1 { fields.append(("scale", formatNumber(layer.scale))) }
    if let name = layer.name { fields.append(("name", jsonString(name))) }
    if layer.locked { fields.append(("locked", "true")) }
    return object(fields)
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if scalar.value < 0x20 {
                result += String(format: "\\u%04x", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
