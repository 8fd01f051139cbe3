/// The GLSL ES 3.00 shaders of the web export, made from the renderer's own
/// (`Shaders/`) when the module is written: `mesh.vert` and `mesh.frag`
/// with `WEBGL` paths (no geometry stage; the polynomial fetched per
/// pixel), and `mesh.frag`'s libraries appended, since WebGL links one
/// source per stage. One source, so the web cannot drift from the GPU
/// renderer; the browser compiles them with the same `#define`s
/// (`OPAQUE`, `COLOR_SPACE`, `OUTPUT_MODE`, `FOLDS`, `GRAIN`) inserted
/// after the first line.
public enum WebShaders {
    /// The vertex stage.
    public static var meshVertex: String { joined([EmbeddedShaders.meshVert]) }

    /// The fragment stage: mesh.frag, then color.glsl, quantize.glsl and
    /// grain.glsl.
    public static var meshFragment: String {
        joined([
            EmbeddedShaders.meshFrag, EmbeddedShaders.colorGlsl, EmbeddedShaders.quantizeGlsl,
            EmbeddedShaders.grainGlsl,
        ])
    }

    /// Pass 2, for a mesh drawn in two passes (a border crossing the canvas,
    /// anti-aliased by multisampling; a fold): the vertex stage.
    public static var finishVertex: String { joined([EmbeddedShaders.finishVert]) }

    /// Pass 2's fragment stage: finish.frag, then quantize.glsl and grain.glsl.
    public static var finishFragment: String {
        joined([EmbeddedShaders.finishFrag, EmbeddedShaders.quantizeGlsl, EmbeddedShaders.grainGlsl])
    }

    /// The first line of the result: the sources' `#version 330 core`
    /// becomes GLSL ES's, with high precision (the dither's hashes need
    /// 32-bit integers, the polynomial and pass 1's image 32-bit floats).
    static let header = "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"

    static func joined(_ sources: [String]) -> String {
        header + sources.map { withoutCommentLines(withoutVersionLine($0)) }.joined(separator: "\n")
    }

    /// A shader without its whole-line comments: the sources' comments are
    /// for their readers; the page downloads the code.
    static func withoutCommentLines(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            .joined(separator: "\n")
    }

    /// A shader without its `#version` line (the first).
    static func withoutVersionLine(_ source: String) -> String {
        guard source.hasPrefix("#version"), let end = source.firstIndex(of: "\n") else { return source }
        return String(source[source.index(after: end)...])
    }
}
