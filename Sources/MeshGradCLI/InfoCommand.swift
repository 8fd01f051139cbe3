import MeshGradGL

/// `meshgrad info`: what the GPU backend would run on.
struct InfoCommand: Command {
    static let name = "info"
    static let summary = "Show the OpenGL driver and its limits"
    static let usage = ["[--json]"]
    static let discussion = """
        Makes a headless OpenGL context (EGL: a GPU through the device platform, else Mesa's
        surfaceless platform) and prints its vendor, renderer, version and limits, and which
        backend 'auto' picks. Exits with status 1, saying why, when no context can be made.
        """
    static let options: [Option] = [.flag("--json", "Print the same as one JSON object.")]

    static func run(_ arguments: Arguments, console: Console) throws {
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
        if arguments.flag("--json") {
            let object: [String: Any] = [
                "eglPlatform": context.platform.rawValue, "vendor": info.vendor, "renderer": info.renderer,
                "version": info.version, "glsl": info.shadingLanguageVersion,
                "maxRenderbufferSize": info.maxRenderbufferSize, "maxTextureSize": info.maxTextureSize,
                "maxViewport": [info.maxViewportSize.0, info.maxViewportSize.1], "maxSamples": info.maxSamples,
                "maxTextureBufferTexels": info.maxTextureBufferTexels, "isSoftware": info.isSoftware,
                "autoBackend": info.isSoftware ? "cpu" : "gl",
            ]
            console.out.write(JSONText.line(object))
            return
        }
        for (key, value) in lines {
            console.out.write((key + ":").padding(toLength: 27, withPad: " ", startingAt: 0) + value + "\n")
        }
    }
}
