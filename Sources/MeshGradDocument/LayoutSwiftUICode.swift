import Foundation
import MeshGradCore

extension Scene {
    /// SwiftUI source of the scene's layout: its stacks as `VStack`,
    /// `HStack` and `ZStack` with their spacing, alignment, padding and
    /// `Spacer`s, each held layer as the view SwiftUI sizes as meshgrad
    /// does (a text as its `Text`, an icon as its `Image(systemName:)`, a
    /// stack's background in `.background { }`), moved by its keyframes'
    /// `stateK` (offset, scale, opacity) where it has them.
    func layoutCode(_ node: LayoutNode, keyframed: Set<Int>) -> String {
        switch node {
        case .spacer(let minLength):
            return "Spacer(minLength: \(swiftNumber(minLength)))"
        case .layer(let index, let width, let height):
            var lines = layers[index].frameKeyframesNote
            lines.append(layers[index].leafCode())
            if width != nil || height != nil {
                let parts = [width.map { "width: \(swiftNumber($0))" }, height.map { "height: \(swiftNumber($0))" }]
                lines.append(".frame(" + parts.compactMap { $0 }.joined(separator: ", ") + ")")
            }
            lines += layers[index].motionCode(state: keyframed.contains(index) ? "state\(index)" : nil)
            return lines.joined(separator: "\n")
        case .stack(let stack):
            var lines = [stackOpening(stack)]
            for child in stack.children { lines.append(indented(layoutCode(child, keyframed: keyframed), by: 4)) }
            lines.append("}")
            let p = stack.padding
            if p != .zero {
                lines.append(
                    p == EdgeInsets(p.top)
                        ? ".padding(\(swiftNumber(p.top)))"
                        : ".padding(EdgeInsets(top: \(swiftNumber(p.top)), leading: \(swiftNumber(p.leading)), "
                            + "bottom: \(swiftNumber(p.bottom)), trailing: \(swiftNumber(p.trailing))))")
            }
            if let background = stack.background {
                var view = layers[background].frameKeyframesNote + [layers[background].leafCode()]
                view += layers[background].motionCode(
                    state: keyframed.contains(background) ? "state\(background)" : nil)
                lines += [".background {", indented(view.joined(separator: "\n"), by: 4), "}"]
            }
            return lines.joined(separator: "\n")
        }
    }

    private func stackOpening(_ stack: LayoutNode.Stack) -> String {
        let a = stack.alignment
        switch stack.axis {
        case .vertical:
            let name = a.horizontal < 0 ? "leading" : a.horizontal > 0 ? "trailing" : "center"
            return "VStack(alignment: .\(name), spacing: \(swiftNumber(stack.spacing))) {"
        case .horizontal:
            let name = a.vertical < 0 ? "top" : a.vertical > 0 ? "bottom" : "center"
            return "HStack(alignment: .\(name), spacing: \(swiftNumber(stack.spacing))) {"
        case .depth:
            return "ZStack(alignment: .\(a.name)) {"
        }
    }
}

extension Layer {
    /// What the code of a laid-out layer cannot say: meshgrad moves its
    /// frame to its keyframes' frames (absolute, in the canvas), while in
    /// SwiftUI its stack places it, and a `.frame` that moved would move
    /// its neighbours too. Said in a comment above it; empty when no
    /// keyframe moves the frame.
    var frameKeyframesNote: [String] {
        guard keyframes.contains(where: { $0.frame != nil }) else { return [] }
        return [
            "// meshgrad also moves this layer's frame with its keyframes (to absolute frames on the canvas);",
            "// here its stack places it, and only its offset, scale and opacity follow the keyframes.",
        ]
    }

    /// The layer as a view sized as a layout sizes it: a text is its
    /// `Text` (or `Image(systemName:)`) in its fill, anything else its fill
    /// (or material), filling what it is offered; clipped and stroked,
    /// with its shadow.
    func leafCode() -> String {
        var lines: [String]
        if let text {
            lines = [text.viewCode()]
            switch fill {
            case .solid(let color):
                let code = swiftColor(color)
                lines.append(".foregroundStyle(\(code.hasPrefix(".") ? "Color" + code : code))")
            case .linearGradient(let gradient):
                if let color = gradient.gradientColor {
                    // `Color.gradient`, as the tutorial writes `.white.gradient`.
                    let code = swiftColor(color)
                    lines.append(
                        ".foregroundStyle(\(code == "Color(red: 1.0, green: 1.0, blue: 1.0)" ? ".white" : code).gradient)"
                    )
                } else {
                    lines.append(".foregroundStyle(\n" + indented(gradient.swiftUICode(), by: 4) + "\n)")
                }
            case .mesh, .image:
                // A mesh (or a picture) is no ShapeStyle with its own TimelineView: drawn
                // over the text's frame, masked by the text.
                let masked =
                    fill.swiftUICode().trimmingCharacters(in: .newlines) + "\n" + text.swiftUIModifier(inLayout: true)
                lines += [".hidden()", ".overlay {", indented(masked, by: 4), "}"]
            }
        } else if let material {
            lines = ["Rectangle().fill(.\(material.rawValue)Material)"]
        } else {
            lines = [indented(fill.swiftUICode(), by: 0)]
        }
        lines += shapeModifiers()
        if let shadow {
            lines.append(
                ".shadow(color: \(swiftColor(shadow.color)), radius: \(swiftNumber(shadow.radius)), "
                    + "x: \(swiftNumber(shadow.offset.x)), y: \(swiftNumber(shadow.offset.y)))")
        }
        return lines.joined(separator: "\n")
    }

    /// `.scaleEffect`, `.offset` and `.opacity`: read from `state` for a
    /// keyframed layer, the layer's own otherwise (left out at rest).
    func motionCode(state: String?) -> [String] {
        if let state {
            return [".scaleEffect(\(state).scale)", ".offset(\(state).offset)", ".opacity(\(state).opacity)"]
        }
        var lines: [String] = []
        if scale != 1 { lines.append(".scaleEffect(\(swiftNumber(scale)))") }
        if offset != .zero { lines.append(".offset(x: \(swiftNumber(offset.x)), y: \(swiftNumber(offset.y)))") }
        if opacity != 1 { lines.append(".opacity(\(swiftNumber(opacity)))") }
        return lines
    }
}

extension LinearGradient {
    /// The color whose `Color.gradient` this is (``colorGradient(_:)``),
    /// if it is one.
    var gradientColor: RGBAColor? {
        guard let top = stops.first?.color, stops.count == 2 else { return nil }
        return self == LinearGradient.colorGradient(top) ? top : nil
    }
}
