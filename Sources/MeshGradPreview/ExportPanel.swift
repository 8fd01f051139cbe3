import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradImGui

extension PreviewSession {
    /// A PNG at a chosen size (the sizes `meshgrad sizes` names), and the
    /// SwiftUI code, read-only, with a Copy button.
    func exportPanel() {
        // Closed at first: the code box costs a software rasterizer frames.
        let open = mgui_header("Export", false)
        panels.layout.note("export")
        guard open else { return }
        exportPlaceFields()
        let sizes = exportSizes
        var index = min(panels.exportSizeIndex, sizes.count - 1)
        if combo("PNG size", &index, sizes.map(\.name)) { panels.exportSizeIndex = index }
        if mgui_button("Export PNG") { exportPNG(size: sizes[index].size) }
        videoFields()
        mgui_separator()
        mgui_text("SwiftUI code")
        mgui_same_line()
        if mgui_small_button("Copy") { copyCode() }
        mgui_text_box("##code", swiftUICode, 140)
    }

    /// Where exports go: a folder (relative to the document's, made when
    /// missing) and a name (the document's by default); each export takes
    /// the first free `NAME-N` there, so nothing is replaced.
    func exportPlaceFields() {
        if let typed = panels.exportFolderField.draw("Folder##export", value: exportFolder) {
            panels.exportFolder = typed.trimmingCharacters(in: .whitespaces)
        }
        panels.layout.note(panels.exportFolderField.editing ? "export-folder-editing" : "export-folder")
        if let typed = panels.exportNameField.draw("Name##export", value: exportStem) {
            panels.exportName = typed.trimmingCharacters(in: .whitespaces)
        }
        panels.layout.note(panels.exportNameField.editing ? "export-name-editing" : "export-name")
    }

    /// The folder exports go to, as shown: the one typed, else the document's.
    var exportFolder: String {
        if let folder = panels.exportFolder, !folder.isEmpty { return folder }
        return documentFolder.isEmpty ? "." : documentFolder
    }

    /// The name exports start from: the one typed, else the document's.
    var exportStem: String {
        if let name = panels.exportName, !name.isEmpty { return name }
        return (label as NSString).deletingPathExtension
    }

    /// A free path for an export: `exportStem` + `suffix` + `-N.ext` in the
    /// export folder (made when missing; relative to the document's folder).
    func exportTarget(suffix: String = "", extension ext: String) throws -> String {
        var folder = documentFolder
        if let typed = panels.exportFolder, !typed.isEmpty {
            folder = typedPath(typed)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return freeName(in: folder, stem: exportStem + suffix, extension: ext)
    }

    /// The export size (--export-size, else the document's), then every
    /// named size.
    var exportSizes: [(name: String, size: CanvasSize)] {
        [("\(options.exportSize) (default)", options.exportSize)]
            + CanvasSize.named.map { ("\($0.name) \($0.size)", $0.size) }
    }

    /// What `meshgrad code` prints, made again only when the document changed.
    var swiftUICode: String {
        if let code = panels.code, code.document == editor.document { return code.text }
        let text = editor.document.swiftUICode(viewName: swiftViewName(for: label))
        panels.code = (editor.document, text)
        return text
    }

    func copyCode() {
        window.setClipboard(swiftUICode)
        say("SwiftUI code copied to the clipboard")
    }

    static let videoFormats = ["mp4", "webm", "mov", "gif"]

    /// A video of the animation, exported in this process (``VideoExport``),
    /// with its progress and Cancel.
    func videoFields() {
        guard editor.document.isAnimated else { return }
        mgui_separator()
        if let export = videoExport {
            mgui_text("Writing \((export.target as NSString).lastPathComponent)")
            mgui_progress(Float(export.fraction), String(format: "%.0f %%", export.fraction * 100))
            let cancel = mgui_button("Cancel")
            panels.layout.note("export-cancel")
            if cancel { export.cancel() }
            return
        }
        var format = panels.videoFormat
        if combo("Video", &format, Self.videoFormats) { panels.videoFormat = format }
        var seconds = panels.videoSeconds ?? animationLength
        if slider("Seconds", &seconds, 0.5...60, format: "%.1f s") { panels.videoSeconds = seconds }
        panels.layout.note("video-seconds")
        let pressed = mgui_button("Export video")
        panels.layout.note("export-video")
        if pressed { exportVideo(seconds: seconds, format: Self.videoFormats[format]) }
    }

    func exportVideo(seconds: Double, format: String) {
        do {
            let target = try exportTarget(extension: format)
            // The size chosen for PNGs, once the user chose one; else animate's own default.
            let size = panels.exportSizeIndex > 0 ? exportSizes[panels.exportSizeIndex].size : nil
            videoExport = try VideoExport(document: editor.document, target: target, seconds: seconds, size: size)
            say("exporting \((target as NSString).lastPathComponent)…")
        } catch {
            say("video export failed: \(error)")
        }
    }

    /// Follows a running video export (every 50 ms from the run loop).
    func pollVideoExport() {
        guard let export = videoExport else { return }
        let before = export.fraction
        if let outcome = export.outcome() {
            videoExport = nil
            output("meshgrad preview: \(outcome)\n")
            say(outcome)
        } else if export.fraction != before {
            needsRedraw = true
        }
    }
}
