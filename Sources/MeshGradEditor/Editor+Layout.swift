import MeshGradCore
import MeshGradDocument

/// A layer placed by the scene's layout: its frame is its stack's to give,
/// so the stack is what the editor edits (spacing, padding, alignment).
extension Editor {
    /// The innermost stack of the layout holding layer `k` (as a child or
    /// as its background); nil for a layer placed by its own frame.
    public func stackHolding(layer k: Int) -> LayoutNode.Stack? {
        guard let root = document.scene?.layout?.root else { return nil }
        return Self.innermostStack(holding: k, in: root)
    }

    /// Changes the stack holding layer `k` as one undo step, the scene laid
    /// out again; nothing for a layer no stack holds.
    public mutating func editStack(holding k: Int, _ change: (inout LayoutNode.Stack) -> Void) {
        edit { document in
            guard case .scene(var scene) = document.content, let root = scene.layout?.root,
                let edited = Self.editing(root, holding: k, change)
            else { return }
            scene.layout = SceneLayout(root: edited)
            document.content = .scene(scene.laidOutAgain())
        }
    }

    static func innermostStack(holding k: Int, in node: LayoutNode) -> LayoutNode.Stack? {
        guard case .stack(let stack) = node else { return nil }
        for child in stack.children {
            if let inner = innermostStack(holding: k, in: child) { return inner }
        }
        let holds = stack.background == k || stack.children.contains { child in
            if case .layer(let index, _, _) = child { return index == k }
            return false
        }
        return holds ? stack : nil
    }

    /// `node` with the innermost stack holding `k` changed; nil when none holds it.
    static func editing(
        _ node: LayoutNode, holding k: Int, _ change: (inout LayoutNode.Stack) -> Void
    ) -> LayoutNode? {
        guard case .stack(var stack) = node else { return nil }
        for (n, child) in stack.children.enumerated() {
            if let edited = editing(child, holding: k, change) {
                stack.children[n] = edited
                return .stack(stack)
            }
        }
        guard Self.innermostStack(holding: k, in: .stack(stack)) != nil else { return nil }
        change(&stack)
        return .stack(stack)
    }
}
