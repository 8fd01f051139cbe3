import MeshGradExport

/// `animate`'s encoding options: --codec, --bit-depth, --crf (--quality),
/// --speed, --range and --frames. (`--preset` names a built-in document, so
/// the encoder's speed preset is `--speed`.)
enum VideoOptions {
    static let options: [Option] = [
        .flag("--frames", "Write a folder of PNG frames (also: OUT ending in /)."),
        .value(
            "--codec", "CODEC",
            ".mp4: h264 (default), hevc, av1; .mov: prores (default, 4444 with alpha), h264, hevc; .webm: vp9 (default), av1.",
            complete: .choices(VideoCodec.allCases.map(\.rawValue))),
        .value(
            "--bit-depth", "8|10",
            "YUV bits per sample (default: 8 for h264 and vp9, 10 for hevc, av1 and prores). VP9 keeps alpha only at 8 bits.",
            complete: .choices(["8", "10"])),
        .value(
            "--crf", aliases: ["--quality"], "N",
            "The codec's quality number (lower is better for CRF codecs; .webp: 0-100, higher is better)."),
        .value(
            "--speed", "PRESET",
            "The encoder's speed preset (x264/x265: ultrafast..veryslow, default fast, 8-bit x264 veryfast; SVT-AV1: 0-13, default 8; VP9: cpu-used 0-8, default 5; .webp: compression level 0-6, default 4)."
        ),
        .value(
            "--range", "limited|full", "YUV range (default limited, what players expect).",
            complete: .choices(["limited", "full"])),
        .value(
            "--gamut", "srgb|display-p3|rec2020",
            "A mesh's video in this gamut, tagged (default: the narrowest holding its colors; GIF, WebP and APNG: sRGB, colors mapped in).",
            complete: .choices(["srgb", "display-p3", "rec2020"])),
        .value(
            "--hdr", "pq|hlg",
            "HDR video of a mesh (HEVC or AV1, 10-bit, BT.2020 unless --gamut): white at 203 cd/m²; pq writes HDR10 metadata.",
            complete: .choices(["pq", "hlg"])),
    ]

    /// The encoding asked for, or nil for a folder of PNG frames.
    static func encoding(_ arguments: Arguments, output: String, command: String) throws -> VideoEncoding? {
        let format = try ExportFormat(outputPath: output, frames: arguments.flag("--frames"))
        var codec = try arguments.value(
            "--codec", expected: VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")
        ) {
            VideoCodec(rawValue: $0)
        }
        // HDR is HEVC (AV1 in WebM) unless a codec is named.
        if codec == nil, try arguments.value("--hdr") != nil, [.mp4, .mov, .webm].contains(format) {
            codec = format == .webm ? .av1 : .hevc
        }
        let depth = try arguments.value("--bit-depth", expected: "8 or 10") {
            Int($0).flatMap { [8, 10].contains($0) ? $0 : nil }
        }
        let quality = try arguments.value("--crf", expected: "an integer 0-100") {
            Int($0).flatMap { (0...100).contains($0) ? $0 : nil }
        }
        let speed = try arguments.value("--speed", expected: "a preset name or number") {
            $0.allSatisfy { $0.isLetter || $0.isNumber } && !$0.isEmpty ? $0 : nil
        }
        let range = try arguments.value("--range", expected: "limited or full") { ColorRange(rawValue: $0) } ?? .limited
        guard format != .pngSequence else {
            if codec != nil || depth != nil || quality != nil || speed != nil {
                throw UsageError(
                    command: command,
                    message:
                        "a folder of PNG frames takes no --codec, --bit-depth, --crf or --speed (they cannot apply)")
            }
            return nil
        }
        return try VideoEncoding(
            format: format, codec: codec, bitDepth: depth, quality: quality, speed: speed, range: range)
    }
}
