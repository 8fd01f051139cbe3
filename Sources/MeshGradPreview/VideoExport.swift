import Foundation
import MeshGradCore
import MeshGradDocument

/// The Export panel's video: `meshgrad animate` itself (this executable,
/// the same path as the command line) on a snapshot of the document, in a
/// child process, so the window stays live. Its progress bar, which it
/// draws only on a terminal, comes through a pseudo-terminal and is read
/// for the panel's bar.
final class VideoExport {
    let target: String
    private let process = Process()
    private let snapshot: String
    private var terminal: FileHandle?
    private var said = ""
    private(set) var fraction = 0.0

    /// Starts `animate SNAPSHOT -o target --duration seconds`.
    init(document: GradientDocument, target: String, seconds: Double, size: CanvasSize?) throws {
        self.target = target
        // Beside the target ("." for a bare file name, not the root).
        let folder = PathText.folder(of: target)
        snapshot = (folder.isEmpty ? "." : folder) + "/.meshgrad-export-\(UUID().uuidString).json"
        try AtomicFile.write(Data(document.jsonText().utf8), to: URL(fileURLWithPath: snapshot))
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments =
            ["animate", snapshot, "-o", target, "--duration", String(format: "%.3f", seconds)]
            + (size.map { ["--size", $0.description] } ?? [])
        var primary: Int32 = -1
        var secondary: Int32 = -1
        if openpty(&primary, &secondary, nil, nil, nil) == 0 {
            _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
            terminal = FileHandle(fileDescriptor: primary, closeOnDealloc: true)
            process.standardError = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: snapshot)
            throw error
        }
    }

    var isRunning: Bool { process.isRunning }

    /// Reads what the child drew since last time: "[###...] 12/300 frames".
    func poll() {
        guard let terminal else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(terminal.fileDescriptor, &buffer, buffer.count)
        guard count > 0 else { return }
        said = String(said.suffix(200)) + String(decoding: buffer[0..<count], as: UTF8.self)
        let last = said.split(separator: "\r").last(where: { $0.contains(" frames") }) ?? ""
        let parts = last.split(separator: " ")
        if let counts = parts.first(where: { $0.contains("/") })?.split(separator: "/"), counts.count == 2,
            let done = Double(counts[0]), let total = Double(counts[1]), total > 0
        {
            fraction = done / total
        }
    }

    /// When it has ended: nil while running, else what to tell the user.
    func outcome() -> String? {
        guard !process.isRunning else { return nil }
        try? FileManager.default.removeItem(atPath: snapshot)
        if process.terminationStatus == 0 { return "exported \((target as NSString).lastPathComponent)" }
        let reason =
            said.split(whereSeparator: \.isNewline).last.map(String.init) ?? "status \(process.terminationStatus)"
        return "video export failed: \(reason.trimmingCharacters(in: .whitespaces))"
    }

    func cancel() {
        if process.isRunning { process.terminate() }
    }

    deinit {
        cancel()
        try? FileManager.default.removeItem(atPath: snapshot)
    }
}
