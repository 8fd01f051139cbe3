import MeshGradCore

extension Scene {
    /// SwiftUI source of a whole view drawing the scene: a `struct` named
    /// `viewName` whose body is a `ZStack` of the background and the
    /// layers, in the scene's size in points (SwiftUI's units, as text
    /// sizes and shadows are). Waves move meshes through their own
    /// `TimelineView`; layer keyframes make the whole stack a
    /// `TimelineView` reading a `Keyframes` value per moving layer, timed
    /// from when the view appears.
    public func swiftUICode(viewName: String) -> String {
        let keyframed = Set(layers.indices.filter { !layers[$0].keyframes.isEmpty })
        var lines = [
            "import SwiftUI", "",
            "/// A meshgrad scene: \(layers.count) layer(s) over a background, "
                + "\(swiftNumber(points.x)) × \(swiftNumber(points.y)) points.",
            "struct \(viewName): View {",
        ]
        if !keyframed.isEmpty {
            lines += [
                "    /// When the view appeared: the keyframes play from here.",
                "    @State private var start = Date()", "",
            ]
        }
        let shared = sharedFills
        lines += [
            "    var body: some View {", indented(bodyCode(keyframed: keyframed, shared: shared), by: 8), "    }",
        ]
        for (k, fill) in shared.fills.enumerated() {
            lines += [
                "", "    /// The fill of \(shared.users[k]) layers.", "    private var fill\(k): some View {",
                indented(fill.swiftUICode(), by: 8), "    }",
            ]
        }
        for k in keyframed.sorted() {
            let data = indented(layers[k].swiftUIKeyframes(points: points), by: 4).dropFirst(4)
            lines += ["", "    private static let layer\(k) = " + data]
        }
        if !keyframed.isEmpty { lines += ["", indented(swiftUIKeyframesType, by: 4)] }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `ZStack` in its frame, inside a `TimelineView` when layers have
    /// keyframes: `t` is the seconds since the view appeared, `stateK`
    /// layer K's frame and opacity then.
    private func bodyCode(keyframed: Set<Int>, shared: SharedFills) -> String {
        var stack = ["ZStack {"]
        if background != .solid(.clear) { stack.append(indented(background.swiftUICode(), by: 4)) }
        let laidOut = Set(layout?.root.layerIndices ?? [])
        for (k, layer) in layers.enumerated() where !laidOut.contains(k) {
            let state = keyframed.contains(k) ? "state\(k)" : nil
            if let state { stack.append("    let \(state) = Self.layer\(k).state(at: t)") }
            let sharedFill = shared.fills.firstIndex(of: layer.fill).map { "fill\($0)" }
            stack.append(indented(layer.swiftUICode(points: points, state: state, sharedFill: sharedFill), by: 4))
        }
        if let layout {
            // The laid-out layers, above the others, in their stacks.
            for k in keyframed.sorted() where laidOut.contains(k) {
                stack.append("    let state\(k) = Self.layer\(k).state(at: t)")
            }
            stack.append(indented(layoutCode(layout.root, keyframed: keyframed), by: 4))
        }
        stack += ["}", ".frame(width: \(swiftNumber(points.x)), height: \(swiftNumber(points.y)))"]
        let zstack = stack.joined(separator: "\n")
        guard !keyframed.isEmpty else { return zstack }
        return "TimelineView(.animation) { context in\n    let t = context.date.timeIntervalSince(start)\n"
            + indented(zstack, by: 4) + "\n}"
    }
}

/// Fills that several layers paint with (the wallpaper's nine bars), in
/// order of first use, each with its number of layers: the view prints
/// each once, as a property, rather than once per layer.
private struct SharedFills {
    var fills: [Fill] = []
    var users: [Int] = []
}

extension Scene {
    private var sharedFills: SharedFills {
        var shared = SharedFills()
        // Laid-out layers print their fill as a style of their own.
        let laidOut = Set(layout?.root.layerIndices ?? [])
        let placed = layers.indices.filter { !laidOut.contains($0) }.map { layers[$0] }
        for layer in placed where !shared.fills.contains(layer.fill) {
            let count = placed.filter { $0.fill == layer.fill }.count
            if count > 1 {
                shared.fills.append(layer.fill)
                shared.users.append(count)
            }
        }
        return shared
    }
}
