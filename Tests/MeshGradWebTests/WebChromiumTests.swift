import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradWeb

/// The web export in a real browser: headless Chromium (WebGL2 on
/// SwiftShader) draws every mesh preset at three times, frozen by `?t=`,
/// and the screenshot is held to meshgrad's own render of the same frame.
@Suite(.serialized) struct WebChromiumTests {
    static let tile = (width: 480, height: 270)
    static let times = [0.0, 1.7, 4.2]
    static var presets: [Preset] { Presets.all.filter { $0.document.animatedMesh != nil } }

    /// The rows of tiles, and below them a strip that turns black once
    /// every element has drawn its frame: a screenshot without it was
    /// taken before the page was drawn (a loaded machine's virtual time
    /// can run out first) and is taken again.
    static var rows: Int { (presets.count + 2) / 3 }
    static let markerHeight = 4

    /// A page of every mesh preset, each in its own 480 × 270 element,
    /// three to a row, over white, and the drawn marker.
    static func gridPage(in folder: URL) throws -> URL {
        var elements = ""
        for (index, preset) in presets.enumerated() {
            let (x, y) = (index % 3 * tile.width, index / 3 * tile.height)
            let json = preset.document.jsonText().replacingOccurrences(of: "</", with: "<\\/")
            elements += """
                <mesh-gradient style="left: \(x)px; top: \(y)px"><script type="application/json">\(json)</script></mesh-gradient>\n
                """
        }
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><style>
            html, body { margin: 0; background: white; }
            mesh-gradient { position: absolute; width: \(tile.width)px; height: \(tile.height)px; }
            </style></head><body>
            \(elements)<div id="drawn" style="position: absolute; left: 0; top: \(rows * tile.height)px; \
            width: \(3 * tile.width)px; height: \(markerHeight)px; background: white"></div>
            <script>
            const drawn = new Set();
            for (const element of document.querySelectorAll("mesh-gradient")) {
                element.addEventListener("meshgradientframe", () => {
                    drawn.add(element);
                    if (drawn.size === \(presets.count)) document.getElementById("drawn").style.background = "black";
                });
            }
            </script>
            <script type="module">\(WebModule.javaScript())</script></body></html>
            """
        let page = folder.appendingPathComponent("presets.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        return page
    }

    /// The plan meshgrad renders for `preset` at `time` on one tile.
    static func plan(_ preset: Preset, at time: Double) -> RenderPlan {
        let document = preset.document
        var plan = RenderPlan(mesh: document.animatedMesh!.mesh(at: time), width: tile.width, height: tile.height)
        plan.grain = document.grain?.field(at: time)
        return plan
    }

    /// On llvmpipe the page draws what meshgrad draws: at most 2 levels
    /// off, dithered or not. On SwiftShader the same, but for the pixels
    /// its own edge rounding and multisampling give to another triangle (a
    /// fold's silhouette, an anti-aliased border): at most 1 in 1000.
    @Test(arguments: HeadlessChromium.Backend.allCases)
    func everyPresetMatchesTheRendererAtThreeTimes(_ backend: HeadlessChromium.Backend) throws {
        guard HeadlessChromium.isInstalled else {
            Issue.record("chromium is not installed")
            return
        }
        let chromium = try HeadlessChromium(backend)
        defer { chromium.removeFolder() }
        let page = try Self.gridPage(in: chromium.folder)
        let size = (width: 3 * Self.tile.width, height: Self.rows * Self.tile.height + Self.markerHeight)
        // SwiftShader draws with the polynomial fetched per pixel, llvmpipe
        // with it passed from the vertex stage: both paths are held.
        let path = backend == .swiftShader ? "&varyings=0" : ""
        for time in Self.times {
            let plain = try Self.drawnScreenshot(chromium, page, query: "?t=\(time)&dither=0\(path)", size: size)
            let dithered = try Self.drawnScreenshot(chromium, page, query: "?t=\(time)\(path)", size: size)
            for (index, preset) in Self.presets.enumerated() {
                let origin = (index % 3 * Self.tile.width, index / 3 * Self.tile.height)
                try check(preset, at: time, backend: backend, plain: crop(plain, at: origin, Self.tile),
                          dithered: crop(dithered, at: origin, Self.tile))
            }
        }
    }

    /// A screenshot of the page once every element has drawn: taken again,
    /// with twice the virtual time, while the marker strip is still white
    /// or the browser did not finish (three tries).
    static func drawnScreenshot(
        _ chromium: HeadlessChromium, _ page: URL, query: String, size: (width: Int, height: Int)
    ) throws -> RGBAImage<UInt8> {
        var budget = 3000
        for attempt in 1...3 {
            do {
                let shot = try chromium.screenshot(
                    page, query: query, width: size.width, height: size.height, budget: budget, timeout: 60)
                if shot[size.width / 2, size.height - 1].x == 0 { return shot }
                print("web \(chromium.backend) \(query): not drawn in \(budget) ms of virtual time (try \(attempt))")
            } catch where attempt < 3 {
                print("web \(chromium.backend) \(query): \(error) (try \(attempt))")
            }
            budget *= 2
        }
        throw ChromiumFailure(message: "\(query): the page was not drawn in three tries")
    }

    func check(
        _ preset: Preset, at time: Double, backend: HeadlessChromium.Backend, plain: RGBAImage<UInt8>,
        dithered: RGBAImage<UInt8>
    ) throws {
        let plan = Self.plan(preset, at: time)
        let renderer = CPURenderer()
        let exact = overWhite(renderer.renderFloat(plan))
        let plainDifference = PixelDifference(plain, overWhite(renderer.render8(plan, dithers: false)))
        let native = renderer.render8(plan)
        let nativeDithered = overWhite(native)
        let ditheredDifference = PixelDifference(dithered, nativeDithered)
        let banding = bandingFigure(dithered, exact: exact)
        let nativeBanding = bandingFigure(nativeDithered, exact: exact)
        print(
            "web \(backend) \(preset.name) t=\(time): --no-dither \(plainDifference); dithered \(ditheredDifference); "
                + "banding \(String(format: "%.4f", banding)) (meshgrad's \(String(format: "%.4f", nativeBanding)))")
        let pixels = plan.width * plan.height
        switch backend {
        case .llvmpipe:
            #expect(plainDifference.maximum <= 2, "\(preset.name) at \(time): \(plainDifference)")
            #expect(ditheredDifference.maximum <= 2, "\(preset.name) at \(time): \(ditheredDifference)")
        case .swiftShader:
            #expect(plainDifference.p999 <= 1 && plainDifference.beyond2 * 1000 <= pixels, "\(preset.name): \(plainDifference)")
            #expect(ditheredDifference.beyond2 * 1000 <= pixels, "\(preset.name): \(ditheredDifference)")
        }
        // The dither is meshgrad's own, so is its figure where the browser
        // shows the pixels as they are (a translucent canvas goes through
        // the browser's own blending over the page).
        let opaque = stride(from: 3, to: native.components.count, by: 4).allSatisfy { native.components[$0] == 255 }
        if backend == .llvmpipe && opaque {
            #expect(abs(banding - nativeBanding) <= 0.002, "\(preset.name) at \(time): \(banding) vs \(nativeBanding)")
        }
    }
}
