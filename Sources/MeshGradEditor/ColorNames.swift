import MeshGradCore

/// The shipped color names (``ColorNameData``: the XKCD survey's, then
/// CSS's), looked up by lowercase name: `"forest green"`, `"skyblue"`.
public enum ColorNames {
    /// Every name and its color; an XKCD name wins over a CSS one of the
    /// same spelling (the survey's are what people call the color).
    public static let all: [String: RGBAColor] = {
        var table: [String: RGBAColor] = [:]
        for text in [ColorNameData.css, ColorNameData.xkcd] {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "\t")
                guard parts.count == 2, let color = RGBAColor(hex: String(parts[1])) else { continue }
                table[String(parts[0])] = color
            }
        }
        return table
    }()

    /// The longest name, in words: how far the parser looks ahead.
    public static let longestName = all.keys.map { $0.split(separator: " ").count }.max() ?? 1

    public static func color(named name: String) -> RGBAColor? { all[name.lowercased()] }
}
