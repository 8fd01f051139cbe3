import Foundation
import MeshGradCore

#if canImport(CPipe)
    import CPipe
#endif

/// Pipes raw RGBA frames into ffmpeg, which encodes them into a temporary
/// file beside the destination; `finish()` waits for ffmpeg and renames the
/// file into place. If ffmpeg fails, its own last words are the error.
public final class VideoSink: FrameSink {
    public let destination: URL
    let temporary: URL
    /// How the finished video is put at `destination`.
    let target: OutputTarget
    let process = Process()
    let input = Pipe()
    let log: URL
    private var finished = false
    /// CPU seconds ffmpeg spent (user + system), known after `finish()`.
    public private(set) var encoderCPUSeconds = 0.0

    public let encoding: VideoEncoding
    let width: Int
    let height: Int
    let fps: Double
    private var framesWritten = 0
    /// The planes of a frame in ``VideoEncoding/framePixelFormat`` when
    /// that is planar: made once, reused for every frame.
    private var planes: UnsafeMutablePointer<UInt16>?

    public var takes16BitFrames: Bool { encoding.takes16BitFrames }
    public var takesPlanarFrames: Bool { encoding.framePixelFormat.isPlanar }
    public var planarFramesHaveAlpha: Bool { encoding.framePixelFormat.hasAlphaPlane }
    public var keepsAlpha: Bool { encoding.keepsAlpha }

    /// The frame rates a video is written at: ffmpeg reads the rate as a
    /// fraction, and one under a thousandth (a frame every 17 minutes) or
    /// over a thousand a second is no video anyone plays.
    public static let frameRates: ClosedRange<Double> = 0.001...1000

    /// Starts ffmpeg for `width × height` frames at `fps`.
    public init(destination: URL, encoding: VideoEncoding, width: Int, height: Int, fps: Double) throws {
        guard let ffmpeg = findExecutable("ffmpeg") else {
            throw ExportError(
                "ffmpeg is not installed; install it (Debian: sudo apt-get install ffmpeg) or write PNG frames to a folder (-o frames/)"
            )
        }
        if encoding.codec.storesYUV && encoding.codec != .prores && (width % 2 != 0 || height % 2 != 0) {
            throw ExportError(
                "\(encoding.codec.rawValue) stores color at half resolution and needs an even width and height, not \(width)x\(height); use an even size, .mov (ProRes 4444) or .png"
            )
        }
        guard Self.frameRates.contains(fps) else {
            throw ExportError(
                "\(formatRate(fps)) frames per second; expected \(formatRate(Self.frameRates.lowerBound)) to \(formatRate(Self.frameRates.upperBound))"
            )
        }
        let minimum = encoding.codec.minimumSize
        if width < minimum.width || height < minimum.height {
            throw ExportError(
                "\(encoding.codec.rawValue) needs frames at least \(minimum.width)x\(minimum.height), not \(width)x\(height); use a larger --size, or --codec h264"
            )
        }
        if let maximum = encoding.codec.maximumFPS, fps > maximum {
            throw ExportError(
                "\(encoding.codec.rawValue) frame delays are hundredths of a second, and players slow those under two: --fps \(formatRate(maximum)) at most, not \(formatRate(fps)); use .webp or .png for more"
            )
        }
        self.destination = destination
        self.encoding = encoding
        self.width = width
        self.height = height
        self.fps = fps
        // What is at the destination decides where the temporary goes: a
        // FIFO or a device receives the finished video, never a rename.
        target = try OutputTarget.of(destination.path)
        let directory = target.temporaryFolder
        let temporaryFolder = FileManager.default.temporaryDirectory
        TemporaryFiles.removeStale(in: directory)
        TemporaryFiles.removeStale(in: temporaryFolder)
        temporary = directory.appendingPathComponent(TemporaryFiles.name(for: destination.lastPathComponent))
        log = temporaryFolder.appendingPathComponent(
            TemporaryFiles.name(for: destination.lastPathComponent, suffix: ".ffmpeg.log"))
        // Registered before they exist, so that a signal at any moment
        // finds them.
        PendingOutputs.shared.register(log, process: nil)
        PendingOutputs.shared.register(temporary, process: nil)
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            PendingOutputs.shared.unregister(log)
            PendingOutputs.shared.unregister(temporary)
            throw ExportError("cannot create a log file in \(temporaryFolder.path)")
        }

        var arguments = [
            "-y", "-hide_banner", "-nostdin", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", encoding.framePixelFormat.rawValue,
            "-s", "\(width)x\(height)", "-framerate", formatRate(fps), "-i", "pipe:0",
        ]
        arguments += encoding.outputArguments(fps: fps)
        arguments += ["-f", encoding.format.muxer]
        arguments.append(temporary.path)

        process.executableURL = ffmpeg
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: log)
            PendingOutputs.shared.unregister(log)
            PendingOutputs.shared.unregister(temporary)
            throw ExportError("cannot start ffmpeg: \(error.localizedDescription)")
        }
        PendingOutputs.shared.register(temporary, process: process)
        // A pipe of 1 MiB instead of 64 KiB: a 1080p frame crosses in 12
        // writes rather than 190, each a wake-up of ffmpeg's reader. Where
        // the system allows less, the pipe keeps its size.
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, 1031 /* F_SETPIPE_SZ */, Int32(1 << 20))
    }

    public func write(_ frame: ExportFrame) throws {
        do {
            if case .sixteen(let image) = frame, encoding.framePixelFormat.isPlanar {
                try writePlanes(image)
            } else if case .planar16(let image) = frame {
                precondition(
                    takesPlanarFrames && image.width == width && image.height == height
                        && image.hasAlpha == planarFramesHaveAlpha)
                try frame.withBytes { bytes in
                    if !(try spliceToPipe(bytes)) { try writeToPipe(bytes) }
                }
            } else {
                try frame.withBytes { try writeToPipe($0) }
            }
        } catch {
            process.waitUntilExit()
            throw ExportError("ffmpeg stopped: \(lastWords())")
        }
        framesWritten += 1
    }

    /// Writes bytes to ffmpeg, without copying them into a `Data`.
    private func writeToPipe(_ bytes: UnsafeRawBufferPointer) throws {
        try input.fileHandleForWriting.write(
            contentsOf: Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count,
                deallocator: .none))
    }

    /// Whether vmsplice works on this pipe (it is tried on the first frame).
    private var splices = true

    /// Hands the frame's own pages to the pipe (vmsplice) instead of
    /// copying them in: the copy, and the kernel's pages for it, were a
    /// tenth of the CPU meshgrad spends on a 1080p export. ffmpeg still
    /// reads them out with a copy of its own, so this returns only once
    /// the pipe is empty (or ffmpeg has gone): then no byte of the frame is
    /// left in the pipe, and the caller may draw the next frame into the
    /// same memory. False, having sent nothing, where vmsplice is not
    /// available: then the frame is written as usual.
    private func spliceToPipe(_ bytes: UnsafeRawBufferPointer) throws -> Bool {
        #if canImport(CPipe)
            guard splices, let base = bytes.baseAddress else { return false }
            let fd = input.fileHandleForWriting.fileDescriptor
            var sent = 0
            while sent < bytes.count {
                var piece = iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: base + sent), iov_len: bytes.count - sent)
                let n = vmsplice(fd, &piece, 1, 0)
                if n >= 0 {
                    sent += n
                } else if errno == EINTR {
                    continue
                } else if sent == 0 && (errno == EINVAL || errno == ENOSYS) {
                    splices = false
                    return false
                } else {
                    throw ExportError("cannot write to ffmpeg: \(String(cString: strerror(errno)))")
                }
            }
            while meshgrad_pipe_unread(fd) > 0 && process.isRunning { usleep(500) }
            return true
        #else
            return false
        #endif
    }

    /// Writes a 16-bit frame as ffmpeg's green, blue and red planes (and
    /// alpha's, where the format has it).
    private func writePlanes(_ image: RGBAImage<UInt16>) throws {
        let pixels = width * height
        precondition(image.width == width && image.height == height)
        let alpha = planarFramesHaveAlpha
        let count = (alpha ? 4 : 3) * pixels
        let planes = self.planes ?? UnsafeMutablePointer<UInt16>.allocate(capacity: count)
        self.planes = planes
        image.components.withUnsafeBufferPointer {
            PlanarGBR16Image.split($0.baseAddress!, pixels: pixels, into: planes, alpha: alpha)
        }
        try writeToPipe(UnsafeRawBufferPointer(start: planes, count: 2 * count))
    }

    public func finish() throws {
        precondition(!finished)
        finished = true
        defer {
            PendingOutputs.shared.unregister(temporary)
            PendingOutputs.shared.unregister(log)
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
        do {
            try OutputCheck(encoding: encoding, frames: framesWritten, fps: fps).verify(temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        do {
            try target.place(temporary, shownAs: destination.path)
        } catch {
            throw ExportError("\(error)")
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
        PendingOutputs.shared.unregister(log)
    }

    deinit {
        abandon()
        planes?.deallocate()
    }

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
    fps == fps.rounded() && abs(fps) < 1e15 ? String(Int(fps)) : String(fps)
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
