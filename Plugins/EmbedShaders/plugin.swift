import Foundation
import PackagePlugin

/// Embeds every shader in the package's `Shaders/` folder into the target
/// as Swift string literals (`EmbeddedShaders`), rebuilt whenever a shader
/// changes. The shaders stay real GLSL files, validated by
/// `glslangValidator` in CI.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Shaders")
        let shaders = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["vert", "geom", "frag", "glsl"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(shaders.count) shaders",
                executable: try context.tool(named: "EmbedShadersTool").url,
                arguments: [output.path] + shaders.map(\.path),
                inputFiles: shaders,
                outputFiles: [output])
        ]
    }
}
