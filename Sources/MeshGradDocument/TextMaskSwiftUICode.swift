import Foundation
import MeshGradCore

extension TextMask {
    /// The `.mask { Text(...) }` modifier that cuts a layer to these
    /// letters: the font at its point size and weight, expanded or
    /// condensed as `widthFactor` says, lines aligned in the frame as
    /// meshgrad aligns them (the block centered vertically).
    func swiftUIModifier(inLayout: Bool = false) -> String {
        if let symbol {
            // An icon: SwiftUI draws the SF Symbol itself.
            return [
                ".mask {", "    Image(systemName: \(swiftStringLiteral(symbol)))",
                "        .font(.system(size: \(swiftNumber(size)), weight: .\(weight.rawValue)))", "}",
            ].joined(separator: "\n")
        }
        var lines = [
            "." + maskCall + " {", "    Text(verbatim: \(swiftStringLiteral(text)))", "        .font(\(font))",
        ]
        if let width = fontWidth { lines.append("        .fontWidth(\(width))") }
        lines.append("        .multilineTextAlignment(.\(alignment.rawValue))")
        if lineSpacing != 0 { lines.append("        .lineSpacing(\(swiftNumber(lineSpacing)))") }
        // Outside a layout meshgrad breaks lines only at newlines; in one
        // it wraps as SwiftUI does, never truncating.
        lines += (inLayout ? fixedSizeCode : [".fixedSize()"]).map { "        " + $0 }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The text (or icon) as a view of its own, sized by its letters: what
    /// a stack holds.
    func viewCode() -> String {
        if let symbol {
            return "Image(systemName: \(swiftStringLiteral(symbol)))\n"
                + ".font(.system(size: \(swiftNumber(size)), weight: .\(weight.rawValue)))"
        }
        var lines = ["Text(verbatim: \(swiftStringLiteral(text)))", ".font(\(font))"]
        if let width = fontWidth { lines.append(".fontWidth(\(width))") }
        // SwiftUI aligns a text's lines leading unless told.
        if alignment != .leading { lines.append(".multilineTextAlignment(.\(alignment.rawValue))") }
        if lineSpacing != 0 { lines.append(".lineSpacing(\(swiftNumber(lineSpacing)))") }
        return (lines + fixedSizeCode).joined(separator: "\n")
    }

    /// The text's `.fixedSize` in a layout, as the document says it: none
    /// (it wraps to the width offered, as meshgrad's does), `.fixedSize()`,
    /// or `.fixedSize(horizontal:vertical:)`.
    var fixedSizeCode: [String] {
        guard let fixedSize else { return [] }
        if fixedSize == .both { return [".fixedSize()"] }
        return [".fixedSize(horizontal: \(fixedSize.horizontal), vertical: \(fixedSize.vertical))"]
    }

    private var maskCall: String {
        alignment == .center ? "mask" : "mask(alignment: .\(alignment.rawValue))"
    }

    /// `.system(size:weight:)`, or `.custom(_:size:)` named by the font
    /// file's stem (the PostScript name SwiftUI wants is usually that).
    var font: String {
        guard let fontPath else { return ".system(size: \(swiftNumber(size)), weight: .\(weight.rawValue))" }
        let stem = URL(fileURLWithPath: fontPath).deletingPathExtension().lastPathComponent
        let custom = ".custom(\(swiftStringLiteral(stem)), size: \(swiftNumber(size)))"
        return weight == .regular ? custom : custom + ".weight(.\(weight.rawValue))"
    }

    /// SwiftUI's widths are named, not numbers: wider than normal is
    /// `.expanded` (about 1.25), narrower `.condensed`.
    var fontWidth: String? {
        if widthFactor > 1 { return ".expanded" }
        if widthFactor < 1 { return ".condensed" }
        return nil
    }
}

/// `"Happy \nMeshing!"`: a Swift string literal of `text`, escaped.
func swiftStringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7f:
            out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
