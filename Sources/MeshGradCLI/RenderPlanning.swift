import Foundation

/// What `render` was asked to draw, and where: one input to one output,
/// several into a folder, or a manifest. Outputs two entries would share
/// are refused here, before anything renders.
enum RenderPlanning {
    struct Plan {
        var entries: [Result<RenderEntry, CommandError>]
        /// Several inputs or a manifest: reported entry by entry.
        var isBatch: Bool
        /// The one output of a single render.
        var singleOutput: String?
    }

    static func entries(_ arguments: Arguments, command: String) throws -> Plan {
        let presets = arguments.values["--preset"] ?? []
        let files = arguments.positionals
        let output = try arguments.value("--output")
        if let manifest = try arguments.value("--manifest") {
            guard files.isEmpty && presets.isEmpty else {
                throw UsageError(
                    command: command, message: "--manifest comes alone; expected no SPEC.json or --preset with it")
            }
            try arguments.refuse("--output", because: "a manifest names each entry's output")
            let entries = try Manifest.entries(path: manifest)
            let outputs = entries.compactMap { try? $0.get() }.map { ($0.output, $0.label) }
            if let collision = OutputPath.firstCollision(outputs) { throw CommandError(collision) }
            return Plan(entries: entries, isBatch: true)
        }
        let inputs = files.map { RenderEntry.Input.file($0) } + presets.map { RenderEntry.Input.preset($0) }
        guard !inputs.isEmpty else {
            throw UsageError(
                command: command,
                message: "no gradient given; expected SPEC.json, -, --preset NAME or --manifest JOBS.jsonl")
        }
        guard let output else {
            throw UsageError(command: command, message: "no output given; expected -o OUT.png, -o - or -o FOLDER")
        }
        if files.filter({ $0 == "-" }).count > 1 {
            throw UsageError(command: command, message: "standard input (-) given twice; expected it once")
        }
        if inputs.count == 1 {
            guard output == "-" || OutputPath.isImage(output) || OutputPath.isStream(output) else {
                throw UsageError(
                    command: command,
                    message:
                        "output \"\(output)\" does not end in .png, .avif, .pdf, .jpg or .webp; expected -o OUT.png, OUT.avif, OUT.pdf, OUT.jpg, OUT.webp, - or a FIFO or device (which receives a PNG)"
                )
            }
            let label = files.first.map(DocumentInput.label) ?? "preset \(presets[0])"
            return Plan(
                entries: [.success(RenderEntry(input: inputs[0], output: output, label: label))], isBatch: false,
                singleOutput: output)
        }
        guard output != "-" && !OutputPath.isImage(output) else {
            throw UsageError(
                command: command,
                message:
                    "with several inputs, -o is a folder that receives NAME.png for each; \"\(output)\" names a file")
        }
        let entries = inputs.map { input -> RenderEntry in
            let (stem, label): (String, String) =
                switch input {
                case .file("-"): ("stdin", "<stdin>")
                case .file(let path): (((path as NSString).lastPathComponent as NSString).deletingPathExtension, path)
                case .preset(let preset): (preset, "preset \(preset)")
                }
            return RenderEntry(
                input: input, output: (output as NSString).appendingPathComponent(stem + ".png"), label: label)
        }
        if let collision = OutputPath.firstCollision(entries.map { ($0.output, $0.label) }) {
            throw UsageError(command: command, message: collision)
        }
        try OutputPath.makeFolder(output)
        return Plan(entries: entries.map { .success($0) }, isBatch: true)
    }
}

/// JSON for `--json` output: one object per line, keys sorted.
enum JSONText {
    static func line(_ object: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Pretty, for documents a person reads too (the schema).
    static func pretty(_ object: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
