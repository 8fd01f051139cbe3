extension LayoutNode {
    /// The tree with layers `a` and `b` trading places (a stack's
    /// background too): what keeps a layout naming the same layers when
    /// the scene swaps them in its drawing order.
    public func swappingLayers(_ a: Int, _ b: Int) -> LayoutNode {
        func swapped(_ index: Int) -> Int { index == a ? b : index == b ? a : index }
        switch self {
        case .spacer: return self
        case .layer(let index, let width, let height):
            return .layer(index: swapped(index), width: width, height: height)
        case .stack(var stack):
            stack.background = stack.background.map(swapped)
            stack.children = stack.children.map { $0.swappingLayers(a, b) }
            return .stack(stack)
        }
    }
}
