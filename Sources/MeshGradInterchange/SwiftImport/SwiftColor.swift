import MeshGradCore

extension SwiftEvaluator {
    static let colorForms =
        "a color: Color(red:green:blue:), Color(.sRGB, red:…), Color(hex: \"#RRGGBB\"), Color(white:), .red, … or .opacity(x) of one"

    /// A color in any of the forms SwiftUI code writes them.
    func color(_ node: SwiftNode) throws(SwiftImportError) -> RGBAColor {
        switch node.expression {
        case .member(let name):
            return try systemColor(name, at: node)
        case .path(let names) where names.count == 2 && names[0] == "Color":
            return try systemColor(names[1], at: node)
        case .path(let names):
            return try resolve(names, at: node, as: "a color") {
                (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.color(n)
            }
        case .call("opacity", let receiver?, let arguments):
            guard arguments.count == 1, arguments[0].label == nil else {
                throw error("expected .opacity(x) with one number", at: node)
            }
            var base = try color(receiver)
            base.alpha *= try number(arguments[0].value)
            return base
        case .call("Color", nil, let arguments):
            return try colorInitializer(arguments, at: node)
        default:
            throw error("expected \(Self.colorForms)", at: node)
        }
    }

    private func colorInitializer(
        _ arguments: [SwiftArgument], at node: SwiftNode
    ) throws(SwiftImportError)
        -> RGBAColor
    {
        var arguments = arguments
        var linear = false
        if let first = arguments.first, first.label == nil, case .member(let space) = first.value.expression {
            guard space == "sRGB" || space == "sRGBLinear" else {
                throw error(
                    "expected the color space .sRGB or .sRGBLinear (meshgrad works in sRGB), found .\(space)",
                    at: first.value)
            }
            linear = space == "sRGBLinear"
            arguments.removeFirst()
        }
        let alpha = try arguments.value("opacity").map { (n) throws(SwiftImportError) in try number(n) } ?? 1
        let labels = arguments.labels.filter { $0 != "opacity" }
        if labels == ["red", "green", "blue"] {
            var rgb = SIMD3<Double>()
            for (i, label) in labels.enumerated() { rgb[i] = try number(arguments.value(label)!) }
            if linear { rgb = SIMD3(linearToSRGB(rgb.x), linearToSRGB(rgb.y), linearToSRGB(rgb.z)) }
            return RGBAColor(red: rgb.x, green: rgb.y, blue: rgb.z, alpha: alpha)
        }
        if labels == ["white"] {
            var white = try number(arguments.value("white")!)
            if linear { white = linearToSRGB(white) }
            return RGBAColor(red: white, green: white, blue: white, alpha: alpha)
        }
        if labels == ["hex"], let value = arguments.value("hex") {
            guard case .string(let text) = value.expression, var color = RGBAColor(hex: text) else {
                throw error("expected Color(hex: \"#RRGGBB\") or \"#RRGGBBAA\"", at: value)
            }
            color.alpha *= alpha
            return color
        }
        throw error(
            "expected \(Self.colorForms); found Color(\(arguments.labels.map { $0 + ":" }.joined()))", at: node)
    }

    private func systemColor(_ name: String, at node: SwiftNode) throws(SwiftImportError) -> RGBAColor {
        guard let color = systemColors[name] else {
            let names = systemColors.keys.sorted().map { "." + $0 }.joined(separator: ", ")
            throw error("expected one of SwiftUI's system colors (\(names)), found .\(name)", at: node)
        }
        return color
    }
}

/// SwiftUI's standard colors as Apple's Human Interface Guidelines give
/// them (iOS, light appearance, sRGB). Dynamic colors have one value here:
/// a file has no appearance.
let systemColors: [String: RGBAColor] = [
    "clear": .clear, "black": .black, "white": .white,
    "red": RGBAColor(red8: 255, green8: 59, blue8: 48),
    "orange": RGBAColor(red8: 255, green8: 149, blue8: 0),
    "yellow": RGBAColor(red8: 255, green8: 204, blue8: 0),
    "green": RGBAColor(red8: 52, green8: 199, blue8: 89),
    "mint": RGBAColor(red8: 0, green8: 199, blue8: 190),
    "teal": RGBAColor(red8: 48, green8: 176, blue8: 199),
    "cyan": RGBAColor(red8: 50, green8: 173, blue8: 230),
    "blue": RGBAColor(red8: 0, green8: 122, blue8: 255),
    "indigo": RGBAColor(red8: 88, green8: 86, blue8: 214),
    "purple": RGBAColor(red8: 175, green8: 82, blue8: 222),
    "pink": RGBAColor(red8: 255, green8: 45, blue8: 85),
    "brown": RGBAColor(red8: 162, green8: 132, blue8: 94),
    "gray": RGBAColor(red8: 142, green8: 142, blue8: 147),
]
