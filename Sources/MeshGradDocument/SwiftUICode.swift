import MeshGradCore

extension MeshGradient {
    /// SwiftUI source that draws this gradient: a `MeshGradient(...)`
    /// expression to paste into a view body in Xcode. It uses the
    /// `points:` initializer, or `bezierPoints:` when handles are explicit,
    /// and names every argument so the code reads like the document.
    public func swiftUICode() -> String {
        var lines: [String] = ["MeshGradient("]
        lines.append("    width: \(width),")
        lines.append("    height: \(height),")
        switch locations {
        case .points(let points):
            lines.append("    points: [")
            for row in 0..<height {
                let items = (0..<width).map { c in swiftPoint(points[row * width + c]) }
                lines.append("        " + items.joined(separator: ", ") + ",")
            }
            lines.append("    ],")
        case .bezierPoints(let points):
            lines.append("    bezierPoints: [")
            for p in points {
                lines.append("        .init(")
                lines.append("            position: \(swiftPoint(p.position)),")
                lines.append("            leadingControlPoint: \(swiftPoint(p.leading)),")
                lines.append("            topControlPoint: \(swiftPoint(p.top)),")
                lines.append("            trailingControlPoint: \(swiftPoint(p.trailing)),")
                lines.append("            bottomControlPoint: \(swiftPoint(p.bottom))")
                lines.append("        ),")
            }
            lines.append("    ],")
        }
        lines.append("    colors: [")
        for row in 0..<height {
            for c in 0..<width {
                lines.append("        \(swiftColor(colors[row * width + c])),")
            }
        }
        lines.append("    ],")
        lines.append("    background: \(swiftColor(background)),")
        lines.append("    smoothsColors: \(smoothsColors),")
        lines.append("    colorSpace: .\(colorSpace.rawValue)")
        lines.append(")")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `[0.5, 0.25]`: `SIMD2<Float>` is expressible by an array literal.
private func swiftPoint(_ p: SIMD2<Double>) -> String {
    "[\(swiftNumber(p.x)), \(swiftNumber(p.y))]"
}

/// Numbers as Swift float literals, at most 4 decimals (what a designer
/// typed; `Float` keeps about 7 digits anyway).
private func swiftNumber(_ value: Double) -> String {
    let rounded = (value * 10000).rounded() / 10000
    let text = formatNumber(rounded)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
}

private func swiftColor(_ color: RGBAColor) -> String {
    if color == .clear { return ".clear" }
    var text =
        "Color(red: \(swiftNumber(color.red)), green: \(swiftNumber(color.green)), blue: \(swiftNumber(color.blue))"
    if color.alpha != 1 { text += ", opacity: \(swiftNumber(color.alpha))" }
    return text + ")"
}
