import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradWeb

/// The `<mesh-gradient>` element behaves as web developers expect, each
/// checked in headless Chromium by a page that drives it and reports what
/// it saw in its title (real time: headless Chromium's virtual time stops
/// making frames once a page is idle, so a scroll would never be seen).
@Suite(.serialized) struct WebElementTests {
    /// A page with `body` (the elements), the module, and `script`, a
    /// module that awaits what it needs and calls `report(findings)`.
    static func page(_ name: String, body: String, script: String, in folder: URL) throws -> URL {
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><style>
            html, body { margin: 0; background: white; }
            </style></head><body>
            \(body)
            <pre id="result"></pre>
            <script type="module">\(WebModule.javaScript())</script>
            <script type="module">
            const frame = (element) => new Promise((done) => element.addEventListener("meshgradientframe", done, { once: true }));
            const wait = (ms) => new Promise((done) => setTimeout(done, ms));
            const report = (findings) => {
                document.getElementById("result").textContent = JSON.stringify(findings);
                document.title = "done " + JSON.stringify(findings);
            };
            const element = document.querySelector("mesh-gradient");
            \(script)
            </script></body></html>
            """
        let url = folder.appendingPathComponent("\(name).html")
        try html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A preset's document as an inline child of an element.
    static func element(_ preset: String, style: String, poster: Double? = nil) -> String {
        var document = Presets.named(preset)!.document
        if let poster { document.poster = poster }
        let json = document.jsonText().replacingOccurrences(of: "</", with: "<\\/")
        return "<mesh-gradient style=\"\(style)\"><script type=\"application/json\">\(json)</script></mesh-gradient>"
    }

    /// What the page reported, as an object.
    static func findings(_ report: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(report.utf8))
        return try #require(object as? [String: Any], "findings: \(report)")
    }

    static func run(_ body: (HeadlessChromium) throws -> Void) throws {
        guard HeadlessChromium.isInstalled else {
            Issue.record("chromium is not installed")
            return
        }
        let chromium = try HeadlessChromium()
        defer { chromium.removeFolder() }
        try body(chromium)
    }

    @Test func theDrawingBufferFollowsTheBoxAndThePixelRatio() throws {
        try Self.run { chromium in
            let page = try Self.page(
                "size", body: Self.element("aurora", style: "width: 300px; height: 200px"),
                script: """
                    await frame(element);
                    const first = [element.canvas.width, element.canvas.height];
                    element.style.width = "500px";
                    await frame(element);
                    report({ first, second: [element.canvas.width, element.canvas.height], ratio: devicePixelRatio });
                    """, in: chromium.folder)
            let findings = try Self.findings(try chromium.realTimeReport(page, scale: 2))
            print("web element size at pixel ratio 2: \(findings)")
            #expect(findings["first"] as? [Int] == [600, 400])
            #expect(findings["second"] as? [Int] == [1000, 400])
        }
    }

    @Test func itPausesOffScreenAndResumesWhereItStopped() throws {
        try Self.run { chromium in
            let page = try Self.page(
                "offscreen",
                body: "<div style=\"height: 3000px\"></div>" + Self.element("onboarding", style: "width: 320px; height: 180px"),
                script: """
                    await wait(1000);
                    const offScreen = { frames: element.framesDrawn, running: element.running, time: element.time };
                    element.scrollIntoView();

                    await wait(1000);
                    const onScreen = { frames: element.framesDrawn, running: element.running, time: element.time };
                    window.scrollTo(0, 0);
                    await wait(200);
                    const away = { frames: element.framesDrawn, running: element.running, time: element.time };
                    await wait(1000);
                    report({ offScreen, onScreen, away, later: { frames: element.framesDrawn, time: element.time } });
                    """, in: chromium.folder)
            let findings = try Self.findings(try chromium.realTimeReport(page))
            print("web element off screen and on: \(findings)")
            let off = try #require(findings["offScreen"] as? [String: Any])
            let on = try #require(findings["onScreen"] as? [String: Any])
            let away = try #require(findings["away"] as? [String: Any])
            let later = try #require(findings["later"] as? [String: Any])
            #expect(off["running"] as? Bool == false && (off["frames"] as? Int ?? 99) <= 1)
            #expect(on["running"] as? Bool == true && (on["frames"] as? Int ?? 0) >= 5)
            #expect(away["running"] as? Bool == false)
            #expect(later["frames"] as? Int == away["frames"] as? Int)
            #expect(later["time"] as? Double == away["time"] as? Double)
        }
    }

    /// A hidden tab (the page told so as the browser tells it: `hidden`
    /// and a `visibilitychange` event) holds the clock; shown, it runs on.
    @Test func itPausesInAHiddenTab() throws {
        try Self.run { chromium in
            let page = try Self.page(
                "hidden", body: Self.element("onboarding", style: "width: 320px; height: 180px"),
                script: """
                    for (let k = 0; k < 3; k++) await frame(element);
                    const shown = element.running;
                    const tell = (hidden) => {
                        Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
                        document.dispatchEvent(new Event("visibilitychange"));
                    };
                    tell(true);
                    const hidden = { running: element.running, frames: element.framesDrawn, time: element.time };
                    await wait(500);
                    const later = { frames: element.framesDrawn, time: element.time };
                    tell(false);
                    for (let k = 0; k < 3; k++) await frame(element);
                    report({ shown, hidden, later, again: element.running });
                    """, in: chromium.folder)
            let findings = try Self.findings(try chromium.realTimeReport(page))
            print("web element in a hidden tab: \(findings)")
            let hidden = try #require(findings["hidden"] as? [String: Any])
            let later = try #require(findings["later"] as? [String: Any])
            #expect(findings["shown"] as? Bool == true && hidden["running"] as? Bool == false)
            // The frame already asked for may still come, at the held time; no more.
            #expect((later["frames"] as? Int ?? 99) - (hidden["frames"] as? Int ?? 0) <= 1)
            #expect(later["time"] as? Double == hidden["time"] as? Double)
            #expect(findings["again"] as? Bool == true)
        }
    }

    @Test func reducedMotionHoldsThePosterFrame() throws {
        try Self.run { chromium in
            // Held: one frame, then nothing for a second. Moving: frames follow.
            let script = """
                if (matchMedia("(prefers-reduced-motion: reduce)").matches) await wait(1000);
                else for (let k = 0; k < 5; k++) await frame(element);
                report({ running: element.running, time: element.time, frames: element.framesDrawn });
                """
            let page = try Self.page(
                "motion", body: Self.element("onboarding", style: "width: 480px; height: 270px", poster: 2.5),
                script: script, in: chromium.folder)
            let reduced = try Self.findings(try chromium.realTimeReport(page, extra: ["--force-prefers-reduced-motion"]))
            let moving = try Self.findings(try chromium.realTimeReport(page))
            print("web element with reduced motion: \(reduced); without: \(moving)")
            #expect(reduced["running"] as? Bool == false && reduced["time"] as? Double == 2.5)
            #expect(reduced["frames"] as? Int == 1)
            #expect(moving["running"] as? Bool == true && (moving["frames"] as? Int ?? 0) >= 5)
        }
    }

    @Test func playPauseAndTime() throws {
        try Self.run { chromium in
            let page = try Self.page(
                "controls", body: Self.element("onboarding", style: "width: 320px; height: 180px"),
                script: """
                    await wait(500);
                    element.pause();
                    const paused = element.time;
                    await wait(500);
                    const stillPaused = element.time;
                    element.time = 3;
                    const set = element.time;
                    element.play();
                    await wait(500);
                    report({ paused, stillPaused, set, played: element.time, flag: element.paused });
                    """, in: chromium.folder)
            let findings = try Self.findings(try chromium.realTimeReport(page))
            print("web element controls: \(findings)")
            #expect(findings["paused"] as? Double == findings["stillPaused"] as? Double)
            #expect(findings["set"] as? Double == 3)
            let played = try #require(findings["played"] as? Double)
            #expect(played > 3.3 && played < 3.8)
            #expect(findings["flag"] as? Bool == false)
        }
    }

    @Test func aDocumentFromAURLIsDrawn() throws {
        try Self.run { chromium in
            try Presets.named("sunset")!.document.jsonText().write(
                to: chromium.folder.appendingPathComponent("sunset.json"), atomically: true, encoding: .utf8)
            let page = try Self.page(
                "source", body: "<mesh-gradient src=\"sunset.json\" style=\"width: 320px; height: 180px\"></mesh-gradient>",
                script: """
                    await frame(element);
                    report({ frames: element.framesDrawn, fallback: element.hasAttribute("fallback"), width: element.document.width });
                    """, in: chromium.folder)
            let findings = try Self.findings(try chromium.realTimeReport(page))
            #expect(findings["fallback"] as? Bool == false && findings["width"] as? Int == 4)
        }
    }

    /// Without WebGL2 the page shows the CSS approximation under the element.
    @Test func withoutWebGLThePageFallsBackToItsCSS() throws {
        try Self.run { chromium in
            let preset = Presets.named("aurora")!
            let html = WebPage.html(json: preset.document.jsonText(), title: "aurora", fallbackCSS: """
                .mesh-gradient {
                  background-color: rgb(200 10 10);
                }
                """)
            let page = chromium.folder.appendingPathComponent("fallback.html")
            try html.write(to: page, atomically: true, encoding: .utf8)
            let shot = try chromium.screenshot(page, width: 480, height: 270, extraFlags: ["--disable-3d-apis"])
            let center = (135 * 480 + 240) * 4
            #expect(Array(shot.components[center..<center + 3]) == [200, 10, 10])
        }
    }

    /// Frames a second in headless Chromium at 1280 × 720 (real time, over
    /// 5 s of requestAnimationFrame), printed: a figure of this machine's
    /// CPU rasterizer, not a bound.
    @Test func framesASecondAt720p() throws {
        try Self.run { chromium in
            let page = try Self.page(
                "rate", body: Self.element("onboarding", style: "width: 1280px; height: 720px"),
                script: """
                    await frame(element);
                    const start = performance.now();
                    const frames = element.framesDrawn;
                    await wait(5000);
                    const seconds = (performance.now() - start) / 1000;
                    report({ fps: (element.framesDrawn - frames) / seconds, seconds, size: [element.canvas.width, element.canvas.height] });
                    """, in: chromium.folder)
            let report = try chromium.realTimeReport(page, width: 1280, height: 720)
            print("web element frame rate, onboarding at 1280×720 (\(chromium.backend)): \(report)")
            let findings = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
            #expect((findings?["fps"] as? Double ?? 0) > 1)
            #expect(findings?["size"] as? [Int] == [1280, 720])
        }
    }
}
