/// The modifiers after a `MeshGradient(…)`: `.name(arguments)`, with or
/// without a trailing closure, one after another. The mesh is read
/// without them; those that change what is drawn (a blur, an opacity, a
/// color effect, a transform, something drawn over it) become a note, so
/// that the user knows the document is the mesh alone. Layout and life
/// cycle (`.ignoresSafeArea()`, `.frame`, `.onAppear { … }`) say nothing:
/// a document's canvas is the size it is rendered at.
struct ModifierChain {
    let source: SwiftSource
    /// The token after the mesh's closing parenthesis.
    let start: Int

    /// Modifiers that change the pixels of the mesh or add to them.
    static let drawing: Set<String> = [
        "blur", "opacity", "hueRotation", "saturation", "brightness", "contrast", "colorMultiply", "grayscale",
        "colorInvert", "luminanceToAlpha", "rotationEffect", "rotation3DEffect", "scaleEffect", "offset", "mask",
        "overlay", "blendMode", "shadow", "clipShape", "clipped", "cornerRadius", "border", "drawingGroup",
        "visualEffect", "colorEffect", "distortionEffect", "layerEffect",
    ]

    /// One line per modifier that changes what is drawn, in order.
    func notes() -> [String] {
        var notes: [String] = []
        var i = start
        while source.token(i).isSymbol("."), source.token(i + 1).kind == .identifier {
            let dot = source.token(i)
            let name = source.token(i + 1).text
            i += 2
            var arguments = ""
            if source.token(i).isSymbol("("), let end = closing(from: i, open: "(", close: ")") {
                arguments = text(from: i, to: end)
                i = end + 1
            }
            if source.token(i).isSymbol("{"), let end = closing(from: i, open: "{", close: "}") {
                arguments += " { … }"
                i = end + 1
            }
            if Self.drawing.contains(name) {
                notes.append(
                    "ignored .\(name)\(arguments) at \(dot.line):\(dot.column): the document holds the mesh alone")
            }
        }
        return notes
    }

    /// The index of the token that closes the bracket at `from`.
    private func closing(from: Int, open: String, close: String) -> Int? {
        var depth = 0
        var i = from
        while i < source.tokens.count {
            let token = source.tokens[i]
            if token.isSymbol(open) { depth += 1 }
            if token.isSymbol(close) {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// The tokens from `from` to `to` as one line (`(radius: 6)`), cut at 60
    /// characters.
    private func text(from: Int, to: Int) -> String {
        var text = ""
        for i in from...to {
            let token = source.tokens[i]
            text += token.kind == .string ? "\"\(token.text)\"" : token.text
            if token.isSymbol(":") || token.isSymbol(",") { text += " " }
        }
        return text.count > 60 ? String(text.prefix(57)) + "…)" : text
    }
}
