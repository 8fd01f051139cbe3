import MeshGradDocument

/// `meshgrad sizes`: the names `--size` takes.
struct SizesCommand: Command {
    static let name = "sizes"
    static let summary = "List the named sizes and devices --size takes"
    static let usage = ["[--json]"]
    static let discussion = """
        Lists every name --size accepts with its pixel size: screen standards (1080p, 4k, ...)
        and devices (iphone-16-pro, ipad-pro-13, macbook-air-13, pro-display-xdr, ...), in native
        pixels. WIDTHxHEIGHT works everywhere too.
        """
    static let options: [Option] = [.flag("--json", "Print the sizes as a JSON array of {name, width, height, what}.")]

    static func run(_ arguments: Arguments, console: Console) throws {
        if arguments.flag("--json") {
            let list = CanvasSize.named.map { entry -> [String: Any] in
                ["name": entry.name, "width": entry.size.width, "height": entry.size.height, "what": entry.what]
            }
            console.out.write(JSONText.line(list))
            return
        }
        let width = CanvasSize.named.map(\.name.count).max() ?? 0
        for entry in CanvasSize.named {
            let pixels = "\(entry.size.width)x\(entry.size.height)"
            console.out.write(
                entry.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + pixels.padding(toLength: 11, withPad: " ", startingAt: 0) + entry.what + "\n")
        }
    }
}
