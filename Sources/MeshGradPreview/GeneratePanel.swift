import MeshGradCore
import MeshGradEditor
import MeshGradImGui

extension PreviewSession {
    /// New meshes from `meshgrad random`'s generator (a harmony, a theme in
    /// words; the R key presses the same button) and the document's grain.
    func generatePanel() {
        guard mgui_header("Generate", false) else { return }
        let harmonies = ["from the seed"] + Harmony.allCases.map(\.rawValue)
        var index = panels.harmonyIndex
        if combo("Harmony", &index, harmonies) { panels.harmonyIndex = index }
        if let typed = panels.themeField.draw("Theme", value: panels.themeText) {
            panels.themeText = typed
            panels.theme = typed.isEmpty ? nil : Theme(typed)
        }
        if editor.mesh != nil {
            if mgui_button("New random mesh (R)") { randomize() }
        } else {
            mgui_text_disabled("This scene has no mesh layer to regenerate.")
        }
        if let theme = panels.theme, !theme.unknownWords.isEmpty {
            mgui_text_disabled("Ignored: \(theme.unknownWords.joined(separator: ", "))")
        }
        var amount = editor.document.grain?.amount ?? 0
        edited(slider("Grain", &amount, 0...0.3)) { editor.setGrainAmount(amount) }
    }

    /// The harmony and theme the Generate panel holds (nil, nil: the seed's).
    var generatorChoice: (harmony: Harmony?, theme: Theme?) {
        let harmony = panels.harmonyIndex > 0 ? Harmony.allCases[panels.harmonyIndex - 1] : nil
        return (harmony, panels.theme)
    }
}
