import MeshGradCore
import MeshGradImGui

extension PreviewSession {
    /// The timeline: play/pause, the playhead (a time slider that scrubs,
    /// pausing), speed, loop length, keyframe recording, and the tracks:
    /// each keyframe (its end, curve, spring), the waves and the drift.
    /// Edits change the document's own values, never just the frame shown.
    func animationPanel() {
        guard mgui_header("Animation", true) else { return }
        if mgui_button(clock.playing ? "Pause" : "Play") { setPlaying(!clock.playing) }
        mgui_same_line()
        if mgui_button("Restart") { clock.time = 0 }
        var scrub = clock.time
        let end = max(animationLength, clock.time, 1)
        if slider("Time", &scrub, 0...end, format: "%.2f s") {
            setPlaying(false)
            clock.time = scrub
        }
        panels.layout.note("playhead")
        var recording = gestures.recordsKeyframes
        if mgui_checkbox("Record keyframes (K)", &recording) {
            gestures.recordsKeyframes = recording
        }
        guard editor.document.isAnimated else {
            mgui_text_disabled("This document does not move: record, then drag a point at a time > 0.")
            return
        }
        var rate = clock.speed
        if slider("Speed", &rate, 0.125...8, format: "%.3f×") { clock.speed = rate }
        var loop = editor.mesh?.animation?.loop ?? 0
        if editor.mesh?.animation != nil {
            edited(slider("Loop", &loop, 0...60, format: loop > 0 ? "%.2f s" : "none")) { editor.setLoop(loop) }
        }
        tracks()
        mgui_text_disabled("Space: play/pause   , .: step   [ ]: speed")
    }

    /// One line a keyframe (select: its end, curve and delete), then the
    /// waves' and drift's.
    func tracks() {
        let ends = editor.keyframeEnds
        guard let animation = editor.mesh?.animation else { return }
        mgui_separator()
        for (k, end) in ends.enumerated() {
            mgui_push_id(Int32(k))
            let keyframe = animation.keyframes[k]
            let moved = keyframe.positions != nil ? "points" : ""
            let colored = keyframe.colors != nil || keyframe.background != nil ? " colors" : ""
            let line = "key \(k + 1)  at \(String(format: "%.2f", end)) s  \(easingName(keyframe.easing))  \(moved)\(colored)"
            if mgui_selectable(line, panels.keyframe == k) {
                panels.keyframe = panels.keyframe == k ? nil : k
                setPlaying(false)
                clock.time = end
            }
            mgui_pop_id()
        }
        if let k = panels.keyframe, ends.indices.contains(k) { keyframeFields(k, animation.keyframes[k], end: ends[k]) }
        if !animation.waves.isEmpty { mgui_text_disabled("waves: \(animation.waves.count) vertices (edited in the file)") }
        if let drift = animation.drift {
            mgui_text_disabled(String(format: "drift: amplitude %.3f, speed %.2f, seed %d", drift.amplitude, drift.speed, Int(drift.seed)))
        }
    }

    static let easingNames = ["linear", "easeIn", "easeOut", "easeInOut", "spring"]

    func easingName(_ easing: Easing) -> String {
        switch easing {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .spring: "spring"
        }
    }

    /// The selected keyframe: its end time, its curve (a spring's response
    /// and damping), and Delete.
    func keyframeFields(_ k: Int, _ keyframe: Keyframe, end: Double) {
        var time = end
        edited(slider("Ends at", &time, 0.01...max(60, end), format: "%.2f s")) { editor.setKeyframeEnd(k, to: time) }
        var curve = Self.easingNames.firstIndex(of: easingName(keyframe.easing)) ?? 3
        edited(combo("Curve", &curve, Self.easingNames)) {
            let easings: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .spring(response: 0.55, dampingFraction: 0.825)]
            editor.setKeyframeEasing(k, to: easings[curve])
        }
        if case .spring(var response, var damping) = keyframe.easing {
            edited(slider("Response", &response, 0.05...4, format: "%.2f s")) {
                editor.setKeyframeEasing(k, to: .spring(response: response, dampingFraction: damping))
            }
            edited(slider("Damping", &damping, 0.05...2, format: "%.2f")) {
                editor.setKeyframeEasing(k, to: .spring(response: response, dampingFraction: damping))
            }
        }
        if mgui_button("Delete keyframe") {
            editor.deleteKeyframe(k)
            panels.keyframe = nil
        }
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
