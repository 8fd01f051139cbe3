extension LayoutNode {
    /// The tree with layers `a` and `b` trading places (a stack's
    /// background too): what keeps a layout naming the same layers when
    /// the scene swaps them in its drawing order.
    public func swappingLayers(_ a: Int, _ b: Int) -> LayoutNode {
        renumberingLayers { index in index == a ? b : index == b ? a : index } ?? self
    }

    /// The layout with every layer index `i` made `renumbered(i)`: the
    /// layers moved, inserted or deleted under it. A layer mapped to nil
    /// leaves the layout (a stack's background naming it is dropped); nil
    /// when this node is such a layer.
    public func renumberingLayers(_ renumbered: (Int) -> Int?) -> LayoutNode? {
        switch self {
        case .spacer: return self
        case .layer(let index, let width, let height):
            return renumbered(index).map { .layer(index: $0, width: width, height: height) }
        case .stack(var stack):
            stack.background = stack.background.flatMap(renumbered)
            stack.children = stack.children.compactMap { $0.renumberingLayers(renumbered) }
            return .stack(stack)
        }
    }
}
