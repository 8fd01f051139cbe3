import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

@Suite struct PDFExportTests {
    static let meshPresets = Presets.all.filter { $0.document.scene == nil }.map(\.name)

    /// Every mesh preset as PDF, rasterized at one pixel a point by
    /// Poppler's two rasterizers (pdftoppm: Splash; pdftocairo: Cairo),
    /// against meshgrad's own undithered render composited on white (the
    /// paper), away from edges: the canvas edge, the mesh's border, and the
    /// creases where a folded mesh's top layer ends (an edge inside the
    /// picture, as sharp as the border). pdftoppm ignores soft masks on
    /// shadings, so translucent meshes are judged by Cairo alone.
    @Test(arguments: meshPresets)
    func pdfRasterizesLikeTheRender(_ name: String) throws {
        let document = try #require(Presets.named(name)).document
        let (width, height) = (240, 160)
        let mesh = document.animatedMesh!.mesh(at: document.poster)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("mesh.pdf")
        try Data(PDFExport.mesh(mesh, width: width, height: height)).write(to: pdf)
        let plan = RenderPlan(mesh: mesh, width: width, height: height)
        let reference = overWhite(CPURenderer().render8(plan, dithers: false))
        let border = BorderBand(plan: plan, radius: 2.5)
        let creases = sharpEdges(reference, threshold: 24)
        let translucent = mesh.colors.contains { $0.alpha < 1 } || mesh.background.alpha < 1
        for tool in translucent ? ["pdftocairo"] : ["pdftoppm", "pdftocairo"] {
            let stem = folder.appendingPathComponent(tool).path
            guard let status = try runTool(tool, ["-png", "-r", "72", "-singlefile", pdf.path, stem]) else {
                Issue.record("\(tool) is not installed (poppler-utils)")
                return
            }
            #expect(status == 0)
            let page = try readPNG(URL(fileURLWithPath: stem + ".png"))
            #expect(page.width == width && page.height == height)
            let stats = AwayFromEdges(page, reference) { x, y in
                x >= 2 && y >= 2 && x < width - 2 && y < height - 2 && !border.contains(x, y) && !creases[y * width + x]
            }
            print("PDF \(name) via \(tool): \(stats)")
            // The rasterizers' own error (geometry flattened, sampled
            // off-center) shows where colors change fastest: the steep
            // blue-to-mint band of onboarding, and beside meshing-text's
            // fold, where a whole patch is squeezed into a few pixels.
            let (p999, maximum) = name == "meshing-text-mesh" ? (12, 16) : (6, 10)
            #expect(stats.p999 <= p999, "\(name) via \(tool): \(stats)")
            #expect(stats.maximum <= maximum, "\(name) via \(tool): \(stats)")
        }
    }

    /// PDF's bilinear color over each piece against the smooth color, on a
    /// 9 × 9 grid the cutting did not look at: within one 8-bit level.
    @Test func piecesMeetTheTolerance() {
        for preset in [Presets.onboarding, Presets.aurora, Presets.frost, Presets.silk] {
            let nets = PatchNets(preset.meshDocument.mesh)
            let pieces = PatchPieces(nets).pieces
            #expect(pieces.count >= nets.count && pieces.count < nets.count * 4096)
            var worst = 0.0
            for piece in pieces {
                for j in 0...8 {
                    for i in 0...8 {
                        let (s, t) = (Double(i) / 8, Double(j) / 8)
                        let c = piece.corners
                        let mixed = (1 - t) * ((1 - s) * c[0] + s * c[1]) + t * ((1 - s) * c[2] + s * c[3])
                        let u = piece.u.lowerBound + s * (piece.u.upperBound - piece.u.lowerBound)
                        let v = piece.v.lowerBound + t * (piece.v.upperBound - piece.v.lowerBound)
                        let truth = finishColor(nets.colors[piece.patch].evaluate(u: u, v: v), in: nets.colorSpace)
                        for k in 0..<3 { worst = max(worst, abs(mixed[k] * mixed.w - truth[k] * truth.w)) }
                        worst = max(worst, abs(mixed.w - truth.w))
                    }
                }
            }
            #expect(worst * 255 <= 1, "\(preset.name): \(worst * 255) levels")
        }
    }

    @Test func subnetIsTheSameSurface() {
        let net = PatchNets(Presets.silk.meshDocument.mesh).geometry[3]
        let part = subnet(net, u: 0.25...0.75, v: 0.5...1)
        for (s, t) in [(0.0, 0.0), (0.3, 0.7), (1.0, 1.0), (0.5, 0.1)] {
            let a = part.evaluate(u: s, v: t)
            let b = net.evaluate(u: 0.25 + s * 0.5, v: 0.5 + t * 0.5)
            #expect(max(abs(a.x - b.x), abs(a.y - b.y)) < 1e-12)
        }
    }

    @Test func fileIsWellFormed() throws {
        let bytes = PDFExport.mesh(Presets.frost.meshDocument.mesh, width: 100, height: 50)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.7"))
        #expect(text.hasSuffix("%%EOF\n"))
        #expect(text.contains("/ShadingType 7"))
        #expect(text.contains("/SMask"))  // frost is translucent
        #expect(text.contains("/MediaBox [0 0 100 50]"))
    }
}
