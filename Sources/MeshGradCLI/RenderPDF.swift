import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradInterchange
import MeshGradPipeline

extension RenderCommand {
    /// `-o out.pdf`: a mesh as vector shadings (MeshGradInterchange's
    /// PDFExport); a scene, whose blurred shadows and text masks PDF
    /// shadings cannot say, as its rendered image in a PDF page. Written
    /// atomically.
    static func renderPDF(_ entry: RenderEntry, options: BatchOptions, engine: any FrameRenderer) throws -> StageTimings
    {
        var timings = StageTimings()
        let (document, time, size) = try loadChecked(entry, options: options)
        let wide = if case .mesh(let mesh) = document.content { mesh.narrowestGamut != .sRGB } else { false }
        if wide || (options.gamut ?? .sRGB) != .sRGB || options.hdr != nil {
            throw CommandError(
                "\(entry.output): a PDF's shadings are written in sRGB, and this document's colors (or --gamut, --hdr) reach beyond it; expected -o OUT.png"
            )
        }
        let start = DispatchTime.now()
        let frame = try FramePlan(
            document, label: entry.label, width: size.width, height: size.height, time: time,
            antialiasing: options.antialiasing)
        let bytes: [UInt8]
        if let mesh = document.animatedMesh {
            bytes = PDFExport.mesh(mesh.mesh(at: time), width: size.width, height: size.height)
        } else {
            bytes = PDFExport.image(try engine.render8(frame, dithers: entry.dithers ?? options.dithers))
        }
        timings.render = start.secondsElapsed
        let writeStart = DispatchTime.now()
        try AtomicFile.write(bytes, to: URL(fileURLWithPath: entry.output), durability: .whereReplacingNeedsIt)
        timings.write = writeStart.secondsElapsed
        return timings
    }
}
