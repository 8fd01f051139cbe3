import MeshGradCore

extension AnimatedMesh {
    /// SwiftUI source for the mesh. A still gradient is a
    /// `MeshGradient(...)` expression; one moved by waves is a
    /// `TimelineView(.animation)` whose points are the waves' cosines, the
    /// way the tutorials animate, so the motion comes along. Drift and
    /// keyframes have no such one-line form: their frame at t = 0 is given,
    /// with a comment saying so.
    public func swiftUICode() -> String {
        guard let animation else { return mesh.swiftUICode() }
        if animation.drift == nil && animation.keyframes.isEmpty && !animation.waves.isEmpty,
            case .points = mesh.locations
        {
            var expressions = mesh.locations.positions.map { p in (swiftNumber(p.x), swiftNumber(p.y)) }
            for w in animation.waves {
                let closed =
                    animation.loop.map {
                        VertexWaves(vertex: w.vertex, x: w.x?.closingLoop($0), y: w.y?.closingLoop($0))
                    } ?? w
                let p = mesh.locations.positions[w.vertex]
                if let x = closed.x { expressions[w.vertex].0 = waveExpression(x, own: p.x) }
                if let y = closed.y { expressions[w.vertex].1 = waveExpression(y, own: p.y) }
            }
            let points = expressions.map { "[\($0.0), \($0.1)]" }
            var code = mesh.swiftUICode(points: points)
            code = code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
                .joined(separator: "\n")
            return "TimelineView(.animation) { context in\n"
                + "    let t = context.date.timeIntervalSinceReferenceDate\n"
                + code.trimmingCharacters(in: .newlines) + "\n}\n"
        }
        return "// The frame at t = 0: meshgrad's drift and keyframes have no one-line SwiftUI form.\n"
            + self.mesh(at: 0).swiftUICode()
    }
}

extension GradientDocument {
    /// SwiftUI source for the document: a mesh's expression for a view
    /// body (``AnimatedMesh/swiftUICode()``), or for a scene a whole
    /// `View` struct named `viewName` (`Scene.swiftUICode(viewName:)`).
    public func swiftUICode(viewName: String = "MeshGradScene") -> String {
        switch content {
        case .mesh(let mesh): return mesh.swiftUICode()
        case .scene(let scene): return scene.swiftUICode(viewName: viewName)
        }
    }

    /// Why a scene has no code in the other languages: what
    /// `meshgrad code --lang compose|css|svg` says after the document's name.
    public static let noCodeExport = "is a scene; only SwiftUI code (--lang swiftui) covers scenes"
}

/// `Float(0.33 + 0.1 * cos(0.7 * t))`: a wave as SwiftUI code, `t` a Double.
private func waveExpression(_ wave: Wave, own: Double) -> String {
    let base = swiftNumber(wave.base ?? own)
    let amplitude = wave.amplitude < 0 ? " - \(swiftNumber(-wave.amplitude))" : " + \(swiftNumber(wave.amplitude))"
    let phase = wave.phase == 0 ? "" : " + \(swiftNumber(wave.phase))"
    return "Float(\(base)\(amplitude) * cos(\(swiftNumber(wave.frequency)) * t\(phase)))"
}

extension MeshGradient {
    /// SwiftUI source that draws this gradient: a `MeshGradient(...)`
    /// expression to paste into a view body in Xcode. It uses the
    /// `points:` initializer, or `bezierPoints:` when handles are explicit,
    /// and names every argument so the code reads like the document.
    public func swiftUICode() -> String {
        swiftUICode(points: nil)
    }

    /// With `points`, those expressions stand in for the positions.
    func swiftUICode(points expressions: [String]?) -> String {
        var lines: [String] = ["MeshGradient("]
        lines.append("    width: \(width),")
        lines.append("    height: \(height),")
        switch locations {
        case .points(let points):
            lines.append("    points: [")
            for row in 0..<height {
                let items = (0..<width).map { c in expressions?[row * width + c] ?? swiftPoint(points[row * width + c])
                }
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

/// Numbers as Swift float literals: at most 4 decimals where that is the
/// exact value (what a designer typed), every digit otherwise, so that
/// `meshgrad import` gives back the same document.
func swiftNumber(_ value: Double) -> String {
    let rounded = (value * 10000).rounded() / 10000
    let text = formatNumber(rounded == value ? rounded : value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
}

/// A color component: `38 / 255` where it is an 8-bit value (exact, as
/// Swift divides in `Double`), a literal otherwise.
private func swiftComponent(_ value: Double, eightBit: UInt8?) -> String {
    guard let eightBit, Double(eightBit) / 255 == value, value != 0, value != 1 else { return swiftNumber(value) }
    return "\(eightBit) / 255"
}

func swiftColor(_ color: RGBAColor) -> String {
    if color == .clear { return ".clear" }
    if let wide = wideSwiftColor(color) { return wide }
    let bytes = color.exact8BitComponents
    func component(_ i: Int) -> String { swiftComponent(color.vector[i], eightBit: bytes?[i]) }
    var text = "Color(red: \(component(0)), green: \(component(1)), blue: \(component(2))"
    if color.alpha != 1 { text += ", opacity: \(component(3))" }
    return text + ")"
}

/// A color outside sRGB as SwiftUI says it: `Color(.displayP3, red:…)`
/// where the document writes it in Display P3 (``CSSColor/text(_:)``), else
/// `Color(.sRGB, red:…)` with extended values (SwiftUI's extended sRGB).
/// Nil for a color inside sRGB.
private func wideSwiftColor(_ color: RGBAColor) -> String? {
    guard color.isOutsideUnitRange else { return nil }
    let rgb = [color.red, color.green, color.blue]
    let (written, components) = CSSColor.written(color)
    // SwiftUI has no BT.2020 color space: such a color in extended sRGB.
    let space = written == .displayP3 ? ".displayP3" : ".sRGB"
    let values = written == .displayP3 ? [components.x, components.y, components.z] : rgb
    var text =
        "Color(\(space), red: \(swiftNumber(values[0])), green: \(swiftNumber(values[1])), blue: \(swiftNumber(values[2]))"
    if color.alpha != 1 { text += ", opacity: \(swiftNumber(color.alpha))" }
    return text + ")"
}
