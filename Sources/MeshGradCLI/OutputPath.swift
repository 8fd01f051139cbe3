import Foundation
import MeshGradCore
import MeshGradExport

/// Where outputs go: folders made as needed (`mkdir -p`), `-` for
/// standard output, and names that two inputs would share refused before
/// anything renders.
enum OutputPath {
    /// What `render` writes: PNG, AVIF and PDF, and the lossy stills.
    static let imageExtensions = ["png", "avif", "pdf"] + lossyExtensions
    /// The stills libjpeg-turbo and libwebp write (RenderLossy.swift).
    static let lossyExtensions = ["jpg", "jpeg", "webp"]

    static func isImage(_ path: String) -> Bool {
        imageExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    static func isAVIF(_ path: String) -> Bool { (path as NSString).pathExtension.lowercased() == "avif" }

    static func isLossy(_ path: String) -> Bool {
        lossyExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Whether `path` is a FIFO, a character device or a standard stream
    /// by name: an output that receives bytes (a PNG, where its name says
    /// no format) rather than a file put in place.
    static func isStream(_ path: String) -> Bool {
        switch try? OutputTarget.of(path) {
        case .stream?, .descriptor?: true
        default: false
        }
    }

    /// Makes the folder that will hold `path` (and the folders above it),
    /// and returns the folders it made, deepest first, for
    /// ``takeBack(_:)`` when the run fails: a refused or interrupted run
    /// leaves no folder behind either.
    @discardableResult
    static func makeParent(of path: String) throws -> [String] {
        let parent = PathText.folder(of: path)
        guard !parent.isEmpty else { return [] }
        return try makeFolder(parent)
    }

    @discardableResult
    static func makeFolder(_ folder: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandError("\(folder): exists and is not a folder") }
            return []
        }
        // Each folder on the way, deepest first, built from the components
        // ("x/../y" makes x and y: each is taken back if the run fails).
        let components = folder.split(separator: "/")
        let root = folder.hasPrefix("/") ? "/" : ""
        let missing = components.indices.reversed()
            .map { root + components[...$0].joined(separator: "/") }
            .filter { !FileManager.default.fileExists(atPath: $0) }
        PendingOutputs.shared.trackFolders(missing)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            takeBack(missing)
            throw CommandError("\(folder): the folder cannot be made (\(error.localizedDescription))")
        }
        return missing
    }

    /// Removes folders a failed run made, those still empty (`rmdir`: a
    /// file another run put there keeps its folder).
    static func takeBack(_ folders: [String]) {
        for folder in folders { rmdir(folder) }
        PendingOutputs.shared.forgetFolders(folders)
    }

    /// The same file however it is spelled (`out/a.png`, `./out//a.png`).
    static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The first output two entries share, with both labels.
    static func firstCollision(_ outputs: [(output: String, label: String)]) -> String? {
        var seen: [String: String] = [:]
        for (output, label) in outputs where output != "-" {
            let key = key(output)
            if let other = seen[key] {
                return "\(other) and \(label) would both be written to \(output); expected distinct output names "
                    + "(rename a file, or render them with a manifest that names each output)"
            }
            seen[key] = label
        }
        return nil
    }

    /// Writes a finished file to standard output (`-`) or into the FIFO or
    /// device `output`, then removes it.
    static func copyFinished(_ file: URL, to output: String) throws {
        defer {
            try? FileManager.default.removeItem(at: file)
            PendingOutputs.shared.forget(file)
        }
        if output == "-" {
            try refuseClosedOutput()
            do {
                try StreamWriter.copy(file: file.path, to: .descriptor(STDOUT_FILENO), shownAs: "standard output")
            } catch {
                throw CommandError("write error: standard output: \(error.reason)")
            }
        } else {
            try StreamWriter.copy(file: file.path, to: OutputTarget.of(output), shownAs: output)
        }
    }

    /// `-o -` with standard output closed (`>&-`): refused before anything
    /// renders.
    static func refuseClosedOutput() throws {
        if StandardStreams.closedAtStart.contains(STDOUT_FILENO) {
            throw CommandError("standard output is closed; expected it open for -o -, or a file name")
        }
    }

    /// A binary image or video on a terminal is never what was meant.
    static func refuseTerminal(command: String, what: String) throws(UsageError) {
        if isatty(STDOUT_FILENO) == 1 {
            throw UsageError(
                command: command,
                message: "-o - writes \(what) to standard output, which is a terminal; expected a pipe or a file")
        }
    }

    /// A temporary file for output that goes to standard output once
    /// whole; Ctrl-C removes it (PendingOutputs).
    static func temporary(extension ext: String) -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meshgrad-stdout-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).\(ext)")
        PendingOutputs.shared.track(file)
        return file
    }
}
