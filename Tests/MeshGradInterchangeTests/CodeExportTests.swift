import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

@Suite struct CodeExportTests {
    static let meshPresets = Presets.all.filter { $0.document.scene == nil }.map(\.name)

    /// Compose: parsed back structurally (no Kotlin compiler here): the
    /// patch counts, one setVertex per vertex with its row and column,
    /// positions and tangents that rebuild meshgrad's handles.
    @Test(arguments: meshPresets)
    func composeCodeCarriesEveryVertex(_ name: String) throws {
        let mesh = try #require(Presets.named(name)).meshDocument.mesh
        let code = mesh.composeCode()
        #expect(
            code.contains(
                "MeshGradientPainter(rows = \(mesh.height - 1), columns = \(mesh.width - 1), hasBicubicColor = \(mesh.smoothsColors))"
            ))
        #expect(code.filter { $0 == "(" }.count == code.filter { $0 == ")" }.count)
        #expect(code.filter { $0 == "{" }.count == code.filter { $0 == "}" }.count)
        let calls = code.split(separator: "\n").filter { $0.contains("setVertex(") }
        #expect(calls.count == mesh.width * mesh.height)
        let handles = mesh.bezierPoints
        for (k, call) in calls.enumerated() {
            let row = k / mesh.width, column = k % mesh.width
            #expect(call.hasPrefix("        setVertex(\(row), \(column), Offset("))
            let numbers = floats(in: String(call))
            let p = handles[k]
            #expect(abs(numbers[0] - p.position.x) < 1e-5 && abs(numbers[1] - p.position.y) < 1e-5)
            if column < mesh.width - 1, let range = call.range(of: "rightControlPoint = Offset(") {
                let offset = floats(in: String(call[range.upperBound...]))
                #expect(abs(p.position.x + offset[0] - p.trailing.x) < 1e-5)
                #expect(abs(p.position.y + offset[1] - p.trailing.y) < 1e-5)
            }
            #expect(call.contains("leftControlPoint") == (column > 0))
            #expect(call.contains("bottomControlPoint") == (row < mesh.height - 1))
        }
        if mesh.colorSpace == .perceptual { #expect(code.contains("Not expressible: colorSpace .perceptual")) }
    }

    /// CSS: the fit's error is what the comment says, and it is an
    /// approximation worth having (it beats the best single color).
    @Test(arguments: ["onboarding", "aurora", "sunset", "meshing-text-mesh"])
    func cssApproximationIsMeasured(_ name: String) throws {
        let mesh = try #require(Presets.named(name)).meshDocument.mesh
        let fit = CSSApproximation(mesh)
        let css = fit.css()
        #expect(
            css.contains(
                "mean \(String(format: "%.1f", fit.meanError)), 99th percentile \(fit.p99Error), max \(fit.maximumError)"
            ))
        #expect(css.components(separatedBy: "radial-gradient(").count - 1 == mesh.width * mesh.height + (mesh.width - 1) * (mesh.height - 1))
        let target = CSSApproximation.target(mesh, width: fit.measuredWidth, height: fit.measuredHeight)
        let mean = target.reduce(SIMD3<Double>.zero, +) / Double(target.count)
        let flat =
            target.map { d in max(abs(d.x - mean.x), abs(d.y - mean.y), abs(d.z - mean.z)) * 255 }.reduce(0, +)
            / Double(target.count)
        print(
            "CSS \(name): mean \(fit.meanError), p99 \(fit.p99Error), max \(fit.maximumError) (one flat color: mean \(flat))"
        )
        #expect(fit.meanError < flat / 2)
    }

    /// SVG: Inkscape renders the <meshgradient> (it draws on top of the
    /// PNG fallback, so where the mesh covers the canvas what shows is the
    /// mesh); compared with meshgrad's render away from edges.
    @Test(arguments: ["onboarding", "aurora", "silk", "sunset"])
    func svgMeshRendersInInkscape(_ name: String) throws {
        let mesh = try #require(Presets.named(name)).meshDocument.mesh
        let (width, height) = (240, 160)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Without the fallback picture, so that only the mesh is measured.
        var svg = try SVGExport.svg(mesh, width: width, height: height)
        svg = svg.split(separator: "\n").filter { !$0.contains("<image ") }.joined(separator: "\n")
        let file = folder.appendingPathComponent("mesh.svg")
        try svg.write(to: file, atomically: true, encoding: .utf8)
        let png = folder.appendingPathComponent("mesh.png")
        guard
            let status = try runTool(
                "inkscape",
                [
                    file.path, "--export-type=png", "--export-filename=\(png.path)", "--export-background=white",
                    "--export-background-opacity=1",
                ])
        else {
            Issue.record("inkscape is not installed")
            return
        }
        #expect(status == 0)
        let page = try readPNG(png)
        #expect(page.width == width && page.height == height)
        let plan = RenderPlan(mesh: mesh, width: width, height: height)
        let reference = overWhite(CPURenderer().render8(plan, dithers: false))
        let border = BorderBand(plan: plan, radius: 2.5)
        let creases = sharpEdges(reference, threshold: 24)
        let stats = AwayFromEdges(overWhite(page), reference) { x, y in
            x >= 2 && y >= 2 && x < width - 2 && y < height - 2 && !border.contains(x, y) && !creases[y * width + x]
        }
        print("SVG \(name) via inkscape: \(stats)")
        #expect(stats.p999 <= 12, "\(name): \(stats)")
    }

    @Test func svgHasTheFallbackAndTheMesh() throws {
        let svg = try SVGExport.svg(Presets.aurora.meshDocument.mesh, width: 64, height: 48)
        #expect(svg.contains("<meshgradient id=\"mesh\""))
        #expect(svg.contains("data:image/png;base64,"))
        #expect(svg.contains("fill=\"url(#mesh) none\""))
        #expect(
            svg.components(separatedBy: "<meshrow>").count - 1 == 2
                * SVGExport.cutsPerPatch(PatchNets(Presets.aurora.meshDocument.mesh)))
    }
}

/// The decimal numbers in `text`, in order.
func floats(in text: String) -> [Double] {
    var result: [Double] = []
    var current = ""
    for c in text + " " {
        if c.isNumber || c == "." || (c == "-" && current.isEmpty) {
            current.append(c)
        } else {
            if let v = Double(current), current.contains(".") || c == "f" { result.append(v) }
            current = ""
        }
    }
    return result
}
