/// `meshgrad schema`: the document's JSON Schema, for editors and
/// validators (`"$schema"` in a document is not needed: point the editor
/// at the file).
struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Print the JSON Schema of the gradient document"
    static let usage = [""]
    static let discussion = """
        Prints a JSON Schema (draft 2020-12) of the gradient document, meshes and scenes, for
        editors and validators: meshgrad schema > meshgrad.schema.json. meshgrad's own reader
        is stricter (counts of points and colors must match width × height).
        """
    static let options: [Option] = []

    static func run(_ arguments: Arguments, console: Console) throws {
        console.out.write(DocumentSchema.text)
    }
}
