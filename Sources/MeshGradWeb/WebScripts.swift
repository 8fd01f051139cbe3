/// The JavaScript of the web export, as shipped inside the binary: the
/// twins of the core (`JavaScript/` below this target, one file per Swift
/// file of the same stem in MeshGradCore or MeshGradDocument, with the same
/// function names) and the element that draws with them.
///
/// Every twin file holds only top-level `function` and `const`
/// declarations, and nothing runs while they load, so the files join in
/// any order into one module.
public enum WebScripts {
    /// Every file, as (path below `JavaScript/`, text), in path order.
    public static var files: [(path: String, text: String)] { EmbeddedShaders.javaScript }

    /// The twins of the core, joined: model, math, color, animation and
    /// tessellation, no browser API.
    public static var core: String {
        files.filter { !$0.path.hasPrefix("Element/") }
            .map { "// \($0.path)\n\($0.text)" }
            .joined(separator: "\n")
    }
}
