import CLCMS2
import MeshGradCore
import MeshGradPNG

/// The tags of an output in a gamut: H.273 code points and an ICC profile
/// made by Little CMS from the gamut's primaries, D65 white and transfer
/// curve (the same numbers the renderer converts with, `ColorGamut`).
public enum ColorProfile {
    /// The PNG color space of `gamut` (sRGB: the usual sRGB chunks).
    public static func png(_ gamut: ColorGamut, hdr: HDRTransfer? = nil) -> PNGColorSpace {
        if let hdr {
            // No ICC curve says PQ or HLG simply: cICP alone, as browsers read it.
            return PNGColorSpace(
                primaries: UInt8(gamut.h273Primaries), transfer: UInt8(hdr.h273), iccProfile: nil, profileName: "")
        }
        guard gamut != .sRGB else { return .sRGB }
        return PNGColorSpace(
            primaries: UInt8(gamut.h273Primaries), transfer: UInt8(gamut.h273Transfer), iccProfile: icc(gamut),
            profileName: gamut == .displayP3 ? "Display P3" : "ITU-R BT.2020")
    }

    /// An ICC v4 display profile of `gamut`.
    public static func icc(_ gamut: ColorGamut) -> [UInt8] {
        let w = ColorGamut.whitePoint
        var white = cmsCIExyY(x: w.x, y: w.y, Y: 1)
        let p = gamut.primaries
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: p[0].x, y: p[0].y, Y: 1), Green: cmsCIExyY(x: p[1].x, y: p[1].y, Y: 1),
            Blue: cmsCIExyY(x: p[2].x, y: p[2].y, Y: 1))
        // ICC parametric curve type 4: Y = (aX + b)^g for X ≥ d, else cX.
        let parameters: [Double]
        switch gamut {
        case .sRGB, .displayP3: parameters = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        case .rec2020:
            let (alpha, beta) = (1.09929682680944, 0.018053968510807)
            parameters = [1 / 0.45, 1 / alpha, (alpha - 1) / alpha, 1 / 4.5, 4.5 * beta]
        }
        let curve = cmsBuildParametricToneCurve(nil, 4, parameters)
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else {
            preconditionFailure("Little CMS could not build a profile of known primaries")
        }
        defer { cmsCloseProfile(profile) }
        describe(profile, as: gamut == .displayP3 ? "Display P3" : "ITU-R BT.2020")
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(profile, &bytes, &size)
        return bytes
    }

    private static func describe(_ profile: cmsHPROFILE, as name: String) {
        guard let text = cmsMLUalloc(nil, 1) else { return }
        defer { cmsMLUfree(text) }
        cmsMLUsetASCII(text, "en", "US", name)
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(text))
    }
}
