import Foundation
import PackagePlugin

/// Embeds every shader in the package's `Shaders/` folder, and every
/// JavaScript file under the target's own `JavaScript/` folder, into the
/// target as Swift string literals (`EmbeddedShaders`), rebuilt whenever one
/// changes. The shaders stay real GLSL files, validated by
/// `glslangValidator` in CI; the JavaScript stays real modules' parts, run
/// by node in the tests.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Shaders")
        let shaders = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["vert", "geom", "frag", "glsl"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        let scripts = javaScriptFiles(
            in: context.package.directoryURL.appending(path: "Sources/\(target.name)/JavaScript"))
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(shaders.count) shaders",
                executable: try context.tool(named: "EmbedShadersTool").url,
                arguments: [output.path] + (shaders + scripts).map(\.path),
                inputFiles: shaders + scripts,
                outputFiles: [output])
        ]
    }

    /// Every `.js` file under `folder`, sorted (none when it does not exist).
    func javaScriptFiles(in folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "js" }.sorted { $0.path < $1.path }
    }
}
