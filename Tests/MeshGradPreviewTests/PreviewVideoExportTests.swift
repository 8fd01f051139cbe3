import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradTestSupport
import Testing

/// The Export panel's video, made in the editor's own process by the
/// pipeline's animation export: pressed for real (xdotool), its file read
/// back by ffprobe, and a cancelled one leaving nothing behind.
/// (An extension of PreviewWindowTests: one preview window at a time.)
extension PreviewWindowTests {
    /// `lava` with its loop and canvas set: `seconds` × 30 frames at `size`.
    static func lavaClip(seconds: Double, size: CanvasSize) -> GradientDocument {
        var document = Presets.lava.document
        document.size = size
        if case .mesh(var animated) = document.content {
            animated.animation?.loop = seconds
            document.content = .mesh(animated)
        }
        return document
    }

    /// The names in `folder`, but the layout file the test asked for.
    func namesBeside(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "layout.txt" }.sorted()
    }

    /// `document` saved as `name` in `dir` and opened in a preview that
    /// writes its layout; the Export panel opened (closed at first) and
    /// Export video pressed.
    func exportVideo(of document: GradientDocument, named name: String, in dir: URL, display: String) throws
        -> (Preview, layoutFile: URL)
    {
        let spec = dir.appendingPathComponent(name)
        try Data(document.jsonText().utf8).write(to: spec)
        let layoutFile = dir.appendingPathComponent("layout.txt")
        let preview = try Preview(
            arguments: [spec.path, "--window", "900x900"], display: display,
            environment: ["MESHGRAD_PREVIEW_LAYOUT": layoutFile.path])
        try press("export", preview, layoutFile: layoutFile)
        try press("export-video", preview, layoutFile: layoutFile)
        return (preview, layoutFile)
    }

    @Test func exportVideoWritesEveryFrameOfTheLoop() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (preview, _) = try exportVideo(
            of: Self.lavaClip(seconds: 1, size: CanvasSize(width: 64, height: 48)), named: "clip.json", in: dir,
            display: display)
        let video = dir.appendingPathComponent("clip-1.mp4")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: video.path) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let said = try preview.quit()
        #expect(said.contains("exported clip-1.mp4"), "\(said)")
        let probe = try ChildProcess.run(
            "/usr/bin/ffprobe",
            ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
             "stream=width,height,nb_read_frames", "-of", "csv=p=0", video.path])
        #expect(probe.out.trimmingCharacters(in: .whitespacesAndNewlines) == "64,48,30", "\(probe.out)\(probe.err)")
        #expect(try namesBeside(dir) == ["clip-1.mp4", "clip.json"])
    }

    @Test func aCancelledVideoExportLeavesNothing() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 600 frames at 640×360: long enough to be cancelled half made.
        let (preview, layoutFile) = try exportVideo(
            of: Self.lavaClip(seconds: 20, size: CanvasSize(width: 640, height: 360)), named: "long.json", in: dir,
            display: display)
        let cancel = try #require(layout(layoutFile, waitingFor: "export-cancel", timeout: 20))
        // Frames are being written: the temporary beside the target.
        let deadline = Date().addingTimeInterval(20)
        while try namesBeside(dir).count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        try click(preview, at: SIMD2(cancel.x + cancel.z / 2, cancel.y + cancel.w / 2))
        let gone = Date().addingTimeInterval(20)
        while try namesBeside(dir) != ["long.json"] && Date() < gone { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try namesBeside(dir) == ["long.json"])
        let said = try preview.quit()
        #expect(said.contains("video export cancelled"), "\(said)")
    }
}
