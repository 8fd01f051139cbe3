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
            return try GradientDocument.load(path: path)
        case .preset(let name):
            guard let preset = Presets.named(name) else {
                let names = Presets.all.map(\.name).joined(separator: ", ")
                throw CommandError("unknown preset \"\(name)\"; expected one of \(names)")
            }
            return preset.document
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
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandError("\(SafeText.value(path, limit: 200)): no such file")
        }
        guard !isFolder.boolValue else {
            throw CommandError("\(SafeText.value(path, limit: 200)): is a folder; expected a manifest (JSON lines)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("\(SafeText.value(path, limit: 200)): cannot be read (permission denied?)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func resolve(_ p: String) -> String { p.hasPrefix("/") ? p : folder.appendingPathComponent(p).path }
        var result: [Result<RenderEntry, CommandError>] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let label = "\(SafeText.value(path, limit: 200)):\(number + 1)"
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

/// `--shard I/N`: entry `k` belongs to shard `k % N`; shards are numbered
/// from 0 (Kubernetes' JOB_COMPLETION_INDEX; with Slurm pass
/// `$SLURM_ARRAY_TASK_ID` from an array 0..N-1).
struct Shard {
    var index: Int
    var count: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (0..<n).contains(i) else {
            return nil
        }
        index = i
        count = n
    }

    func contains(_ k: Int) -> Bool { k % count == index }
}
