import Foundation
import MeshGradImGui

/// Where the panels' main widgets are, for scripts and the window tests
/// that click them (xdotool): with `MESHGRAD_PREVIEW_LAYOUT=FILE` in the
/// environment, each change of layout is written to FILE, one widget a
/// line: `name x y width height` in window pixels.
struct PanelLayout {
    let path: String? = ProcessInfo.processInfo.environment["MESHGRAD_PREVIEW_LAYOUT"]
    private var rects: [String: SIMD4<Float>] = [:]
    private var written: [String: SIMD4<Float>] = [:]

    /// Notes the last widget's rectangle under `name`.
    mutating func note(_ name: String) {
        guard path != nil else { return }
        var (x, y, width, height): (Float, Float, Float, Float) = (0, 0, 0, 0)
        mgui_item_rect(&x, &y, &width, &height)
        rects[name] = SIMD4(x, y, width, height)
    }

    /// Notes `rect` (screen units) under `name`: the artboard.
    mutating func note(_ name: String, rect: SIMD4<Float>) {
        guard path != nil else { return }
        rects[name] = rect
    }

    /// Writes the file when something moved since the last frame.
    mutating func endFrame() {
        guard let path, rects != written else { return }
        written = rects
        let lines = rects.keys.sorted().map { name in
            let r = rects[name]!
            return "\(name) \(Int(r.x)) \(Int(r.y)) \(Int(r.z)) \(Int(r.w))"
        }
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
