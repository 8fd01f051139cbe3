import MeshGradCore

extension Layer {
    /// SwiftUI source of one layer in the scene's `ZStack`: its fill in
    /// its frame (in points), clipped to its shape and stroked, masked by
    /// its text, its shadow under it,
    /// faded by its opacity, placed by its center. A keyframed layer reads
    /// its frame and opacity from `state`, the name of a local holding
    /// `Keyframes.state(at: t)` (`Scene.swiftUICode(viewName:)`);
    /// `sharedFill` names a property holding its fill where layers share it.
    func swiftUICode(points: SIMD2<Double>, state: String?, sharedFill: String? = nil) -> String {
        var lines: [String] = []
        let place = placement(points: points, state: state)
        lines.append(".frame(width: \(place.width), height: \(place.height))")
        lines += shapeModifiers()
        if let text { lines.append(text.swiftUIModifier()) }
        if let shadow {
            lines.append(
                ".shadow(color: \(swiftColor(shadow.color)), radius: \(swiftNumber(shadow.radius)), "
                    + "x: \(swiftNumber(shadow.offset.x)), y: \(swiftNumber(shadow.offset.y)))")
        }
        if let state {
            lines.append(".opacity(\(state).opacity)")
        } else if opacity != 1 {
            lines.append(".opacity(\(swiftNumber(opacity)))")
        }
        lines += motionModifiers(state: state)
        lines.append(".position(x: \(place.x), y: \(place.y))")
        if let state, keyframes.contains(where: { $0.offset != nil }) || offset != .zero {
            lines.append(".offset(\(state).offset)")
        } else if offset != .zero {
            lines.append(".offset(x: \(swiftNumber(offset.x)), y: \(swiftNumber(offset.y)))")
        }
        // Modifiers line up under a multi-line fill's closing parenthesis,
        // and are indented under a one-word shared fill.
        if let material {
            // SwiftUI's material is a style a shape fills with.
            return (["Rectangle().fill(.\(material.rawValue)Material)"] + lines).joined(separator: "\n")
        }
        guard let sharedFill else { return ([indented(fill.swiftUICode(), by: 0)] + lines).joined(separator: "\n") }
        return ([sharedFill] + lines.map { "    " + $0 }).joined(separator: "\n")
    }

    /// Size and center in points: numbers for a still layer, the state's
    /// frame for a keyframed one.
    private func placement(
        points: SIMD2<Double>, state: String?
    )
        -> (width: String, height: String, x: String, y: String)
    {
        if let state {
            return ("\(state).frame.width", "\(state).frame.height", "\(state).frame.midX", "\(state).frame.midY")
        }
        return (
            swiftLength(frame.width * points.x), swiftLength(frame.height * points.y),
            swiftLength((frame.x + frame.width / 2) * points.x), swiftLength((frame.y + frame.height / 2) * points.y)
        )
    }
}

/// A length in points: to a millionth of a point, so that the unit
/// frames' rounding noise (`120.00000000000003`) does not show.
func swiftLength(_ points: Double) -> String {
    swiftNumber((points * 1_000_000).rounded() / 1_000_000)
}

extension Layer {
    /// `.clipShape(...)` for the layer's shape and `.overlay { ... }` for its
    /// stroke (SwiftUI strokes centered on the edge, as meshgrad does).
    /// Corners are `.circular`, as meshgrad draws them.
    func shapeModifiers() -> [String] {
        guard shape != nil || stroke != nil else { return [] }
        let outline = shape?.swiftUIShape ?? "Rectangle()"
        var lines: [String] = []
        if shape != nil { lines.append(".clipShape(\(outline))") }
        if let stroke {
            lines.append(
                ".overlay { \(outline).stroke(\(swiftColor(stroke.color)), lineWidth: \(swiftNumber(stroke.width))) }")
        }
        return lines
    }
}

extension LayerShape {
    /// The SwiftUI shape drawing the same outline.
    var swiftUIShape: String {
        switch self {
        case .roundedRectangle(let radius) where radius == 0: "Rectangle()"
        case .roundedRectangle(let radius): "RoundedRectangle(cornerRadius: \(swiftNumber(radius)), style: .circular)"
        case .capsule: "Capsule(style: .circular)"
        case .circle: "Circle()"
        }
    }
}

extension Layer {
    /// `.scaleEffect(...)`: the state's scale for a keyframed layer that
    /// scales, the layer's own when it is not 1.
    func motionModifiers(state: String?) -> [String] {
        if let state, keyframes.contains(where: { $0.scale != nil }) || scale != 1 {
            return [".scaleEffect(\(state).scale)"]
        }
        return scale != 1 ? [".scaleEffect(\(swiftNumber(scale)))"] : []
    }
}
