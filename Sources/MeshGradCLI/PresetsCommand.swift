import MeshGradDocument

/// `meshgrad presets`: the built-in gradients, or one of them as JSON.
struct PresetsCommand: Command {
    static let name = "presets"
    static let summary = "List the built-in gradients, or print one as a document"
    static let usage = ["[NAME] [--json]"]
    static let discussion = """
        Without NAME, lists every preset with a line about it (--json: an array of {name,
        kind, summary}). With NAME, prints that preset as a gradient document, a starting
        point for your own:
          meshgrad presets aurora > my.json
        """
    static let arguments = [Option.argument("NAME", "A preset to print as a document.", complete: .presets)]
    static let options: [Option] = [.flag("--json", "List the presets as a JSON array.")]

    static func run(_ arguments: Arguments, console: Console) throws {
        if let name = arguments.positionals.first {
            try arguments.refuse("--json", because: "a preset is printed as its document, which is JSON already")
            console.out.write(try DocumentInput.preset(name).jsonText())
            return
        }
        if arguments.flag("--json") {
            let list = Presets.all.map { preset -> [String: Any] in
                [
                    "name": preset.name, "summary": preset.summary,
                    "kind": preset.document.animatedMesh == nil ? "scene" : "mesh",
                ]
            }
            console.out.write(JSONText.line(list))
            return
        }
        let width = Presets.names.map(\.count).max() ?? 0
        for preset in Presets.all {
            console.out.write(
                preset.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + preset.summary + "\n")
        }
    }
}
