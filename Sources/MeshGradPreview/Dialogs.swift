import CGLFW
import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradImGui

/// A question the preview asks before it could lose something.
enum Dialog: Equatable {
    /// Quit with unsaved changes: save, discard or cancel.
    case quit
    /// The file changed on disk while the window has unsaved edits.
    case externalChange(GradientDocument)
    /// A recovery file from an earlier session that ended unsaved.
    case recovery(GradientDocument, written: Date)
    /// Save As: a path to type (folders that do not exist yet are made).
    case saveAs
    /// Open: a path to type, or a recent file.
    case open
    /// Another file asked for while this one has unsaved changes.
    case unsavedBeforeOpen(String)

    /// ImGui's popup name (the title of the dialog).
    var title: String {
        switch self {
        case .quit: "Unsaved changes"
        case .externalChange: "Changed on disk"
        case .recovery: "Recover unsaved work?"
        case .saveAs: "Save As"
        case .open: "Open"
        case .unsavedBeforeOpen: "Save changes first?"
        }
    }
}

extension PreviewSession {
    // MARK: - Asking

    /// Ctrl-Q or the window's close button: quits at once when nothing is
    /// unsaved, else asks.
    func requestQuit() {
        window.shouldClose = false
        if editor.hasUnsavedChanges {
            ask(.quit)
        } else {
            quitting = true
        }
    }

    func ask(_ question: Dialog) {
        dialog = question
        needsRedraw = true
        // ImGui fades the modal's dimming in over a sixth of a second.
        settleFrames = max(settleFrames, 15)
    }

    // MARK: - Answers

    enum Answer { case save, discard, cancel, reload, keep, recover, open }

    /// Ctrl-Shift-S: asks where to save, proposing a free name beside the
    /// document.
    func beginSaveAs() {
        panels.saveAsPath = proposedSaveName
        panels.saveAsFocused = false
        ask(.saveAs)
    }

    /// Save As's answer: the path typed, relative to the document's folder
    /// when not absolute (`~` is the home folder), `.json` added when it
    /// has no extension. An existing file is not replaced: the dialog stays
    /// and says so.
    func saveAs(_ typed: String) {
        guard !typed.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        var target = typedPath(typed)
        if (target as NSString).pathExtension.isEmpty { target += ".json" }
        if FileManager.default.fileExists(atPath: target) {
            panels.saveAsPath = target
            say("\((target as NSString).lastPathComponent) exists; choose another name")
            return
        }
        dialog = nil
        needsRedraw = true
        guard save(to: target), let then = afterSave else { return }
        afterSave = nil
        switch then {
        case .quit: quitting = true
        case .open(let other): open(other)
        }
    }

    /// Saves before `then` (quitting, opening another file): a document
    /// without a file of its own (a preset) asks where first.
    func save(then: AfterSave) {
        guard path != nil else {
            beginSaveAs()
            afterSave = then
            return
        }
        guard save(asNewFile: false) else { return }
        switch then {
        case .quit: quitting = true
        case .open(let other): open(other)
        }
    }

    func answer(_ answer: Answer) {
        guard let question = dialog else { return }
        dialog = nil
        needsRedraw = true
        settleFrames = max(settleFrames, 3)
        switch (question, answer) {
        case (.quit, .save):
            save(then: .quit)
        case (.unsavedBeforeOpen(let other), .save):
            save(then: .open(other))
        case (.unsavedBeforeOpen(let other), .discard):
            // Discarded only once the other file is open: one that cannot
            // be read leaves the edits here, still unsaved.
            var discarded = recovery
            if open(other) { discarded?.remove() }
        case (.open, .open):
            openTyped()
        case (.quit, .discard):
            recovery?.remove()
            quitting = true
        case (.externalChange(let fresh), .reload):
            editor.reload(fresh)
            editor.markSaved()
            recovery?.remove()
            say("reloaded \(label) (Ctrl-Z brings your edits back)")
        case (.externalChange, .keep):
            say("kept your edits; saving will replace the file on disk")
        case (.recovery(let recovered, _), .recover):
            editor.edit { $0 = recovered }
            renderer.forgetUpload()
            say("recovered unsaved work; Ctrl-S saves it")
        case (.recovery, .discard):
            recovery?.remove()
        case (.saveAs, .save):
            dialog = .saveAs
            saveAs(panels.saveAsField.text)
        case (.saveAs, .cancel):
            afterSave = nil
        default:
            break
        }
    }

    /// The keys of each dialog, handled before anything else: the first
    /// letter of each button, Enter for the first, Esc for the last.
    func dialogKey(_ key: Int32) {
        guard let question = dialog else { return }
        switch (question, key) {
        case (.quit, GLFW_KEY_S), (.quit, GLFW_KEY_ENTER): answer(.save)
        case (.quit, GLFW_KEY_D): answer(.discard)
        case (.quit, GLFW_KEY_ESCAPE), (.quit, GLFW_KEY_C): answer(.cancel)
        case (.externalChange, GLFW_KEY_R): answer(.reload)
        case (.externalChange, GLFW_KEY_K), (.externalChange, GLFW_KEY_ESCAPE), (.externalChange, GLFW_KEY_ENTER):
            answer(.keep)
        case (.recovery, GLFW_KEY_R), (.recovery, GLFW_KEY_ENTER): answer(.recover)
        case (.recovery, GLFW_KEY_D), (.recovery, GLFW_KEY_ESCAPE): answer(.discard)
        case (.unsavedBeforeOpen, GLFW_KEY_S), (.unsavedBeforeOpen, GLFW_KEY_ENTER): answer(.save)
        case (.unsavedBeforeOpen, GLFW_KEY_D): answer(.discard)
        case (.unsavedBeforeOpen, GLFW_KEY_ESCAPE), (.unsavedBeforeOpen, GLFW_KEY_C): answer(.cancel)
        case (.open, GLFW_KEY_ESCAPE): answer(.cancel)
        case (.open, GLFW_KEY_ENTER), (.open, GLFW_KEY_KP_ENTER): answer(.open)
        case (.saveAs, GLFW_KEY_ESCAPE): answer(.cancel)
        case (.saveAs, GLFW_KEY_ENTER), (.saveAs, GLFW_KEY_KP_ENTER): answer(.save)
        default: break
        }
    }

    // MARK: - Drawing

    /// The pending dialog as an ImGui modal (drawn even with the panels hidden).
    func dialogs() {
        if let question = dialog, shownDialog != question.title {
            mgui_open_popup(question.title)
            shownDialog = question.title
        }
        guard let shown = shownDialog, mgui_begin_modal(shown) else { return }
        defer { mgui_end_popup() }
        guard let question = dialog, question.title == shown else {
            mgui_close_popup()
            shownDialog = nil
            needsRedraw = true
            return
        }
        switch question {
        case .quit:
            mgui_text("\(label) has unsaved changes.")
            buttons([("Save (S)", .save), ("Discard (D)", .discard), ("Cancel (Esc)", .cancel)])
        case .externalChange:
            mgui_text("\(label) changed on disk, and this window has unsaved edits.")
            buttons([("Reload from disk (R)", .reload), ("Keep my edits (K)", .keep)])
        case .recovery(_, let written):
            mgui_text("Unsaved work on \(label) was kept from a session that ended")
            mgui_text("without saving (\(written.formatted(date: .abbreviated, time: .standard))).")
            buttons([("Recover (R)", .recover), ("Discard it (D)", .discard)])
        case .saveAs:
            saveAsField()
        case .open:
            openField()
        case .unsavedBeforeOpen(let other):
            mgui_text("\(label) has unsaved changes; save them before opening")
            mgui_text((other as NSString).lastPathComponent + "?")
            buttons([("Save (S)", .save), ("Discard (D)", .discard), ("Cancel (Esc)", .cancel)])
        }
    }

    /// The path field (with the keyboard when the dialog opens; Enter
    /// saves) and the buttons.
    func saveAsField() {
        mgui_text("Save \(label) as (a new folder in the path is made):")
        pathField("##saveAsPath", \.saveAsField, text: \.saveAsPath, focused: \.saveAsFocused)
        buttons([("Save (Enter)", .save), ("Cancel (Esc)", .cancel)])
    }

    /// A dialog's path field, given the keyboard the first frame it shows.
    func pathField(
        _ id: String, _ field: WritableKeyPath<PanelState, TextField>, text: WritableKeyPath<PanelState, String>,
        focused: WritableKeyPath<PanelState, Bool>
    ) {
        if !panels[keyPath: focused] {
            mgui_set_keyboard_focus_here()
            panels[keyPath: focused] = true
        }
        mgui_set_next_item_width(520)
        if let entered = panels[keyPath: field].draw(id, value: panels[keyPath: text]) {
            panels[keyPath: text] = entered
        }
    }

    func buttons(_ choices: [(String, Answer)]) {
        for (n, (title, choice)) in choices.enumerated() {
            if n > 0 { mgui_same_line() }
            if mgui_button(title) { answer(choice) }
        }
    }
}
