import MeshGradDocument

/// `meshgrad presets`: the built-in gradients, or one of them as JSON.
struct PresetsCommand: Command {
    static let name = "presets"
    static let summary = "List the built-in gradients, or print one as a document"
    static let help = """
        USAGE: meshgrad presets [NAME]

        Without NAME, lists every preset with a line about it. With NAME, prints that preset
        as a gradient document, a starting point for your own:
          meshgrad presets aurora > my.json

        """

    static func run(_ words: [String], console: Console) throws {
        var spec = Arguments.Spec()
        spec.maximumPositionals = 1
        let arguments = try Arguments(words, spec: spec, command: name)
        if let name = arguments.positionals.first {
            guard let preset = Presets.named(name) else {
                let names = Presets.all.map(\.name).joined(separator: ", ")
                throw CommandError("unknown preset \"\(name)\"; expected one of \(names)")
            }
            console.out.write(preset.document.jsonText())
            return
        }
        let width = Presets.all.map(\.name.count).max() ?? 0
        for preset in Presets.all {
            console.out.write(
                preset.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + preset.summary + "\n")
        }
    }
}
