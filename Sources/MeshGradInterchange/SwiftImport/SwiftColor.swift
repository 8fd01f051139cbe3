import MeshGradCore

extension SwiftEvaluator {
    static let colorForms =
        "a color: Color(red:green:blue:), Color(.sRGB, red:…), Color(hue:saturation:brightness:), Color(hex: \"#RRGGBB\" or 0xRRGGBB), Color(white:), .red, … or .opacity(x) of one"

    /// A color in any of the forms SwiftUI code writes them.
    func color(_ node: SwiftNode) throws(SwiftImportError) -> RGBAColor {
        switch node.expression {
        case .member(let name):
            return try systemColor(name, at: node)
        case .path(let names) where names.count == 2 && names[0] == "Color":
            return try systemColor(names[1], at: node)
        case .path(let names):
            let written = names.joined(separator: ".")
            if let given = source.namedColors[written] { return given }
            guard source.declarations[names.last!] != nil else {
                throw error(
                    "“\(written)” is defined outside this file; pass --color \(written)=#RRGGBB", at: node)
            }
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

    /// SwiftUI's `Color.RGBColorSpace` cases.
    static let colorSpaces: [String: ColorSpaceName] = [
        "sRGB": .srgb, "sRGBLinear": .srgbLinear, "displayP3": .displayP3,
    ]

    private func colorInitializer(
        _ arguments: [SwiftArgument], at node: SwiftNode
    ) throws(SwiftImportError)
        -> RGBAColor
    {
        var arguments = arguments
        var space = ColorSpaceName.srgb
        if arguments.count == 1, arguments[0].label == nil {
            return try namedOrSemantic(arguments[0].value, alpha: 1)
        }
        if let first = arguments.first, first.label == nil, case .member(let name) = first.value.expression {
            guard let named = Self.colorSpaces[name] else {
                throw error(
                    "expected the color space .sRGB, .sRGBLinear or .displayP3, found .\(name)", at: first.value)
            }
            space = named
            arguments.removeFirst()
        }
        let alpha = try arguments.value("opacity").map { (n) throws(SwiftImportError) in try number(n) } ?? 1
        let labels = arguments.labels.filter { $0 != "opacity" }
        if labels == ["red", "green", "blue"] {
            var rgb = SIMD3<Double>()
            for (i, label) in labels.enumerated() { rgb[i] = try number(arguments.value(label)!) }
            return space.color(rgb, alpha: alpha)
        }
        if labels == ["hue", "saturation", "brightness"] {
            let hsb = try SIMD3(
                number(arguments.value("hue")!), number(arguments.value("saturation")!),
                number(arguments.value("brightness")!))
            var color = hsbColor(hsb)
            color.alpha = alpha
            return color
        }
        if labels == ["white"] {
            let white = try number(arguments.value("white")!)
            return space.color(SIMD3(repeating: white), alpha: alpha)
        }
        if labels == ["hex"], let value = arguments.value("hex") {
            var color = try hexColor(value)
            color.alpha *= alpha
            return color
        }
        throw error(
            "expected \(Self.colorForms); found Color(\(arguments.labels.map { $0 + ":" }.joined()))", at: node)
    }

    /// A hex initializer of the file's own, in its common forms: a string
    /// `"#RRGGBB"` / `"RRGGBBAA"`, or an integer `0xRRGGBB`.
    private func hexColor(_ value: SwiftNode) throws(SwiftImportError) -> RGBAColor {
        if case .string(let text) = value.expression {
            if let color = RGBAColor(hex: text) { return color }
        } else if let number = try? number(value), number >= 0, number <= 0xFF_FFFF, number == number.rounded() {
            let rgb = Int(number)
            return RGBAColor(red8: UInt8(rgb >> 16), green8: UInt8((rgb >> 8) & 0xFF), blue8: UInt8(rgb & 0xFF))
        }
        throw error("expected Color(hex: \"#RRGGBB\"), \"#RRGGBBAA\" or 0xRRGGBB", at: value)
    }

    /// `Color("Brand")` (an asset: given with --color) or `Color(.label)` (a
    /// system color of UIKit, as its light-mode value, with a note).
    private func namedOrSemantic(_ value: SwiftNode, alpha: Double) throws(SwiftImportError) -> RGBAColor {
        var color: RGBAColor
        switch value.expression {
        case .string(let name):
            guard let given = source.namedColors[name] else {
                throw error("the asset color “\(name)” is not in this file; pass --color \(name)=#RRGGBB", at: value)
            }
            color = given
        case .member(let name):
            color = try systemColor(name, at: value)
        default:
            throw error("expected \(Self.colorForms)", at: value)
        }
        color.alpha *= alpha
        return color
    }

    private func systemColor(_ name: String, at node: SwiftNode) throws(SwiftImportError) -> RGBAColor {
        if let given = source.namedColors[name] { return given }
        if let semantic = semanticColors[name] {
            source.notes.lines.append(
                ".\(name) follows the app's appearance; used its light-mode value \(semantic.hexString)")
            return semantic
        }
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

/// Colors that follow the appearance (and, for the accent, the app): their
/// light-mode defaults on iOS.
let semanticColors: [String: RGBAColor] = [
    "accentColor": RGBAColor(red8: 0, green8: 122, blue8: 255),
    "primary": .black,
    "secondary": RGBAColor(red8: 60, green8: 60, blue8: 67, alpha8: 153),
    "label": .black,
    "secondaryLabel": RGBAColor(red8: 60, green8: 60, blue8: 67, alpha8: 153),
    "systemBackground": .white,
    "secondarySystemBackground": RGBAColor(red8: 242, green8: 242, blue8: 247),
    "systemGroupedBackground": RGBAColor(red8: 242, green8: 242, blue8: 247),
]

/// SwiftUI's `Color(hue:saturation:brightness:)`: hue in turns (0 and 1
/// red), saturation and brightness 0…1, the HSB (HSV) hexcone of sRGB.
func hsbColor(_ hsb: SIMD3<Double>) -> RGBAColor {
    let saturation = min(max(hsb.y, 0), 1)
    let brightness = min(max(hsb.z, 0), 1)
    let sixths = (hsb.x - hsb.x.rounded(.down)) * 6
    let chroma = brightness * saturation
    let second = chroma * (1 - abs(sixths.truncatingRemainder(dividingBy: 2) - 1))
    let rgb: SIMD3<Double>
    switch Int(sixths) {
    case 0: rgb = SIMD3(chroma, second, 0)
    case 1: rgb = SIMD3(second, chroma, 0)
    case 2: rgb = SIMD3(0, chroma, second)
    case 3: rgb = SIMD3(0, second, chroma)
    case 4: rgb = SIMD3(second, 0, chroma)
    default: rgb = SIMD3(chroma, 0, second)
    }
    let lifted = rgb + (brightness - chroma)
    return RGBAColor(red: lifted.x, green: lifted.y, blue: lifted.z)
}
