/// A screen written as a tree of stacks rather than as measured frames:
/// SwiftUI's `VStack`, `HStack` and `ZStack` with spacing, padding,
/// alignment and `Spacer`s, whose leaves are the scene's layers. Laying
/// it out (``SceneLayout/frames(points:intrinsicSize:)``) gives each
/// layer it holds a frame; layers it does not hold keep their own frames.
///
/// The rules are SwiftUI's (Docs/document-format.md, "Layout"): a parent
/// proposes a size, the child chooses its own, the parent places it. A
/// stack offers its children the space left after spacing and its
/// spacers' minimum lengths, least flexible child first, each an equal
/// share of what is left, then its spacers what those leave; a spacer
/// takes what it is offered along its stack (at least its minimum
/// length); a layer with text has its text's size, wrapped to the width
/// it is offered (``TextMask/wrapsInLayout``), a layer with a fixed width
/// or height has it, any other layer (a color, a gradient, a shape) takes
/// what it is offered. The root is offered the whole canvas and centered
/// in it.
public struct SceneLayout: Hashable, Sendable {
    public var root: LayoutNode

    public init(root: LayoutNode) {
        self.root = root
    }
}

public indirect enum LayoutNode: Hashable, Sendable {
    case stack(Stack)
    /// SwiftUI's `Spacer(minLength:)`: flexible along its stack's axis.
    case spacer(minLength: Double)
    /// The scene's layer at `index`, with a fixed width or height in points
    /// where given (SwiftUI's `.frame(width:height:)`).
    case layer(index: Int, width: Double?, height: Double?)

    public struct Stack: Hashable, Sendable {
        public enum Axis: String, Hashable, Sendable, CaseIterable {
            case vertical = "vstack"
            case horizontal = "hstack"
            case depth = "zstack"
        }

        public var axis: Axis
        /// Between neighbouring children (spacers too), in points.
        public var spacing: Double
        public var alignment: LayoutAlignment
        public var padding: EdgeInsets
        /// A layer drawn behind the stack, in its frame padding included
        /// (SwiftUI's `.padding().background(...)`).
        public var background: Int?
        public var children: [LayoutNode]

        public init(
            axis: Axis, spacing: Double = 8, alignment: LayoutAlignment = .center, padding: EdgeInsets = .zero,
            background: Int? = nil, children: [LayoutNode]
        ) {
            self.axis = axis
            self.spacing = spacing
            self.alignment = alignment
            self.padding = padding
            self.background = background
            self.children = children
        }
    }

    /// The layers the node holds, in order (backgrounds first).
    public var layerIndices: [Int] {
        switch self {
        case .stack(let stack): (stack.background.map { [$0] } ?? []) + stack.children.flatMap(\.layerIndices)
        case .spacer: []
        case .layer(let index, _, _): [index]
        }
    }

    /// How deep the tree goes: 1 for a leaf.
    public var depth: Int {
        if case .stack(let stack) = self { return 1 + (stack.children.map(\.depth).max() ?? 0) }
        return 1
    }

    /// Nodes in the tree, this one included.
    public var nodeCount: Int {
        if case .stack(let stack) = self { return 1 + stack.children.reduce(0) { $0 + $1.nodeCount } }
        return 1
    }
}

/// Where children sit across a stack's axis (and both ways in a `zstack`):
/// −1 leading or top, 0 center, 1 trailing or bottom.
public struct LayoutAlignment: Hashable, Sendable {
    public var horizontal: Int
    public var vertical: Int

    public init(horizontal: Int = 0, vertical: Int = 0) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = LayoutAlignment()
    public static let names: [String: LayoutAlignment] = [
        "center": .center, "leading": LayoutAlignment(horizontal: -1), "trailing": LayoutAlignment(horizontal: 1),
        "top": LayoutAlignment(vertical: -1), "bottom": LayoutAlignment(vertical: 1),
        "topLeading": LayoutAlignment(horizontal: -1, vertical: -1),
        "topTrailing": LayoutAlignment(horizontal: 1, vertical: -1),
        "bottomLeading": LayoutAlignment(horizontal: -1, vertical: 1),
        "bottomTrailing": LayoutAlignment(horizontal: 1, vertical: 1),
    ]

    public var name: String { Self.names.first { $0.value == self }?.key ?? "center" }
}

/// Padding in points, SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top, leading, bottom, trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(_ all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }

    public static let zero = EdgeInsets(0)

    var size: SIMD2<Double> { SIMD2(leading + trailing, top + bottom) }
}

/// A rectangle in points, y down.
public struct PointRect: Hashable, Sendable {
    public var origin: SIMD2<Double>
    public var size: SIMD2<Double>

    public init(origin: SIMD2<Double>, size: SIMD2<Double>) {
        self.origin = origin
        self.size = size
    }
}
