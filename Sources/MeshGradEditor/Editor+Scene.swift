import MeshGradCore
import MeshGradDocument

/// Edits of a scene's layers (the Layers panel, frames dragged on the canvas).
extension Editor {
    /// The scene's layers; empty for a mesh document.
    public var layers: [Layer] { document.scene?.layers ?? [] }

    /// Applies `change` to layer `k` as one undoable step; nothing when the
    /// document is not a scene or has no such layer. A scene with a layout
    /// is laid out again, as reading it would: a laid-out layer's frame is
    /// its stack's (an edit of it changes nothing), and a text's frame
    /// follows its letters.
    public mutating func editLayer(_ k: Int, _ change: (inout Layer) -> Void) {
        edit { document in
            guard case .scene(var scene) = document.content, scene.layers.indices.contains(k) else { return }
            change(&scene.layers[k])
            document.content = .scene(scene.laidOutAgain())
        }
    }

    /// The smallest a frame may be made (a thousandth of the canvas), so a
    /// frame dragged to nothing can still be grabbed and grown again.
    public static let minimumFrameSide = 0.001

    /// Sets layer `k`'s frame, its size kept at least ``minimumFrameSide``
    /// and its position within ±``positionLimit``.
    public mutating func setFrame(ofLayer k: Int, to frame: UnitRect) {
        guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) else { return }
        let limit = Self.positionLimit
        let clamped = UnitRect(
            x: min(max(frame.x, -limit), limit), y: min(max(frame.y, -limit), limit),
            width: min(max(frame.width, Self.minimumFrameSide), 2 * limit),
            height: min(max(frame.height, Self.minimumFrameSide), 2 * limit))
        editLayer(k) { $0.frame = clamped }
    }

    public mutating func setOpacity(ofLayer k: Int, to opacity: Double) {
        guard opacity.isFinite else { return }
        editLayer(k) { $0.opacity = min(max(opacity, 0), 1) }
    }

    /// Moves layer `k` one place up (`delta` 1: drawn later, over its
    /// neighbour) or down (-1); returns its new index. The edited mesh
    /// stays the same layer.
    @discardableResult
    public mutating func moveLayer(_ k: Int, by delta: Int) -> Int {
        let other = k + delta
        guard layers.indices.contains(k), layers.indices.contains(other) else { return k }
        let edited = target
        edit { document in
            guard case .scene(var scene) = document.content else { return }
            scene.layers.swapAt(k, other)
            // The layout names layers by index: it follows them.
            scene.layout = scene.layout.map { SceneLayout(root: $0.root.swappingLayers(k, other)) }
            document.content = .scene(scene)
        }
        if case .layer(let m)? = edited {
            if m == k { select(layer: other) } else if m == other { select(layer: k) }
        }
        return other
    }

    /// How layer `k`'s picture fills its frame; nothing for another fill.
    public mutating func setContentMode(ofLayer k: Int, to mode: ImageContentMode) {
        editLayer(k) { layer in
            guard case .image(var image) = layer.fill else { return }
            image.contentMode = mode
            layer.fill = .image(image)
        }
    }

    /// Changes layer `k`'s text (string, size, weight, width); nothing for
    /// a layer without text.
    public mutating func editText(ofLayer k: Int, _ change: (inout TextMask) -> Void) {
        editLayer(k) { layer in
            guard var text = layer.text else { return }
            change(&text)
            text.size = min(max(text.size, 1), 2000)
            text.widthFactor = min(max(text.widthFactor, 0.25), 4)
            layer.text = text
        }
    }
}
