import Foundation
import MeshGradCore
import MeshGradDocument

/// What to draw: a document file given as the positional argument (`-` for
/// standard input), or a built-in gradient given with `--preset NAME`.
/// Exactly one of them.
struct Source {
    var document: GradientDocument
    /// How to name it in messages: the file path, `<stdin>` or `preset NAME`.
    var label: String
    /// Whether it came from a file that can be watched and saved.
    var isFile: Bool

    init(_ arguments: Arguments) throws {
        let preset = try arguments.value("--preset")
        switch (arguments.positionals.first, preset) {
        case (nil, nil):
            throw UsageError(
                command: arguments.command, message: "no gradient given; expected SPEC.json, - or --preset NAME")
        case (.some, .some):
            throw UsageError(
                command: arguments.command, message: "both SPEC.json and --preset given; expected one of them")
        case (let path?, nil):
            document = try DocumentInput.load(path)
            label = DocumentInput.label(path)
            isFile = path != "-"
        case (nil, let name?):
            document = try DocumentInput.preset(name)
            label = "preset \(name)"
            isFile = false
        }
    }
}

/// Reading documents from wherever a user points: a file, `-` (standard
/// input), or any readable path that is not a regular file (`/dev/stdin`,
/// a named pipe, `<(...)`), which is read as a stream.
enum DocumentInput {
    /// Documents larger than this are refused (a stream cannot be sized first).
    static let maximumBytes = 64 << 20

    static func label(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    static func load(_ path: String) throws -> GradientDocument {
        if path != "-", isRegularFile(path) || !FileManager.default.fileExists(atPath: path) {
            return try GradientDocument.load(path: path)
        }
        let bytes = try readStream(path, what: "a JSON document")
        do {
            return try GradientDocument.decode(bytes)
        } catch {
            throw CommandError("\(label(path)): \(error)")
        }
    }

    static func preset(_ name: String) throws -> GradientDocument {
        guard let preset = Presets.named(name) else {
            let names = Presets.names
            let hint = Suggestion.closest(to: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw CommandError("unknown preset \"\(name)\"\(hint); expected one of \(names.joined(separator: ", "))")
        }
        return preset.document
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// All of a stream (standard input for `-`), up to `maximumBytes`.
    /// Every read is checked: a stream that fails says why in one line.
    static func readStream(_ path: String, what: String) throws -> [UInt8] {
        let descriptor: Int32
        if path == "-" {
            try StandardStreams.refuseClosedInput(what: what)
            descriptor = STDIN_FILENO
        } else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CommandError("\(SafeText.value(path, limit: 200)): is a folder; expected \(what)")
            }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw CommandError(
                    "\(SafeText.value(path, limit: 200)): cannot be opened for reading (\(String(cString: strerror(errno))))"
                )
            }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw CommandError(
                    "\(SafeText.value(label(path), limit: 200)): read error: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[..<n]
            if bytes.count > maximumBytes {
                throw CommandError(
                    "\(SafeText.value(label(path), limit: 200)): larger than \(maximumBytes >> 20) MB; expected \(what)"
                )
            }
        }
        return bytes
    }
}
