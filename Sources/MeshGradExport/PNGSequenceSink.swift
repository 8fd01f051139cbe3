import Foundation
import MeshGradCore
import MeshGradPNG

/// Writes frames as `frame-00000.png`, `frame-00001.png`, … into a
/// temporary folder beside the destination, which `finish()` renames into
/// place. The destination must not exist yet, or be an empty folder: an
/// export never mixes with, or overwrites, files a user already has.
public final class PNGSequenceSink: FrameSink {
    public let destination: URL
    let temporary: URL
    let encoder: PNGEncoder
    private var index = 0
    private var finished = false

    public init(destination: URL, encoder: PNGEncoder = PNGEncoder()) throws {
        self.destination = destination
        self.encoder = encoder
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? ["?"]
            guard isDirectory.boolValue, contents.isEmpty else {
                throw ExportError("\(destination.path) already exists; expected a new or empty folder for the frames")
            }
        }
        let parent = destination.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: parent.path) else {
            throw ExportError("the folder \(parent.path) does not exist")
        }
        TemporaryFiles.removeStale(in: parent)
        temporary = parent.appendingPathComponent(TemporaryFiles.name(for: destination.lastPathComponent))
        PendingOutputs.shared.register(temporary, process: nil)
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            PendingOutputs.shared.unregister(temporary)
            throw ExportError("cannot create a folder in \(parent.path): \(error.localizedDescription)")
        }
    }

    /// The file name of frame `k`.
    public static func fileName(frame k: Int) -> String {
        let digits = String(k)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    public var takes16BitFrames: Bool { false }

    public func write(_ frame: ExportFrame) throws {
        let bytes: [UInt8]
        switch frame {
        case .eight(let image): bytes = try encoder.encode(image)
        case .sixteen(let image): bytes = try encoder.encode(image)
        case .planar16: preconditionFailure("PNG frames are RGBA: this sink does not take planar frames")
        }
        let name = Self.fileName(frame: index)
        if let reason = Self.write(bytes, to: temporary.appendingPathComponent(name).path) {
            // Named as the user will look for it, not by the temporary folder.
            throw ExportError("cannot write \(destination.appendingPathComponent(name).path): \(reason)")
        }
        index += 1
    }

    /// Writes a frame's file; on failure, why (`strerror`: a full disk says
    /// "No space left on device", which `createFile` kept to itself).
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        if let reason = bytes.withUnsafeBytes({ StreamWriter.writeAll($0, to: descriptor) }) {
            close(descriptor)
            return reason
        }
        return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    public func finish() throws {
        precondition(!finished)
        finished = true
        defer { PendingOutputs.shared.unregister(temporary) }
        // An empty folder left by the user is replaced; anything else was
        // refused at the start.
        try? FileManager.default.removeItem(at: destination)
        if rename(temporary.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ExportError("cannot create \(destination.path): \(reason)")
        }
    }

    public func abandon() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(at: temporary)
        PendingOutputs.shared.unregister(temporary)
    }

    deinit { abandon() }
}
