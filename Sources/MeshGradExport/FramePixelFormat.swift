/// How a frame's pixels cross the pipe to ffmpeg (its `-pix_fmt`).
public enum FramePixelFormat: String, Sendable {
    /// 8-bit RGBA, as meshgrad's 8-bit images hold them.
    case rgba8 = "rgba"
    /// Three 16-bit little-endian planes: green, blue, red (ffmpeg's
    /// planar RGB order), alpha dropped.
    case gbr16Planar = "gbrp16le"
    /// The same planes and a fourth of alpha (`gbrap16le`).
    case gbra16Planar = "gbrap16le"

    /// Whether frames go as planes (``PlanarGBR16Image``), and with alpha.
    var isPlanar: Bool { self == .gbr16Planar || self == .gbra16Planar }
    var hasAlphaPlane: Bool { self == .gbra16Planar }
}
