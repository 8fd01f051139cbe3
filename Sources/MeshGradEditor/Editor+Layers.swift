import MeshGradCore
import MeshGradDocument

/// Layers made, removed and named (the Layers panel): each one undoable
/// step; a layout follows the layers it names, and the edited mesh stays
/// the same layer (or, deleted, becomes the scene's first mesh).
extension Editor {
    /// The kinds of layer the Layers panel adds.
    public enum NewLayer: String, CaseIterable, Sendable {
        case text, mesh, shape

        /// A layer of this kind, centered, half the canvas wide.
        public var layer: Layer {
            let frame = UnitRect(x: 0.25, y: 0.4, width: 0.5, height: 0.2)
            switch self {
            case .text:
                return Layer(frame: frame, fill: .solid(.white), text: TextMask(text: "Text", size: 48, weight: .bold))
            case .mesh:
                let grid = MeshGradient.regularGrid(width: 3, height: 3)
                let colors = ["#EB0000", "#FF8800", "#ECE900", "#FF0077", "#00BFFF", "#00FF9A", "#9300FF", "#FF00BB", "#00FADC"]
                let mesh = MeshGradient(
                    width: 3, height: 3, locations: .points(grid), colors: colors.compactMap { RGBAColor(hex: $0) })
                return Layer(frame: UnitRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), fill: .mesh(mesh, nil))
            case .shape:
                return Layer(frame: frame, fill: .solid(RGBAColor(hex: "#FFFFFF40")!), shape: .roundedRectangle(cornerRadius: 12))
            }
        }
    }

    /// Inserts `layer` at `index` (drawn over the layers below it);
    /// returns where it went, nil when the document is not a scene.
    @discardableResult
    public mutating func insertLayer(_ layer: Layer, at index: Int) -> Int? {
        guard document.scene != nil else { return nil }
        let at = min(max(index, 0), layers.count)
        let edited = target
        renumberLayers { $0 >= at ? $0 + 1 : $0 } change: { $0.insert(layer, at: at) }
        if case .layer(let m)? = edited, m >= at { target = .layer(m + 1) }
        return at
    }

    /// Removes layer `k`; its place in a layout goes with it.
    public mutating func deleteLayer(_ k: Int) {
        guard layers.indices.contains(k) else { return }
        let edited = target
        renumberLayers { $0 == k ? nil : $0 > k ? $0 - 1 : $0 } change: { $0.remove(at: k) }
        switch edited {
        case .layer(let m)? where m == k:
            target = document.defaultMeshTarget
            selection = nil
            group = []
        case .layer(let m)? where m > k: target = .layer(m - 1)
        default: break
        }
    }

    /// A copy of layer `k` just above it ("… copy"); returns its index.
    @discardableResult
    public mutating func duplicateLayer(_ k: Int) -> Int? {
        guard layers.indices.contains(k) else { return nil }
        var copy = layers[k]
        copy.name = copy.name.map { "\($0) copy" }
        return insertLayer(copy, at: k + 1)
    }

    /// Names layer `k` (the Layers panel's name; blank: no name), at most
    /// 200 characters.
    public mutating func renameLayer(_ k: Int, to name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        editLayer(k) { $0.name = trimmed.isEmpty ? nil : String(trimmed.prefix(200)) }
    }

    /// Moves layer `k` to index `j` (the Layers panel's drag), the layers
    /// between shifting one place; returns where it went. The edited mesh
    /// stays the same layer.
    @discardableResult
    public mutating func moveLayer(_ k: Int, to j: Int) -> Int {
        guard layers.indices.contains(k) else { return k }
        let to = min(max(j, 0), layers.count - 1)
        guard to != k else { return k }
        let moved = { (i: Int) -> Int in
            if i == k { return to }
            if k < to, i > k, i <= to { return i - 1 }
            if to < k, i >= to, i < k { return i + 1 }
            return i
        }
        let edited = target
        renumberLayers(moved) { layers in layers.insert(layers.remove(at: k), at: to) }
        if case .layer(let m)? = edited { target = .layer(moved(m)) }
        return to
    }

    /// Locks or unlocks layer `k` (`"locked"`): a locked layer's frame and
    /// mesh are not picked or moved on the canvas.
    public mutating func setLocked(layer k: Int, _ locked: Bool) {
        editLayer(k) { $0.locked = locked }
    }

    /// Whether layer `k` is locked.
    public func isLocked(layer k: Int) -> Bool {
        layers.indices.contains(k) && layers[k].locked
    }

    /// Whether the edited mesh is a locked layer's: its points stay put.
    public var editsLockedLayer: Bool {
        if case .layer(let m)? = target { return isLocked(layer: m) }
        return false
    }

    /// One step: `change` to the layers, the layout's indices renumbered
    /// to follow them, the scene laid out again.
    private mutating func renumberLayers(_ renumbered: (Int) -> Int?, change: (inout [Layer]) -> Void) {
        edit { document in
            guard case .scene(var scene) = document.content else { return }
            change(&scene.layers)
            scene.layout = scene.layout.flatMap { layout in layout.root.renumberingLayers(renumbered).map(SceneLayout.init) }
            document.content = .scene(scene.laidOutAgain())
        }
    }
}
