import Foundation
import MeshGradCore
import MeshGradPNG
import MeshGradTestSupport
import Testing

/// The artboard: the document in its own aspect, between the docked
/// panels, never under them; checked from `--layout-json` against the
/// window's own pixels.
extension PreviewWindowTests {
    struct Layout: Decodable {
        struct Rect: Decodable {
            var x, y, width, height: Int
            func overlaps(_ o: Rect) -> Bool {
                x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height
            }
        }
        struct Panel: Decodable {
            var name: String
            var x, y, width, height: Int
            var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
        }
        var artboard: Rect
        var panels: [Panel]
        var rulers: [Panel]
    }

    /// Runs the preview for a few frames; its layout and last frame.
    func layoutAndFrame(_ arguments: [String], display: String) throws -> (Layout, RGBAImage<UInt8>) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("layout.json")
        let png = dir.appendingPathComponent("frame.png")
        _ = try runOnDisplay(
            Self.binary.path,
            ["preview"] + arguments + [
                "--frames", "3", "--paused", "--screenshot", png.path, "--layout-json", json.path,
            ],
            display: display, timeout: 60)
        let layout = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: json))
        return (layout, try PNGDecoder.decode(Array(Data(contentsOf: png))).image8)
    }

    /// The window's backdrop round the artboard (0.11, 0.11, 0.12).
    func isBackdrop(_ image: RGBAImage<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let p = pixel(image, x, y)
        return abs(Int(p.x) - 28) <= 1 && abs(Int(p.y) - 28) <= 1 && abs(Int(p.z) - 31) <= 1
    }

    @Test func aPortraitSceneKeepsItsAspectBetweenThePanels() throws {
        guard let display = display() else { return }
        let (layout, frame) = try layoutAndFrame(
            ["--preset", "onboarding-screen", "--window", "1280x720"], display: display)
        let board = layout.artboard
        let aspect = Double(board.width) / Double(board.height)
        let documentAspect = 1179.0 / 2556
        #expect(abs(aspect / documentAspect - 1) < 0.01, "artboard \(board), aspect \(aspect)")
        #expect(Set(layout.panels.map(\.name)) == ["document", "edit", "status"])
        for panel in layout.panels {
            #expect(!panel.rect.overlaps(board), "\(panel.name) \(panel.rect) over the artboard \(board)")
        }
        // The pixels agree: backdrop just outside the artboard's sides, the
        // scene just inside.
        let middle = board.y + board.height / 2
        #expect(isBackdrop(frame, board.x - 2, middle) && isBackdrop(frame, board.x + board.width + 1, middle))
        #expect(!isBackdrop(frame, board.x + 1, middle) && !isBackdrop(frame, board.x + board.width - 2, middle))
        #expect(!isBackdrop(frame, board.x + board.width / 2, board.y + 1))
        #expect(isBackdrop(frame, board.x + board.width / 2, board.y - 2))
        try checkRulers(layout, frame, canvasWidth: 1179)
    }

    /// The rulers lie along the top and the left of the artboard's space,
    /// over none of it; the top one's ticks stand on canvas pixels: the
    /// first at the artboard's left edge (pixel 0), the long ones evenly
    /// spaced at a round number of canvas pixels.
    func checkRulers(_ layout: Layout, _ frame: RGBAImage<UInt8>, canvasWidth: Int) throws {
        let board = layout.artboard
        #expect(Set(layout.rulers.map(\.name)) == ["top", "left"])
        for ruler in layout.rulers { #expect(!ruler.rect.overlaps(board), "\(ruler.name) \(ruler.rect) over \(board)") }
        let top = try #require(layout.rulers.first { $0.name == "top" })
        func isTick(_ x: Int, _ y: Int) -> Bool { pixel(frame, x, y).x > 120 }
        // Long ticks reach the ruler's top row; labels start 3 px right of theirs.
        let long = (top.x..<(top.x + top.width)).filter { isTick($0, top.y + 1) && !isTick($0 - 1, top.y + 1) }
        let onCanvas = long.filter { $0 >= board.x - 1 && $0 <= board.x + board.width }
        #expect(
            onCanvas.first.map { abs($0 - board.x) <= 1 } == true, "first long tick \(long) vs left edge \(board.x)")
        let pixels = onCanvas.map { Double($0 - board.x) * Double(canvasWidth) / Double(board.width) }
        try #require(pixels.count >= 3, "long ticks at \(long)")
        let step = pixels[1] - pixels[0]
        let round = [100.0, 200, 250, 500, 1000].min { abs($0 - step) < abs($1 - step) }!
        for (n, p) in pixels.enumerated() {
            #expect(
                abs(p - Double(n) * round) <= Double(canvasWidth) / Double(board.width) * 1.5,
                "tick \(n) at \(p), step \(round)")
        }
        // Short ticks between them.
        let short = (top.x..<(top.x + top.width)).filter {
            isTick($0, top.y + top.height - 2) && !isTick($0, top.y + 1)
        }
        #expect(short.count >= pixels.count, "short ticks \(short)")
    }

    @Test func aMeshWithoutASizeShowsAtItsExportShape() throws {
        guard let display = display() else { return }
        let (layout, frame) = try layoutAndFrame(
            ["--preset", "sunset", "--window", "1400x900", "--export-size", "1080x1920"], display: display)
        let board = layout.artboard
        #expect(abs(Double(board.width) / Double(board.height) / (1080.0 / 1920) - 1) < 0.01, "\(board)")
        for panel in layout.panels { #expect(!panel.rect.overlaps(board), "\(panel.name) over \(board)") }
        #expect(!isBackdrop(frame, board.x + board.width / 2, board.y + board.height / 2))
        #expect(isBackdrop(frame, board.x - 2, board.y + board.height / 2))
    }

    /// A still mesh between the panels is, pixel for pixel, what `meshgrad
    /// render` draws at the artboard's size: put in place the right way
    /// up, neither shifted nor scaled (on llvmpipe the editor draws meshes
    /// on the CPU and blits the picture straight there).
    @Test func aStillMeshBetweenThePanelsIsItsRenderingPixelForPixel() throws {
        guard let display = display() else { return }
        let (layout, frame) = try layoutAndFrame(["--preset", "sunset", "--window", "1400x900"], display: display)
        let board = layout.artboard
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("board.png")
        _ = try runOnDisplay(
            Self.binary.path,
            ["render", "--preset", "sunset", "--size", "\(board.width)x\(board.height)", "-o", png.path],
            display: display, timeout: 60)
        let rendered = try PNGDecoder.decode(Array(Data(contentsOf: png))).image8
        var differing = 0
        for y in 0..<board.height {
            for x in 0..<board.width where pixel(frame, board.x + x, board.y + y) != rendered[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) of \(board.width * board.height) pixels differ in \(board)")
        #expect(isBackdrop(frame, board.x - 1, board.y + board.height / 2))
        #expect(isBackdrop(frame, board.x + board.width / 2, board.y + board.height))
    }
}

extension PreviewWindowTests {
    /// A still document shows its panels without any input: the window is
    /// read from the X server (`import -window`), not asked for a frame
    /// (which would draw more), until the Document panel's header appears.
    @Test func aStillDocumentShowsItsPanelsWithoutInput() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["preview", "--preset", "sunset", "--window", "800x500"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var window = ""
        var header: SIMD4<UInt8>?
        let shot = dir.appendingPathComponent("window.png").path
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, header == nil {
            if window.isEmpty {
                let found = try runOnDisplay(
                    "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(process.processIdentifier)"],
                    display: display)
                window = found.split(separator: "\n").first.map(String.init) ?? ""
            } else {
                _ = try runOnDisplay("/usr/bin/import", ["-window", window, shot], display: display)
                if let image = try? PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: shot)))).image8,
                    image.width == 800
                {
                    // The Document panel's first section header (ImGui's dark blue).
                    let p = pixel(image, 150, 49)
                    if p.z > p.x + 30 { header = p }
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(header != nil, "the panels never appeared without input")
    }
}
