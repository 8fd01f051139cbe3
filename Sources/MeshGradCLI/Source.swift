import MeshGradDocument

/// What to draw: a document file given as the positional argument, or a
/// built-in gradient given with `--preset NAME`. Exactly one of them.
struct Source {
    var document: GradientDocument
    /// How to name it in messages: the file path or `preset NAME`.
    var label: String

    static let help = """
          SPEC.json               A gradient document (see README: The document).
          --preset NAME           A built-in gradient instead ('meshgrad presets' lists them).
        """

    init(_ arguments: Arguments) throws {
        let preset = try arguments.value("--preset")
        switch (arguments.positionals.first, preset) {
        case (nil, nil):
            throw UsageError(
                command: arguments.command, message: "no gradient given; expected SPEC.json or --preset NAME")
        case (.some, .some):
            throw UsageError(
                command: arguments.command, message: "both SPEC.json and --preset given; expected one of them")
        case (let path?, nil):
            document = try GradientDocument.load(path: path)
            label = path
        case (nil, let name?):
            guard let found = Presets.named(name) else {
                let names = Presets.all.map(\.name).joined(separator: ", ")
                throw CommandError("unknown preset \"\(name)\"; expected one of \(names)")
            }
            document = found.document
            label = "preset \(found.name)"
        }
    }
}

extension Arguments.Spec {
    /// Adds `--preset` and one positional for ``Source``.
    mutating func acceptSource() {
        valued["--preset"] = []
        maximumPositionals = max(maximumPositionals, 1)
    }
}
