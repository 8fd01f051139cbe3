import Foundation
import MeshGradCore

extension MeshGradient {
    /// Jetpack Compose source that draws this mesh: a `MeshGradientPainter`
    /// (compose-ui 1.13). Compose's `rows` and `columns` count patches, one
    /// less than SwiftUI's `height` and `width`; `setVertex(row, column,
    /// position, color, …)` takes tangents as offsets from the vertex.
    ///
    /// Every tangent is written out, from meshgrad's handles (explicit or
    /// inferred by mesh-math §2): Compose infers unspecified ones its own
    /// way ("C1 continuity"), which is not documented precisely enough to
    /// know where it would agree. What Compose cannot say is in a comment.
    public func composeCode(name: String = "meshPainter") -> String {
        let points = bezierPoints
        var lines = ["// Jetpack Compose (androidx.compose.ui:ui-graphics 1.13+), from meshgrad. Imports:"]
        lines += Self.composeImports.map { "//   import " + $0 }
        lines.append(
            "// rows and columns count patches: this \(width) × \(height)-vertex mesh is \(width - 1) × \(height - 1) patches."
        )
        lines.append("// Tangents are explicit (offsets from each vertex), so the patch edges are meshgrad's exactly.")
        lines += composeCaveats().map { "// " + $0 }
        lines.append("val \(name) = remember {")
        lines.append(
            "    MeshGradientPainter(rows = \(height - 1), columns = \(width - 1), hasBicubicColor = \(smoothsColors)) {"
        )
        for row in 0..<height {
            for column in 0..<width {
                let p = points[row * width + column]
                var arguments = [
                    "\(row)", "\(column)", kotlinOffset(p.position), kotlinColor(colors[row * width + column]),
                ]
                let handles: [(String, SIMD2<Double>, Bool)] = [
                    ("leftControlPoint", p.leading, column > 0), ("topControlPoint", p.top, row > 0),
                    ("rightControlPoint", p.trailing, column < width - 1),
                    ("bottomControlPoint", p.bottom, row < height - 1),
                ]
                for (label, handle, inGrid) in handles where inGrid {
                    arguments.append("\(label) = \(kotlinOffset(handle - p.position))")
                }
                lines.append("        setVertex(" + arguments.joined(separator: ", ") + ")")
            }
        }
        lines.append("    }")
        lines.append("}")
        lines.append("// Box(Modifier.fillMaxSize().background(\(kotlinColor(background))).paint(\(name)))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the block needs imported.
    public static let composeImports = [
        "androidx.compose.runtime.remember", "androidx.compose.ui.geometry.Offset",
        "androidx.compose.ui.graphics.Color", "androidx.compose.ui.graphics.MeshGradientPainter",
    ]

    private func composeCaveats() -> [String] {
        var notes: [String] = []
        if colorSpace == .perceptual {
            notes.append(
                "Not expressible: colorSpace .perceptual (Oklab blending); Compose blends in sRGB, so mid-tones differ."
            )
        }
        if background.alpha > 0 {
            notes.append(
                "Not expressible: the mesh's background \(background.hexString); paint it behind the mesh (the Box below)."
            )
        }
        if smoothsColors {
            notes.append(
                "hasBicubicColor is Catmull-Rom in Compose; meshgrad's smooth colors are monotone cubic (mesh-math §3), close but not equal."
            )
        }
        return notes
    }
}

/// `Offset(0.5f, 0.25f)`.
private func kotlinOffset(_ p: SIMD2<Double>) -> String {
    "Offset(\(kotlinFloat(p.x)), \(kotlinFloat(p.y)))"
}

/// `Color(red = 0.5f, green = 0f, blue = 1f)` (sRGB, as SwiftUI's); a
/// color outside sRGB in the space the document writes it in
/// (``CSSColor/written(_:)``): Compose's `DisplayP3`, `Bt2020` or
/// `ExtendedSrgb`, named in full so that the block needs no more imports.
private func kotlinColor(_ c: RGBAColor) -> String {
    let outside = c.isOutsideUnitRange
    let (space, values) = outside ? CSSColor.written(c) : (.srgb, SIMD3(c.red, c.green, c.blue))
    var text = "Color(red = \(kotlinFloat(values.x)), green = \(kotlinFloat(values.y)), blue = \(kotlinFloat(values.z))"
    if c.alpha != 1 { text += ", alpha = \(kotlinFloat(c.alpha))" }
    if outside {
        let name = [ColorSpaceName.displayP3: "DisplayP3", .rec2020: "Bt2020"][space] ?? "ExtendedSrgb"
        text += ", colorSpace = androidx.compose.ui.graphics.colorspace.ColorSpaces.\(name)"
    }
    return text + ")"
}

/// A Kotlin `Float` literal with up to 5 decimals (`Float` keeps ~7 digits).
func kotlinFloat(_ value: Double) -> String {
    var text = String(format: "%.5f", value == 0 ? 0 : value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    if text == "-0" { text = "0" }
    return text + "f"
}
