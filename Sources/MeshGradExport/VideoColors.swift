import MeshGradCore

/// What a video's RGB frames are and how ffmpeg is told: a gamut's RGB
/// (coded as it is, the BT.709 curve tagged, as players expect of SDR), or
/// HDR in BT.2020 with the PQ or HLG curve. zscale converts with exactly
/// the matrix the tags name.
public enum VideoColors: Sendable, Equatable {
    case sdr(ColorGamut)
    /// HDR: `transfer`, and the brightest light in the frames (cd/m²), for
    /// HDR10's content light level.
    case hdr(HDRTransfer, brightest: Double)

    var primaries: (zscale: String, tag: String) {
        switch self {
        case .sdr(.sRGB): ("709", "bt709")
        case .sdr(.displayP3): ("smpte432", "smpte432")
        case .sdr(.rec2020), .hdr: ("2020", "bt2020")
        }
    }

    var transfer: (zscale: String, tag: String) {
        switch self {
        case .sdr: ("709", "bt709")
        case .hdr(.pq, _): ("smpte2084", "smpte2084")
        case .hdr(.hlg, _): ("arib-std-b67", "arib-std-b67")
        }
    }

    var matrix: (zscale: String, tag: String) {
        switch self {
        case .sdr(.sRGB), .sdr(.displayP3): ("709", "bt709")
        case .sdr(.rec2020), .hdr: ("2020_ncl", "bt2020nc")
        }
    }

    /// x265's HDR10 parameters (PQ): the mastering display (BT.2020
    /// primaries and D65 in 0.00002 units, 1000 to 0.0001 cd/m²) and the
    /// content light levels; nothing for SDR or HLG.
    var x265Parameters: String {
        guard case .hdr(.pq, let brightest) = self else { return "" }
        let level = Int(min(max(brightest, 1), 10000).rounded())
        return
            ":hdr10=1:repeat-headers=1:master-display=G(8500,39850)B(6550,2300)R(35400,14600)WP(15635,16450)L(10000000,1)"
            + ":max-cll=\(level),\(level)"
    }
}
