import MeshGradImGui

extension PreviewSession {
    /// Play/pause, a time slider that scrubs (pausing), speed, loop length.
    /// Edits made while paused change the document, not the frame shown:
    /// the editor always edits the document's own values.
    func animationPanel() {
        guard mgui_header("Animation", true) else { return }
        guard editor.document.isAnimated else {
            mgui_text_disabled("This document does not move.")
            return
        }
        if mgui_button(clock.playing ? "Pause" : "Play") { setPlaying(!clock.playing) }
        mgui_same_line()
        if mgui_button("Restart") { clock.time = 0 }
        var scrub = clock.time
        let end = max(animationLength, clock.time, 1)
        if slider("Time", &scrub, 0...end, format: "%.2f s") {
            setPlaying(false)
            clock.time = scrub
        }
        var rate = clock.speed
        if slider("Speed", &rate, 0.125...8, format: "%.3f×") { clock.speed = rate }
        var loop = editor.mesh?.animation?.loop ?? 0
        if editor.mesh?.animation != nil {
            edited(slider("Loop", &loop, 0...60, format: loop > 0 ? "%.2f s" : "none")) { editor.setLoop(loop) }
        }
        mgui_text_disabled("Space: play/pause   , .: step   [ ]: speed")
    }

    /// What the time slider spans: the loop, else the natural duration,
    /// else ten seconds.
    var animationLength: Double {
        if let loop = editor.mesh?.animation?.loop, loop > 0 { return loop }
        return editor.document.naturalDuration ?? 10
    }

    func setPlaying(_ on: Bool) {
        clock.playing = on
        needsRedraw = true
    }
}
