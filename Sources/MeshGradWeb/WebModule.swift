import Foundation

/// `meshgrad code --lang js`: one ES module, without dependencies, that
/// defines the `<mesh-gradient>` element (Element/MeshGradientElement.js)
/// and exports it with the document reader and the render plan.
public enum WebModule {
    /// The module's text. It holds no `</script` (written `<\/script`, the
    /// same string to JavaScript), so a page may inline it.
    public static func javaScript() -> String {
        var text = """
            // meshgrad's <mesh-gradient> element: a meshgrad document drawn with WebGL2 by the
            // same math as meshgrad's renderers (tessellation, shading, dither, animation).
            // Usage: a <script type="module" src="mesh-gradient.js"> element, then
            //        <mesh-gradient src="gradient.json" style="width: 100%; height: 400px"></mesh-gradient>

            """
        text += "const meshVertexShader = \(stringLiteral(WebShaders.meshVertex));\n"
        text += "const meshFragmentShader = \(stringLiteral(WebShaders.meshFragment));\n"
        text += "const finishVertexShader = \(stringLiteral(WebShaders.finishVertex));\n"
        text += "const finishFragmentShader = \(stringLiteral(WebShaders.finishFragment));\n\n"
        for file in WebScripts.files {
            text += "// \(file.path)\n\(withoutCommentLines(file.text))\n"
        }
        text += """
            if (!customElements.get("mesh-gradient")) customElements.define("mesh-gradient", MeshGradientElement);
            export { MeshGradientElement, readMeshDocument, animatedMeshAt, renderPlan };

            """
        return text.replacingOccurrences(of: "</script", with: "<\\/script")
    }

    /// `source` without its whole-line comments (`//` lines, and `/** … */`
    /// blocks that start a line): the twins' comments are
    /// for their readers in the repository; the module a page downloads
    /// does without them (a third of its size).
    static func withoutCommentLines(_ source: String) -> String {
        var inBlock = false
        var kept: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if inBlock {
                inBlock = !trimmed.contains("*/")
            } else if trimmed.hasPrefix("/*") {
                inBlock = !trimmed.contains("*/")
            } else if !trimmed.hasPrefix("//") {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    /// `text` as a JavaScript string literal (JSON's escaping is JavaScript's).
    static func stringLiteral(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
