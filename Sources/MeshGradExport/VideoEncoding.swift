import Foundation

/// The encoders `meshgrad animate` drives through ffmpeg.
public enum VideoCodec: String, Sendable, CaseIterable {
    case h264, hevc, av1, vp9, prores, gif, webp, apng

    /// Codecs that store YUV: they take 16-bit RGB frames and ffmpeg's
    /// zscale converts them (exact BT.709 matrix, dither into the codec's
    /// bit depth). The others store RGB and take meshgrad's own dithered
    /// 8-bit frames, exact as the PNGs are.
    public var storesYUV: Bool {
        switch self {
        case .h264, .hevc, .av1, .vp9, .prores: true
        case .gif, .webp, .apng: false
        }
    }

    /// The smallest frame the encoder takes, as measured with Debian 12's
    /// encoders, so that a too small `--size` is refused before anything
    /// renders rather than reported as ffmpeg's last words: SVT-AV1 1.4
    /// rejects its parameters under 64×64; x265 refuses a height under 16
    /// and a width under 16, and corrupts its heap (ffmpeg aborts) at widths
    /// 40 and 48, so 64 is its safe width.
    public var minimumSize: (width: Int, height: Int) {
        switch self {
        case .av1: (64, 64)
        case .hevc: (64, 16)
        case .h264, .vp9, .prores, .gif, .webp, .apng: (1, 1)
        }
    }

    /// The highest frame rate the format plays as written: a GIF's frame
    /// delays are hundredths of a second, and browsers and ffmpeg play a
    /// delay under two hundredths as ten (a 60 fps GIF plays at about 10).
    public var maximumFPS: Double? {
        self == .gif ? 50 : nil
    }
}

/// Limited ("TV", 16–235) or full (0–255) range in the YUV stream.
public enum ColorRange: String, Sendable, CaseIterable {
    case limited, full
}

/// How a video is encoded: container, codec, bit depth, quality and speed,
/// and the color conversion, said explicitly (BT.709 matrix, primaries and
/// transfer; the range) and written into the stream's tags, so that what a
/// player decodes is what meshgrad rendered.
public struct VideoEncoding: Sendable, Equatable {
    public var format: ExportFormat
    public var codec: VideoCodec
    /// 8 or 10 bits per YUV sample (ProRes: always 10; RGB codecs: 8).
    public var bitDepth: Int
    /// CRF (or the codec's quality scale), nil for the default.
    public var quality: Int?
    /// The encoder's speed preset, nil for the default.
    public var speed: String?
    public var range: ColorRange
    /// The frames' colors (sRGB unless set): the conversion and the tags.
    public var colors = VideoColors.sdr(.sRGB)

    /// The codecs each container takes, its default first.
    public static func codecs(for format: ExportFormat) -> [VideoCodec] {
        switch format {
        case .mp4: [.h264, .hevc, .av1]
        case .mov: [.prores, .h264, .hevc]
        case .webm: [.vp9, .av1]
        case .gif: [.gif]
        case .webp: [.webp]
        case .apng: [.apng]
        case .pngSequence: []
        }
    }

    public init(
        format: ExportFormat, codec: VideoCodec? = nil, bitDepth: Int? = nil, quality: Int? = nil,
        speed: String? = nil, range: ColorRange = .limited
    ) throws(ExportError) {
        precondition(format != .pngSequence)
        let allowed = Self.codecs(for: format)
        let codec = codec ?? allowed[0]
        guard allowed.contains(codec) else {
            throw ExportError(
                ".\(format.rawValue) cannot hold \(codec.rawValue); expected --codec "
                    + allowed.map(\.rawValue).joined(separator: ", "))
        }
        let depth = bitDepth ?? Self.defaultBitDepth(codec)
        let depths = codec.storesYUV ? (codec == .prores ? [10] : [8, 10]) : [8]
        guard depths.contains(depth) else {
            throw ExportError(
                "\(codec.rawValue) is written at \(depths.map(String.init).joined(separator: " or ")) bits, not \(depth)"
            )
        }
        self.format = format
        self.codec = codec
        self.bitDepth = depth
        self.quality = quality
        self.speed = speed
        self.range = range
    }

    /// 8-bit H.264 and VP9 play everywhere; HEVC and AV1 players all decode
    /// 10 bits (Main 10, AV1 Main), which bands far less.
    static func defaultBitDepth(_ codec: VideoCodec) -> Int {
        switch codec {
        case .h264, .vp9, .gif, .webp, .apng: 8
        case .hevc, .av1, .prores: 10
        }
    }

    /// Whether the output keeps transparency.
    public var keepsAlpha: Bool {
        switch codec {
        case .prores, .gif, .webp, .apng: true
        case .vp9: bitDepth == 8  // libvpx's alpha is 8-bit only
        case .h264, .hevc, .av1: false
        }
    }

    /// Whether frames go to ffmpeg at 16 bits (else dithered 8-bit RGBA).
    public var takes16BitFrames: Bool { codec.storesYUV }

    /// The raw frames ffmpeg reads. A codec without alpha gets planar
    /// 16-bit G, B, R (`gbrp16le`): what zscale converts from, so ffmpeg
    /// rearranges nothing before it, in a quarter fewer bytes than RGBA
    /// through the pipe; the YUV it makes is the same, byte for byte, as
    /// from `rgba64le` (checked with ffmpeg 5.1 on a 1080p gradient). A
    /// codec with alpha gets the same planes and a fourth of alpha
    /// (`gbrap16le`; yuva420p and yuva444p10le the same, byte for byte, as
    /// from `rgba64le`, checked with ffmpeg 5.1), the RGB codecs dithered
    /// 8-bit RGBA.
    public var framePixelFormat: FramePixelFormat {
        guard takes16BitFrames else { return .rgba8 }
        return keepsAlpha ? .gbra16Planar : .gbr16Planar
    }

    /// The YUV pixel format the codec stores.
    var pixelFormat: String {
        switch codec {
        case .prores: "yuva444p10le"
        case .vp9 where keepsAlpha: "yuva420p"
        default: bitDepth == 10 ? "yuv420p10le" : "yuv420p"
        }
    }

    /// RGB → YUV by zimg, exactly (BT.709 matrix, the range asked for, no
    /// change of transfer or primaries: sRGB values are coded as they are,
    /// as every player expects), dithered (error diffusion) into the
    /// codec's bit depth: the dither lives in the encoder's own color space.
    var conversionFilter: String {
        let (p, t, m) = (colors.primaries.zscale, colors.transfer.zscale, colors.matrix.zscale)
        return "zscale=rangein=full:matrixin=gbr:transferin=\(t):primariesin=\(p)"
            + ":range=\(range == .limited ? "limited" : "full"):matrix=\(m):transfer=\(t):primaries=\(p)"
            + ":chromal=left:dither=error_diffusion,format=\(pixelFormat)"
    }

    /// The tags that say what the conversion did.
    var colorTags: [String] {
        [
            "-colorspace", colors.matrix.tag, "-color_primaries", colors.primaries.tag, "-color_trc",
            colors.transfer.tag, "-color_range", range == .limited ? "tv" : "pc",
        ]
    }

    /// ffmpeg's arguments after the input: filters, codec, tags, container.
    func outputArguments(fps: Double) -> [String] {
        var arguments: [String] = []
        if codec.storesYUV { arguments += ["-vf", conversionFilter] }
        arguments += codecArguments
        if codec.storesYUV { arguments += colorTags }
        return arguments
    }

    var codecArguments: [String] {
        switch codec {
        case .h264:
            // No dead zone and no coefficient decimation: the dither's small
            // coefficients are what keeps the ramp smooth. 8-bit at
            // `veryfast`: twice `fast`'s frame rate, the ramp's banding 0.13
            // (fast: 0.09; the bar is 0.20), files 1.5 times larger. 10-bit
            // stays at `fast`: veryfast's 0.149 is too near its 0.15 bar.
            [
                "-c:v", "libx264", "-preset", speed ?? (bitDepth == 10 ? "fast" : "veryfast"), "-crf",
                String(quality ?? (bitDepth == 10 ? 14 : 12)),
                "-x264-params", "deadzone-inter=0:deadzone-intra=0:no-dct-decimate=1",
                "-profile:v", bitDepth == 10 ? "high10" : "high", "-movflags", "+faststart",
            ]
        case .hevc:
            [
                "-c:v", "libx265", "-preset", speed ?? "fast", "-crf", String(quality ?? 16), "-tag:v", "hvc1",
                "-x265-params", "log-level=error" + colors.x265Parameters, "-movflags", "+faststart",
            ]
        case .av1:
            [
                "-c:v", "libsvtav1", "-preset", speed ?? "8", "-crf", String(quality ?? 20),
            ] + (format == .mp4 ? ["-movflags", "+faststart"] : [])
        case .vp9:
            // 8-bit VP9 (the .webm default, the only depth with alpha) at
            // CRF 24 smoothed the dither away: the slow ramp banded at
            // 0.53/255; CRF 10 keeps it (0.16) in files still smaller than
            // the x264 default's. 10-bit needs no help at 24 (0.14).
            [
                "-c:v", "libvpx-vp9", "-crf", String(quality ?? (bitDepth == 8 ? 10 : 24)), "-b:v", "0", "-row-mt", "1",
                "-deadline", "good", "-cpu-used", speed ?? "5", "-auto-alt-ref", "0",
            ]
        case .prores:
            [
                "-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0", "-alpha_bits", "16",
            ] + (quality.map { ["-qscale:v", String($0)] } ?? [])
        case .gif:
            [
                "-filter_complex",
                "split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0",
            ]
        case .webp:
            [
                "-c:v", "libwebp_anim", "-pix_fmt", "bgra", "-lossless", "0", "-quality", String(quality ?? 90),
                "-compression_level", speed ?? "4", "-loop", "0",
            ]
        case .apng:
            ["-c:v", "apng", "-pix_fmt", "rgba", "-pred", "mixed", "-plays", "0"]
        }
    }
}
