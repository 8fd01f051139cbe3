import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradInterchange

/// `meshgrad import`: the documents of the `MeshGradient(…)` calls in
/// SwiftUI source, read without a Swift compiler (MeshGradInterchange).
struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Read MeshGradient(...) code from a Swift file as documents"
    static let usage = ["FILE.swift|- [--index N]"]
    static let discussion = """
        Prints the document (JSON) of each MeshGradient(...) in the Swift source, one after
        another; '-' reads standard input. The initializer's forms (width:height:points:colors:,
        locations: .points/.bezierPoints, bezierPoints:, background:, smoothsColors:,
        colorSpace:), points as SIMD2<Float>(x, y), SIMD2(x, y), .init(x, y) or [x, y], colors
        as Color(red:green:blue:opacity:), Color(.sRGB, ...), Color(hex: "#RRGGBB"),
        Color(white:), SwiftUI's system colors and .opacity(x), and arrays named by a let/var
        of the same file are read. A function feeding locations: that assigns
        p[i].x = a + b * Float(cos(phase * f)) (or sin) becomes the document's waves.
        Anything else is reported as FILE:LINE:COLUMN and what was expected there.
        """
    static let arguments = [
        Option.argument(
            "FILE.swift", "SwiftUI source; - (or any readable path: /dev/stdin, a pipe) reads a stream.",
            complete: .files(["swift"]))
    ]
    static let options: [Option] = [
        .value("--index", "N", "Only the Nth MeshGradient of the file (from 1)."),
        .value(
            "--color", "NAME=#RRGGBB",
            "A color the file names but does not define (an asset color, Theme.accent), as written there; repeatable.",
            repeats: true),
    ]

    /// Swift files larger than this are refused before they are read.
    static let maximumBytes = 16 << 20

    static func run(_ arguments: Arguments, console: Console) throws {
        guard let path = arguments.positionals.first else {
            throw UsageError(command: name, message: "no Swift file given; expected FILE.swift or - for standard input")
        }
        let index = try arguments.value("--index", expected: "a number from 1") {
            Int($0).flatMap { $0 >= 1 ? $0 : nil }
        }
        let label = path == "-" ? "<stdin>" : path
        let results = SwiftImport.meshes(in: try readSource(path), file: label, colors: try namedColors(arguments))
        guard !results.isEmpty else { throw CommandError("\(label): no MeshGradient(...) found") }
        if let index, index > results.count {
            throw CommandError("\(label): --index \(index), but the file has \(results.count) MeshGradient(...)")
        }
        var failures = 0
        for (k, result) in results.enumerated() where index == nil || index == k + 1 {
            switch result {
            case .success(let imported):
                if index == nil && results.count > 1 {
                    console.note(
                        "\(label):\(imported.line):\(imported.column): MeshGradient \(k + 1) of \(results.count)\n")
                }
                for note in imported.notes { console.note("meshgrad import: note: \(label): \(note)\n") }
                console.out.write(GradientDocument(mesh: imported.mesh, animation: imported.animation).jsonText())
            case .failure(let error):
                console.err.write("meshgrad import: error: \(error)\n")
                failures += 1
            }
        }
        if failures > 0 { throw BatchFailure(count: failures) }
    }

    /// `--color NAME=#RRGGBB`, each: the name as the file writes it.
    static func namedColors(_ arguments: Arguments) throws -> [String: RGBAColor] {
        var colors: [String: RGBAColor] = [:]
        for given in arguments.values["--color"] ?? [] {
            guard let equals = given.lastIndex(of: "="), equals != given.startIndex,
                let color = RGBAColor(hex: String(given[given.index(after: equals)...]))
            else {
                throw UsageError(
                    command: name,
                    message: "--color \(SafeText.quoted(given)) is not valid; expected NAME=#RRGGBB or NAME=#RRGGBBAA")
            }
            colors[String(given[..<equals])] = color
        }
        return colors
    }

    private static func readSource(_ path: String) throws -> String {
        let data: Data
        if path == "-" || !DocumentInput.isRegularFile(path) && FileManager.default.fileExists(atPath: path) {
            data = Data(try DocumentInput.readStream(path, what: "Swift source"))
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw CommandError("\(path): no such file")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= maximumBytes else { throw CommandError("\(path): larger than 16 MB; expected Swift source") }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw CommandError("\(path): cannot be read (permission denied?)")
            }
            data = contents
        }
        guard data.count <= maximumBytes else {
            throw CommandError("standard input is larger than 16 MB; expected Swift source")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError("\(path == "-" ? "standard input" : path): not UTF-8 text; expected Swift source")
        }
        return text
    }
}
