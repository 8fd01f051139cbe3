import Foundation
import MeshGradCore

/// Pipes raw RGBA frames into ffmpeg, which encodes them into a temporary
/// file beside the destination; `finish()` waits for ffmpeg and renames the
/// file into place. If ffmpeg fails, its own last words are the error.
public final class VideoSink: FrameSink {
    public let destination: URL
    let temporary: URL
    let process = Process()
    let input = Pipe()
    let log: URL
    private var finished = false
    /// CPU seconds ffmpeg spent (user + system), known after `finish()`.
    public private(set) var encoderCPUSeconds = 0.0

    /// Starts ffmpeg for `width × height` frames at `fps`.
    public init(destination: URL, format: ExportFormat, width: Int, height: Int, fps: Double) throws {
        precondition(format != .pngSequence)
        guard let ffmpeg = findExecutable("ffmpeg") else {
            throw ExportError(
                "ffmpeg is not installed; install it (Debian: sudo apt-get install ffmpeg) or write PNG frames to a folder (-o frames/)"
            )
        }
        if format == .mp4 && (width % 2 != 0 || height % 2 != 0) {
            throw ExportError(
                "H.264 in .mp4 needs an even width and height, not \(width)x\(height); use .webm or an even size")
        }
        self.destination = destination
        let directory = destination.deletingLastPathComponent()
        let stem =
            ".\(destination.deletingPathExtension().lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        temporary = directory.appendingPathComponent(stem + ".tmp." + destination.pathExtension)
        log = FileManager.default.temporaryDirectory.appendingPathComponent(stem.dropFirst() + ".ffmpeg.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw ExportError("cannot create a log file in \(FileManager.default.temporaryDirectory.path)")
        }

        var arguments = [
            "-y", "-hide_banner", "-nostdin", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", formatRate(fps), "-i",
            "pipe:0",
        ]
        switch format {
        case .mp4:
            arguments += [
                "-c:v", "libx264", "-preset", "fast", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
                "-f", "mp4",
            ]
        case .webm:
            arguments += [
                "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "32", "-b:v", "0", "-row-mt", "1",
                "-deadline", "good", "-cpu-used", "5", "-auto-alt-ref", "0", "-f", "webm",
            ]
        case .gif:
            arguments += [
                "-filter_complex",
                "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0", "-f", "gif",
            ]
        case .pngSequence:
            break
        }
        arguments.append(temporary.path)

        process.executableURL = ffmpeg
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        do {
            try process.run()
        } catch {
            throw ExportError("cannot start ffmpeg: \(error.localizedDescription)")
        }
        PendingOutputs.shared.register(temporary, process: process)
    }

    public func write(_ frame: RGBAImage<UInt8>) throws {
        do {
            try frame.components.withUnsafeBytes { bytes in
                try input.fileHandleForWriting.write(
                    contentsOf: Data(
                        bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count,
                        deallocator: .none))
            }
        } catch {
            process.waitUntilExit()
            throw ExportError("ffmpeg stopped: \(lastWords())")
        }
    }

    public func finish() throws {
        precondition(!finished)
        finished = true
        defer {
            PendingOutputs.shared.unregister(temporary)
            try? FileManager.default.removeItem(at: log)
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        var usage = rusage()
        if getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 {
            func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
            encoderCPUSeconds = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let words = lastWords()
            try? FileManager.default.removeItem(at: temporary)
            throw ExportError("ffmpeg failed: \(words)")
        }
        if rename(temporary.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ExportError("cannot write \(destination.path): \(reason)")
        }
    }

    public func abandon() {
        guard !finished else { return }
        finished = true
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: temporary)
        try? FileManager.default.removeItem(at: log)
        PendingOutputs.shared.unregister(temporary)
    }

    deinit { abandon() }

    /// The end of ffmpeg's error output, on one line.
    func lastWords() -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.suffix(2).joined(separator: "; ").isEmpty
            ? "exit status \(process.terminationStatus)" : lines.suffix(2).joined(separator: "; ")
    }
}

/// `30`, `29.97`: ffmpeg's -framerate wants a plain number.
func formatRate(_ fps: Double) -> String {
    fps == fps.rounded() ? String(Int(fps)) : String(fps)
}

/// The first executable called `name` on PATH.
public func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}

/// A failed export, said in one line.
public struct ExportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
