import MeshGradDocument

/// `meshgrad code --lang html`: a self-contained page that fills the
/// window with the document, drawn live by the `<mesh-gradient>` element
/// (``WebModule``), with a CSS approximation under it for browsers
/// without WebGL2.
public enum WebPage {
    /// The page for a mesh document's `json` (its own text, as meshgrad
    /// writes it); `fallbackCSS` is a rule for the class `.mesh-gradient`
    /// (`meshgrad code --lang css`), applied to the element.
    public static func html(json: String, title: String, fallbackCSS: String) -> String {
        let fallback = fallbackCSS.replacingOccurrences(of: ".mesh-gradient {", with: "mesh-gradient {")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(title))</title>
            <style>
            html, body { margin: 0; height: 100%; }
            mesh-gradient { width: 100vw; height: 100vh; }
            \(fallback)
            </style>
            </head>
            <body>
            <mesh-gradient>
            <script type="application/json">
            \(json.replacingOccurrences(of: "</", with: "<\\/"))
            </script>
            </mesh-gradient>
            <script type="module">
            \(WebModule.javaScript())
            </script>
            </body>
            </html>

            """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
