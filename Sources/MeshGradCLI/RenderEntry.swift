import Foundation
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
    static let keys = ["document", "preset", "size", "output", "time", "depth", "dither"]

    static func entries(path: String) throws -> [Result<RenderEntry, CommandError>] {
        guard path == "-" || FileManager.default.fileExists(atPath: path) else {
            throw CommandError("\(path): no such file")
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
            let label = "\(DocumentInput.label(path)):\(number + 1)"
            do {
                guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                    throw CommandError("expected a JSON object")
                }
                if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
                    throw CommandError("unknown key \"\(unknown)\"; expected \(keys.joined(separator: ", "))")
                }
                let input: RenderEntry.Input
                switch (object["document"] as? String, object["preset"] as? String) {
                case (let document?, nil): input = .file(resolve(document))
                case (nil, let preset?): input = .preset(preset)
                default: throw CommandError("expected \"document\" or \"preset\", one of them")
                }
                guard let output = object["output"] as? String, OutputPath.isImage(output) else {
                    throw CommandError("\"output\" missing or not a .png or .pdf path")
                }
                var size: String?
                if let text = object["size"] as? String {
                    size = text
                } else if let pair = object["size"] as? [Int], pair.count == 2 {
                    size = "\(pair[0])x\(pair[1])"
                } else if object["size"] != nil {
                    throw CommandError("\"size\" is not a size; expected \"4k\", \"WxH\" or [width, height]")
                }
                let depth = object["depth"] as? Int
                if let depth, depth != 8 && depth != 16 {
                    throw CommandError("\"depth\" is \(depth); expected 8 or 16")
                }
                result.append(
                    .success(
                        RenderEntry(
                            input: input, output: resolve(output), size: size, time: object["time"] as? Double,
                            depth: depth, dithers: object["dither"] as? Bool, label: label)))
            } catch let error as CommandError {
                result.append(.failure(CommandError("\(label): \(error)")))
            } catch {
                result.append(.failure(CommandError("\(label): invalid JSON: \(error.localizedDescription)")))
            }
        }
        return result
    }
}
