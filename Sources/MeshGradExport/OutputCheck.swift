import Foundation

/// Checks a finished video before it takes the destination's name: ffmpeg
/// can exit 0 after a failed write (a full disk, a vanished folder), so the
/// file must exist, decode, and hold the frames meshgrad sent for the right
/// length of time. The frames are counted as the container's packets,
/// read without decoding them: what a failed write leaves (a truncated
/// file, an index never written) has missing packets or does not open,
/// and decoding every frame again cost 8 % of a 1080p export's CPU.
struct OutputCheck {
    var encoding: VideoEncoding
    var frames: Int
    var fps: Double

    func verify(_ file: URL) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        guard let size, size > 0 else {
            throw ExportError("ffmpeg reported success but wrote no output (is the disk full?)")
        }
        // ffmpeg 5 cannot decode animated WebP: check its frames ourselves.
        if encoding.format == .webp {
            return try verifyWebP(file)
        }
        guard let ffprobe = findExecutable("ffprobe") else { return }
        let process = Process()
        process.executableURL = ffprobe
        process.arguments = [
            "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
            "stream=nb_read_packets:format=duration", "-of", "default=noprint_wrappers=1", file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        let decoded = Int(values["nb_read_packets"] ?? "") ?? 0
        guard process.terminationStatus == 0, decoded == frames else {
            throw ExportError(
                "the written video is broken: \(decoded) of \(frames) frames are there (is the disk full?)")
        }
        let expected = Double(frames) / fps
        if let duration = Double(values["duration"] ?? ""), abs(duration - expected) > max(0.11, 2 / fps) {
            throw ExportError(
                "the written video lasts \(duration) s instead of \(expected) s")
        }
    }

    /// A RIFF WEBP file whose chunks are all there, with at least one
    /// picture: frames (`ANMF`), or one still picture (`VP8 `, `VP8L`)
    /// where every frame was the same. libwebp's animation encoder merges a
    /// frame identical to the one before into its duration, and writes a
    /// lone remaining frame as a still image: a gradient without motion
    /// exported to `.webp` is a still WebP, which shows the same forever.
    func verifyWebP(_ file: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        func u32(_ i: Int) -> Int {
            Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24
        }
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50],
            u32(4) + 8 == bytes.count
        else { throw ExportError("the written WebP is broken (is the disk full?)") }
        var offset = 12
        var pictures = 0
        while offset + 8 <= bytes.count {
            let length = u32(offset + 4)
            switch String(decoding: bytes[offset..<offset + 4], as: UTF8.self) {
            case "ANMF", "VP8 ", "VP8L": pictures += 1
            default: break
            }
            offset += 8 + length + (length & 1)
        }
        guard offset == bytes.count, pictures > 0 else {
            throw ExportError("the written WebP is broken (is the disk full?)")
        }
    }
}
