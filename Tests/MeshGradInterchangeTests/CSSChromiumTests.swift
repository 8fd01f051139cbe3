import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// The CSS in a real browser: headless Chromium's screenshot of a box
/// styled by `code --lang css`, against meshgrad's render (how far an
/// approximation it is) and against the CSS as evaluated here (so the
/// error the comment prints is the error a browser shows).
@Suite struct CSSChromiumTests {
    @Test(arguments: ["onboarding", "aurora", "sunset"])
    func chromiumDrawsTheMeasuredApproximation(_ name: String) throws {
        let mesh = try #require(Presets.named(name)).meshDocument.mesh
        let (width, height) = (240, 160)
        let fit = CSSApproximation(mesh)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("mesh.html")
        try """
        <!doctype html><html><head><style>html, body { margin: 0; padding: 0; background: white }
        \(fit.css()).mesh-gradient { width: \(width)px; height: \(height)px }</style></head>
        <body><div class="mesh-gradient"></div></body></html>
        """.write(to: html, atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("shot.png")
        guard
            let status = try runTool(
                "chromium",
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                    "--window-size=\(width),\(height)", "--screenshot=\(shot.path)", html.absoluteString,
                ])
        else {
            Issue.record("chromium is not installed")
            return
        }
        #expect(status == 0)
        let page = try readPNG(shot)
        #expect(page.width == width && page.height == height)
        let reference = overWhite(
            CPURenderer().render8(RenderPlan(mesh: mesh, width: width, height: height), dithers: false))
        var emulated = reference
        for y in 0..<height {
            for x in 0..<width {
                let c = fit.color(at: SIMD2((Double(x) + 0.5) / Double(width), (Double(y) + 0.5) / Double(height)))
                for k in 0..<3 { emulated.components[(y * width + x) * 4 + k] = UInt8((c[k] * 255).rounded()) }
            }
        }
        let everywhere: (Int, Int) -> Bool = { _, _ in true }
        let versusRender = AwayFromEdges(page, reference, include: everywhere)
        let versusEmulation = AwayFromEdges(page, emulated, include: everywhere)
        print(
            "CSS \(name) via chromium: against the render \(versusRender); against the CSS evaluated here \(versusEmulation)"
        )
        #expect(versusEmulation.p999 <= 3, "\(name): \(versusEmulation)")
        #expect(abs(versusRender.mean - fit.meanError) < 2, "\(name): \(versusRender) vs \(fit.meanError)")
    }
}
