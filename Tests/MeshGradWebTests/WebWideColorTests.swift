import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradWeb

/// A document with colors beyond sRGB is drawn into a Display P3 drawing
/// buffer, its pixels the P3 values meshgrad's own P3 output holds.
@Suite struct WebWideColorTests {
    static let document = """
        {"width": 3, "height": 3,
         "points": [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.55, 0.45], [1, 0.5], [0, 1], [0.5, 1], [1, 1]],
         "colors": ["color(display-p3 0.95 0.2 0.15)", "#f2c230", "color(display-p3 0.15 0.85 0.3)",
                    "color(display-p3 0.2 0.3 0.95)", "#8a8f99", "color(display-p3 0.85 0.25 0.75)",
                    "#1d2b4f", "color(display-p3 0.3 0.9 0.85)", "#f5efe6"]}
        """

    @Test func aWideDocumentIsDrawnInDisplayP3() throws {
        guard HeadlessChromium.isInstalled else {
            Issue.record("chromium is not installed")
            return
        }
        let chromium = try HeadlessChromium()
        defer { chromium.removeFolder() }
        let (width, height) = (480, 270)
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; }</style></head><body>
            <mesh-gradient style="width: \(width)px; height: \(height)px"><script type="application/json">\(Self.document)</script></mesh-gradient>
            <pre id="result"></pre>
            <script type="module">\(WebModule.javaScript())</script>
            <script type="module">
            const element = document.querySelector("mesh-gradient");
            element.addEventListener("meshgradientframe", () => {
                const gl = element.canvas.getContext("webgl2");
                const pixels = new Uint8Array(\(width * height * 4));
                gl.readPixels(0, 0, \(width), \(height), gl.RGBA, gl.UNSIGNED_BYTE, pixels);
                let text = "";
                for (const byte of pixels) text += String.fromCharCode(byte);
                document.getElementById("result").textContent = gl.drawingBufferColorSpace + " " + btoa(text);
            }, { once: true });
            </script></body></html>
            """
        let page = chromium.folder.appendingPathComponent("wide.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        // The page writes its result when its first frame is drawn; a
        // loaded machine can end Chromium's virtual time before that frame
        // (the result then empty), so a longer budget is given, twice at most.
        var parts: [Substring] = []
        for budget in [3000, 10000, 30000] where parts.count < 2 {
            let dom = try chromium.dom(page, query: "?t=0&dither=0", width: width, height: height, budget: budget)
            let start = try #require(dom.range(of: "<pre id=\"result\">"))
            let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
            parts = dom[start.upperBound..<end.lowerBound].split(separator: " ")
        }
        #expect(parts.first == "display-p3")
        let web = try #require(Data(base64Encoded: String(parts.last ?? "")))
        try #require(web.count == width * height * 4, "the page's pixels: \(web.count) bytes")
        let reference = try Self.displayP3Reference(width: width, height: height)
        var largest = [Int]()
        for y in 0..<height {
            for x in 0..<width {
                let webPixel = ((height - 1 - y) * width + x) * 4  // readPixels: bottom row first
                largest.append(
                    (0..<4).map { abs(Int(web[webPixel + $0]) - Int(reference[(y * width + x) * 4 + $0])) }.max()!)
            }
        }
        let sorted = largest.sorted()
        let p999 = sorted[sorted.count * 999 / 1000]
        print(
            "web Display P3 against meshgrad's P3 output: max \(sorted.last!), p99.9 \(p999), \(largest.filter { $0 > 0 }.count) differ"
        )
        #expect(sorted.last! <= 2)
    }

    /// meshgrad's 8-bit Display P3 output, rounded: the mesh drawn through
    /// WideColor (mapped into P3 where the interpolation overshoots it).
    static func displayP3Reference(width: Int, height: Int) throws -> [UInt8] {
        let animated = try #require(GradientDocument.decode(document).animatedMesh)
        #expect(animated.narrowestGamut == .displayP3)
        let (wide, moved) = try #require(animated.wideColor(in: .displayP3, hdr: nil))
        let image = CPURenderer().renderFloat(RenderPlan(mesh: moved.mesh(at: 0), width: width, height: height))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for p in 0..<(width * height) {
            let c = image.components[p * 4..<p * 4 + 4].map(Double.init)
            let encoded = wide.output(SIMD3(c[0], c[1], c[2]))
            for k in 0..<3 { out[p * 4 + k] = UInt8((min(max(encoded[k], 0), 1) * 255).rounded()) }
            out[p * 4 + 3] = UInt8((c[3] * 255).rounded())
        }
        return out
    }
}
