import MeshGradCore
import MeshGradExport
import MeshGradPipeline

extension AnimateCommand {
    /// The export and encoding for `--gamut` and `--hdr`
    /// (``AnimationExport/colored(for:gamut:hdr:)``).
    static func colored(
        _ export: AnimationExport, encoding: inout VideoEncoding?, arguments: Arguments
    ) throws
        -> AnimationExport
    {
        let gamut = try arguments.value("--gamut", expected: "srgb, display-p3 or rec2020") { ColorGamut(rawValue: $0) }
        let hdr = try arguments.value("--hdr", expected: "pq or hlg") { HDRTransfer(rawValue: $0) }
        do {
            return try export.colored(for: &encoding, gamut: gamut, hdr: hdr)
        } catch {
            throw CommandError(error.description)
        }
    }
}
