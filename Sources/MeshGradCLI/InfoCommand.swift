import MeshGradGL

/// `meshgrad info`: what the GPU backend would run on.
struct InfoCommand: Command {
    static let name = "info"
    static let summary = "Show the OpenGL driver and its limits"
    static let help = """
        USAGE: meshgrad info

        Makes a headless OpenGL context (EGL: a GPU through the device platform, else Mesa's
        surfaceless platform) and prints its vendor, renderer, version and limits, and which
        backend 'auto' picks. Exits with status 1, saying why, when no context can be made.

        """

    static func run(_ words: [String], console: Console) throws {
        _ = try Arguments(words, spec: Arguments.Spec(), command: name)
        let context: HeadlessContext
        do {
            context = try HeadlessContext()
        } catch {
            throw CommandError("\(error)")
        }
        let info = GLInfo()
        let lines = [
            ("EGL platform", context.platform.rawValue),
            ("vendor", info.vendor),
            ("renderer", info.renderer),
            ("version", info.version),
            ("GLSL", info.shadingLanguageVersion),
            ("max renderbuffer size", "\(info.maxRenderbufferSize)"),
            ("max texture size", "\(info.maxTextureSize)"),
            ("max viewport", "\(info.maxViewportSize.0)x\(info.maxViewportSize.1)"),
            ("max samples", "\(info.maxSamples)"),
            ("max texture buffer texels", "\(info.maxTextureBufferTexels)"),
            ("auto backend", info.isSoftware ? "cpu (the OpenGL renderer is a CPU rasterizer)" : "gl"),
        ]
        for (key, value) in lines {
            console.out.write((key + ":").padding(toLength: 27, withPad: " ", startingAt: 0) + value + "\n")
        }
    }
}
