import Foundation
import MeshGradCore
import MeshGradDocument

/// One image to render: where the gradient comes from, where it goes, and
/// anything that differs from the command's options. A plain `render` is a
/// batch of one; a manifest line or each of several documents is another.
struct RenderEntry {
    enum Input {
        case file(String)
        case preset(String)
    }

    var input: Input
    var output: String
    var size: String?
    var time: Double?
    var depth: Int?
    var dithers: Bool?
    /// How to name the entry in messages (`manifest.jsonl:3`, or the input).
    var label: String

    func loadDocument() throws -> GradientDocument {
        switch input {
        case .file(let path):
            return try DocumentInput.load(path)
        case .preset(let name):
            return try DocumentInput.preset(name)
        }
    }
}

/// A manifest: one render per line, as JSON objects (blank lines and lines
/// starting with `#` are skipped):
///
///     {"preset": "aurora", "size": "4k", "output": "out/aurora.png"}
///     {"document": "specs/a.json", "size": [1170, 2532], "output": "out/a.png", "time": 2.5, "depth": 16}
///
/// Relative paths are relative to the manifest's folder, so a manifest and
/// its documents move together. A line that cannot be read becomes an entry
/// that fails with the reason, so the rest still render.
enum Manifest {
    static let keys = ManifestLine.keys

    static func entries(path: String) throws -> [Result<RenderEntry, CommandError>] {
        guard path == "-" || FileManager.default.fileExists(atPath: path) else {
            throw CommandError("\(SafeText.value(path, limit: 200)): no such file")
        }
        let data = Data(try DocumentInput.readStream(path, what: "a manifest (JSON lines)"))
        // Paths are relative to the manifest's folder (to the working
        // folder for a manifest on standard input).
        let folder =
            path == "-"
            ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            : URL(fileURLWithPath: path).deletingLastPathComponent()
        func resolve(_ p: String) -> String { p.hasPrefix("/") ? p : folder.appendingPathComponent(p).path }
        var result: [Result<RenderEntry, CommandError>] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let label = "\(SafeText.value(DocumentInput.label(path), limit: 200)):\(number + 1)"
            do {
                let fields = try ManifestLine(text, label: label)
                let input: RenderEntry.Input =
                    fields.document.map { RenderEntry.Input.file(resolve($0)) } ?? .preset(fields.preset ?? "")
                result.append(
                    .success(
                        RenderEntry(
                            input: input, output: resolve(fields.output), size: fields.size, time: fields.time,
                            depth: fields.depth, dithers: fields.dithers, label: label)))
            } catch {
                result.append(.failure(error))
            }
        }
        return result
    }
}
