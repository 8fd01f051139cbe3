// Renders three images with the MeshGrad library into the folder given as
// the only argument: a preset (a scene), a JSON document, and a mesh built
// in Swift.

import Foundation
import MeshGrad

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: render-examples OUTPUT-FOLDER\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: CommandLine.arguments[1])

func write(_ bytes: [UInt8], _ name: String) throws {
    try Data(bytes).write(to: folder.appendingPathComponent(name), options: .atomic)
    print("wrote \(name) (\(bytes.count) bytes)")
}

do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

    // 1. A preset, by name: the SE wallpaper scene at its own size / 4.
    let wallpaper = try MeshGrad.document(preset: "se-wallpaper")
    try write(try MeshGrad.png(try MeshGrad.image(of: wallpaper, width: 188, height: 334)), "se-wallpaper.png")

    // 2. A JSON document, 16 bits a component.
    let json = """
        {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
         "colors": ["#ff8800", "#ff0077", "#00bfff", "#00fa9a"], "colorSpace": "perceptual", "size": [320, 200]}
        """
    try write(try MeshGrad.png(try MeshGrad.image16(of: try MeshGrad.document(json: json))), "document-16bit.png")

    // 3. A mesh built in Swift, animated by one wave, drawn 1.5 s in.
    let mesh = MeshGradient(
        width: 3, height: 3,
        locations: .points(MeshGradient.regularGrid(width: 3, height: 3)),
        colors: [
            .init(hex: "#1d064a")!, .init(hex: "#5f47ca")!, .init(hex: "#ffafc4")!,
            .init(hex: "#00264d")!, .init(hex: "#e6d2ad")!, .init(hex: "#f4a012")!,
            .init(hex: "#360402")!, .init(hex: "#e40000")!, .init(hex: "#1d064a")!,
        ])
    let wave = MeshAnimation(waves: [VertexWaves(vertex: 4, x: Wave(amplitude: 0.15, frequency: 1, phase: 0))])
    let handBuilt = GradientDocument(mesh: mesh, animation: wave)
    try write(try MeshGrad.png(try MeshGrad.image(of: handBuilt, width: 300, height: 200, time: 1.5)), "hand-built.png")
} catch let error as MeshGradError {
    FileHandle.standardError.write(Data("render-examples: error: \(error)\n".utf8))
    exit(1)
}
