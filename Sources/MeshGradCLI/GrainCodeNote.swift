import MeshGradCore
import MeshGradDocument

extension CodeLanguage {
    /// What `meshgrad code` says about a document's grain, as a comment of
    /// the language: none of the four has film grain, so the code draws the
    /// gradient without it and the comment says so, and how to get it.
    func grainNote(_ grain: Grain?) -> String {
        // The web page draws grain itself.
        guard let grain, self != .html, self != .js else { return "" }
        let values =
            "grain (amount \(grain.amount), size \(grain.size), seed \(grain.seed)"
            + (grain.monochrome ? ", monochrome" : "") + (grain.animated ? ", animated" : "") + ")"
        let text: String
        switch self {
        case .swiftui:
            text =
                "\(values): SwiftUI has no film grain (MeshGradient has no noise and no noise modifier "
                + "exists), so this code draws the gradient without it. To match, overlay a noise image "
                + "(a PNG of grain) with .blendMode(.overlay), or ship the image meshgrad renders."
        case .compose, .css, .svg, .html, .js:
            text = "\(values): not drawn by this code (the language has no film grain); meshgrad renders it."
        }
        switch self {
        case .swiftui, .compose: return "// " + text + "\n"
        case .css: return "/* " + text + " */\n"
        case .svg: return "<!-- " + text + " -->\n"
        case .html, .js: return ""
        }
    }
}
