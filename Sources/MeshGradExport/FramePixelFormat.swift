/// How a frame's pixels cross the pipe to ffmpeg (its `-pix_fmt`).
public enum FramePixelFormat: String, Sendable {
    /// 8-bit RGBA, as meshgrad's 8-bit images hold them.
    case rgba8 = "rgba"
    /// 16-bit little-endian RGBA, as meshgrad's 16-bit images hold them.
    case rgba16 = "rgba64le"
    /// Three 16-bit little-endian planes: green, blue, red (ffmpeg's
    /// planar RGB order), alpha dropped.
    case gbr16Planar = "gbrp16le"
    /// The same planes and a fourth of alpha (`gbrap16le`).
    case gbra16Planar = "gbrap16le"

    /// Whether frames go as planes (``PlanarGBR16Image``), and with alpha.
    var isPlanar: Bool { self == .gbr16Planar || self == .gbra16Planar }
    var hasAlphaPlane: Bool { self == .gbra16Planar }

    /// Bytes of one `width × height` frame.
    func frameBytes(width: Int, height: Int) -> Int {
        switch self {
        case .rgba8: width * height * 4
        case .rgba16: width * height * 8
        case .gbr16Planar: width * height * 6
        case .gbra16Planar: width * height * 8
        }
    }
}
