import Foundation
import MeshGradCore
import MeshGradPNG

/// The mesh as SVG 2: a `<meshgradient>` (Inkscape renders it; browsers
/// do not) filling the canvas, over an embedded PNG of meshgrad's own
/// render that browsers show instead (`fill="url(#mesh) none"`: no mesh
/// support, no fill, the picture below shows through).
///
/// SVG mesh patches are Coons patches with bilinear color, so each patch
/// is cut into a grid of sub-patches (the same in every patch of a column
/// or row, as SVG's rows and columns must line up): as many as the PDF
/// export's pieces need for 1/255, at most 16 a side.
public enum SVGExport {
    public static let maximumCuts = 16

    public static func svg(_ mesh: MeshGradient, width: Int, height: Int) throws -> String {
        let nets = PatchNets(mesh)
        let cuts = cutsPerPatch(nets)
        let render = CPURenderer().render8(RenderPlan(mesh: mesh, width: width, height: height))
        let png = try PNGEncoder().encode(render)
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">",
            "  <!-- meshgrad: an SVG 2 mesh gradient (\(mesh.width)×\(mesh.height) vertices, each patch cut \(cuts)×\(cuts) for bilinear color within 1/255),",
            "       over a PNG of the same render for viewers without mesh gradients (browsers). -->",
            "  <defs>",
            "    <meshgradient id=\"mesh\" gradientUnits=\"userSpaceOnUse\" x=\"\(svgNumber(nets.geometry[0][0, 0].x * Double(width)))\" y=\"\(svgNumber(nets.geometry[0][0, 0].y * Double(height)))\">",
        ]
        lines += meshRows(nets, cuts: cuts, scale: SIMD2(Double(width), Double(height)))
        lines += [
            "    </meshgradient>",
            "  </defs>",
            "  <image width=\"\(width)\" height=\"\(height)\" xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>",
            "  <rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#mesh) none\"/>",
            "</svg>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The cuts a side that the PDF export's tolerance needs (the deepest
    /// piece of any patch), capped.
    static func cutsPerPatch(_ nets: PatchNets) -> Int {
        let pieces = PatchPieces(nets).pieces
        let finest = pieces.map { $0.u.upperBound - $0.u.lowerBound }.min() ?? 1
        return min(maximumCuts, max(1, Int((1 / finest).rounded())))
    }

    private static func meshRows(_ nets: PatchNets, cuts: Int, scale: SIMD2<Double>) -> [String] {
        let columns = nets.columns * cuts
        let rows = nets.rows * cuts
        // Grid point (i, j) of the whole cut mesh: patch and (u, v) in it.
        func locate(_ i: Int, _ j: Int) -> (patch: Int, u: Double, v: Double) {
            let pc = min(i / cuts, nets.columns - 1)
            let pr = min(j / cuts, nets.rows - 1)
            return (pr * nets.columns + pc, Double(i - pc * cuts) / Double(cuts), Double(j - pr * cuts) / Double(cuts))
        }
        func color(_ i: Int, _ j: Int) -> String {
            let (k, u, v) = locate(i, j)
            let c = finishColor(nets.colors[k].evaluate(u: u, v: v), in: nets.colorSpace)
            let rgb = RGBAColor(red: c.x, green: c.y, blue: c.z).hexString
            return c.w < 1 ? "stop-color=\"\(rgb)\" stop-opacity=\"\(svgNumber(c.w))\"" : "stop-color=\"\(rgb)\""
        }
        /// The edge from grid point a to b (neighbours), as `c` relative to a.
        func edge(_ a: (Int, Int), _ b: (Int, Int)) -> String {
            let lowI = min(a.0, b.0), lowJ = min(a.1, b.1)
            let (k, u0, v0) = locate(lowI, lowJ)
            let step = 1 / Double(cuts)
            let net = nets.geometry[k]
            let curve: [SIMD2<Double>]
            if a.1 == b.1 {
                let row = subnet(net, u: u0...(u0 + step), v: v0...v0)
                curve = (0..<4).map { row[$0, 0] }
            } else {
                let column = subnet(net, u: u0...u0, v: v0...(v0 + step))
                curve = (0..<4).map { column[0, $0] }
            }
            let forward = a.0 < b.0 || a.1 < b.1
            let points = (forward ? curve : curve.reversed()).map { $0 * scale }
            let relative = points.dropFirst().map { p in
                "\(svgNumber(p.x - points[0].x)),\(svgNumber(p.y - points[0].y))"
            }
            return "c " + relative.joined(separator: " ")
        }
        var lines: [String] = []
        for j in 0..<rows {
            lines.append("      <meshrow>")
            for i in 0..<columns {
                let corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
                var stops: [String] = []
                // Top, right, bottom, left; an edge shared with the patch
                // above or to the left is not repeated.
                for side in 0..<4 where !(side == 0 && j > 0) && !(side == 3 && i > 0) {
                    let from = corners[side], to = corners[(side + 1) % 4]
                    stops.append("<stop path=\"\(edge(from, to))\" \(color(from.0, from.1))/>")
                }
                lines.append("        <meshpatch>" + stops.joined() + "</meshpatch>")
            }
            lines.append("      </meshrow>")
        }
        return lines
    }
}

func svgNumber(_ value: Double) -> String {
    var text = String(format: "%.4f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}
