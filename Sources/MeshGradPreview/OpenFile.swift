import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradImGui

/// Another document opened in the same window: typed (Ctrl-O) or picked
/// from the recent files (the Document panel's "Recent files"). Unsaved
/// edits are asked about first, as on quit.
extension PreviewSession {
    /// What to do once a save the user was asked for has been made.
    enum AfterSave: Equatable {
        case quit
        case open(String)
    }

    /// Ctrl-O: asks for a path, the recent files below it.
    func beginOpen() {
        panels.openPath = ""
        panels.openFocused = false
        ask(.open)
    }

    /// The Open dialog's answer: a path that names no file keeps the
    /// dialog open, and says so.
    func openTyped() {
        let typed = panels.openField.text
        guard !typed.trimmingCharacters(in: .whitespaces).isEmpty else { return dialog = .open }
        guard FileManager.default.fileExists(atPath: typedPath(typed)) else {
            dialog = .open
            return say("no file at \(typedPath(typed))")
        }
        requestOpen(typed)
    }

    /// Opens `target` here, or first asks about unsaved edits; a photo is
    /// shown beside the document instead (``ReferenceImage``).
    func requestOpen(_ target: String) {
        if ReferenceImage.isPhoto(target) {
            showReference(path: typedPath(target))
        } else if editor.hasUnsavedChanges {
            ask(.unsavedBeforeOpen(target))
        } else {
            open(target)
        }
    }

    /// Replaces the window's document with the file at `target` (a path
    /// typed relative to the document's folder): its own undo history,
    /// recovery file and view. A file that cannot be read or drawn leaves
    /// the window as it was, and says why.
    @discardableResult
    func open(_ typed: String) -> Bool {
        let target = typedPath(typed)
        do {
            let document = try GradientDocument.load(path: target)
            try checkText(of: document, path: target)
            if !editor.hasUnsavedChanges { recovery?.remove() }
            editor = Editor(document: document)
            path = target
            label = (target as NSString).lastPathComponent
            watcher = FileWatcher(path: target)
            recovery = RecoveryFile(documentPath: target)
            isNewFile = false
            reloadError = nil
            layerView = LayerView()
            clock = AnimationClock()
            clock.playing = !options.paused
            navigation.zoom = 1
            navigation.pan = .zero
            renderer.forgetUpload()
            recentFiles.note(target)
            output("meshgrad preview: opened \(target)\n")
            say("opened \(label)")
            offerRecovery()
            return true
        } catch {
            errorOutput("meshgrad preview: \(error)\n")
            say("could not open: \(error)")
            return false
        }
    }

    /// The Document panel's list of recent files (those that still exist).
    func recentFilesSection() {
        let offered = recentFiles.offered(excluding: path)
        guard !offered.isEmpty else { return }
        let open = mgui_header("Recent files", false)
        panels.layout.note("recent-files")
        guard open else { return }
        for (n, file) in offered.enumerated() {
            mgui_push_id(Int32(n))
            if mgui_selectable((file as NSString).lastPathComponent, false) { requestOpen(file) }
            panels.layout.note("recent-\(n)")
            mgui_pop_id()
        }
    }

    /// The Open dialog: a path field (Enter opens) and the recent files.
    func openField() {
        mgui_text("Open a document, or a photo to take colors from (a path, relative to \(label)'s folder):")
        pathField("##openPath", \.openField, text: \.openPath, focused: \.openFocused)
        for (n, file) in recentFiles.offered(excluding: path).prefix(6).enumerated() {
            mgui_push_id(Int32(n))
            if mgui_selectable(file, false) {
                dialog = nil
                requestOpen(file)
            }
            mgui_pop_id()
        }
        buttons([("Open (Enter)", .open), ("Cancel (Esc)", .cancel)])
    }
}
