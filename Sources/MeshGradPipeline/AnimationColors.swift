import MeshGradCore
import MeshGradDocument
import MeshGradExport

extension AnimationExport {
    /// This export's frames and `encoding`'s tags for `gamut` (nil: the
    /// narrowest holding a mesh's colors) or `hdr`: the same colors for
    /// every caller (`animate`, the editor's Export). Formats without color
    /// tags (GIF, WebP, APNG, PNG frames) get the colors mapped into sRGB.
    public func colored(
        for encoding: inout VideoEncoding?, gamut asked: ColorGamut? = nil, hdr: HDRTransfer? = nil
    ) throws(PipelineError) -> AnimationExport {
        let wideAsked = (asked ?? .sRGB) != .sRGB || hdr != nil
        guard case .mesh(let mesh) = document.content else {
            if wideAsked { throw PipelineError("a scene is drawn in sRGB; --gamut and --hdr take a mesh document") }
            return self
        }
        guard var video = encoding, video.codec.storesYUV else {
            if wideAsked {
                throw PipelineError(
                    "GIF, WebP, APNG and PNG frames are written in sRGB (colors outside it mapped in); --gamut and --hdr need .mp4, .mov or .webm"
                )
            }
            return drawn(in: .sRGB)
        }
        if let hdr, !(video.codec == .hevc || video.codec == .av1) || video.bitDepth != 10 {
            throw PipelineError(
                "HDR video is HEVC or AV1 at 10 bits; expected --codec hevc (or av1) with --hdr \(hdr.rawValue)")
        }
        let gamut = mesh.outputGamut(asked: asked, hdr: hdr)
        video.colors = hdr.map { .hdr($0, brightest: Self.brightest(mesh, in: gamut)) } ?? .sdr(gamut)
        encoding = video
        return drawn(in: gamut, hdr: hdr)
    }

    /// The brightest component of any color of the mesh in `gamut`, in
    /// cd/m² (white: 203).
    static func brightest(_ mesh: AnimatedMesh, in gamut: ColorGamut) -> Double {
        let components = mesh.allColors.filter { $0.alpha > 0 }.map { c in
            gamut.fromLinearSRGB(ColorSpaceName.srgbLinear.components(of: c)).max()
        }
        return (components.max() ?? 1) * HDRTransfer.referenceWhite
    }
}
