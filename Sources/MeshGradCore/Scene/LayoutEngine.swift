/// SwiftUI's layout of a ``SceneLayout`` (its rules are there): sizes by
/// proposal, then placement.
struct LayoutEngine {
    /// A layer's own size in points (its text's) when offered a width
    /// (nil: its ideal width; a wrapping text wraps to the width), nil for
    /// a layer that takes what it is offered.
    let intrinsicSize: (Int, Double?) -> SIMD2<Double>?

    /// A size offered to a child: nil along an axis asks for its ideal size.
    typealias Proposal = (width: Double?, height: Double?)

    /// What SwiftUI proposes nothing to a flexible view with: its ideal
    /// size, 10 points (a `Color`'s, a `Rectangle`'s).
    static let idealFlexibleLength = 10.0

    func size(_ node: LayoutNode, _ proposal: Proposal, along stackAxis: LayoutNode.Stack.Axis?) -> SIMD2<Double> {
        switch node {
        case .spacer(let minLength):
            switch stackAxis {
            case .vertical: return SIMD2(0, max(minLength, proposal.height ?? minLength))
            case .horizontal: return SIMD2(max(minLength, proposal.width ?? minLength), 0)
            case .depth, nil: return SIMD2(proposal.width ?? 0, proposal.height ?? 0)
            }
        case .layer(let index, let width, let height):
            // SwiftUI's `.frame(width:)` offers its width to what it holds.
            let own = intrinsicSize(index, width ?? proposal.width)
            return SIMD2(
                width ?? own?.x ?? proposal.width ?? Self.idealFlexibleLength,
                height ?? own?.y ?? proposal.height ?? Self.idealFlexibleLength)
        case .stack(let stack):
            let inner = Self.inset(proposal, by: stack.padding)
            let sizes = childSizes(stack, inner)
            return content(of: stack, sizes) + stack.padding.size
        }
    }

    /// The size of a stack's content from its children's sizes.
    func content(of stack: LayoutNode.Stack, _ sizes: [SIMD2<Double>]) -> SIMD2<Double> {
        let spacing = stack.spacing * Double(max(0, sizes.count - 1))
        switch stack.axis {
        case .vertical:
            return SIMD2(sizes.map(\.x).max() ?? 0, sizes.reduce(0) { $0 + $1.y } + spacing)
        case .horizontal:
            return SIMD2(sizes.reduce(0) { $0 + $1.x } + spacing, sizes.map(\.y).max() ?? 0)
        case .depth:
            return SIMD2(sizes.map(\.x).max() ?? 0, sizes.map(\.y).max() ?? 0)
        }
    }

    /// Each child's size in a stack offered `inner`: a `zstack` offers
    /// each all of it; a `vstack` or `hstack` offers what spacing and its
    /// spacers' minimum lengths leave to its other children, least
    /// flexible first, each an equal share of what is left; then its
    /// spacers share what those leave. (A spacer is more flexible than
    /// anything, so it would come last anyway; its minimum is reserved,
    /// rather than an equal share, so that `HStack { Text; Spacer() }`
    /// wraps its text to the whole row less the spacer's minimum, as
    /// SwiftUI's does, not to half of it.)
    func childSizes(_ stack: LayoutNode.Stack, _ inner: Proposal) -> [SIMD2<Double>] {
        let children = stack.children
        let axis = stack.axis
        guard axis != .depth else { return children.map { size($0, inner, along: axis) } }
        let vertical = axis == .vertical
        func proposal(_ length: Double?) -> Proposal {
            vertical ? (inner.width, length) : (length, inner.height)
        }
        func length(_ s: SIMD2<Double>) -> Double { vertical ? s.y : s.x }
        guard let available = vertical ? inner.height : inner.width else {
            return children.map { size($0, proposal(nil), along: axis) }
        }
        let flexibility = children.map { child in
            length(size(child, proposal(.infinity), along: axis)) - length(size(child, proposal(0), along: axis))
        }
        let spacerMinimum = children.map { child -> Double? in
            if case .spacer(let minLength) = child { return minLength }
            return nil
        }
        let reserved = spacerMinimum.reduce(0) { $0 + ($1 ?? 0) }
        let others = children.indices.filter { spacerMinimum[$0] == nil }
        let spacers = children.indices.filter { spacerMinimum[$0] != nil }
        let order =
            others.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
            + spacers.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
        var remaining = available - stack.spacing * Double(max(0, children.count - 1)) - reserved
        var sizes = [SIMD2<Double>](repeating: .zero, count: children.count)
        for (k, i) in order.enumerated() {
            if k == others.count { remaining += reserved }
            let sharing = k < others.count ? others.count - k : children.count - k
            let offer = max(0, remaining) / Double(sharing)
            sizes[i] = size(children[i], proposal(offer), along: axis)
            remaining -= length(sizes[i])
        }
        return sizes
    }

    /// Places `node` in `rect` (the size it chose), writing each layer's
    /// frame.
    func place(_ node: LayoutNode, in rect: PointRect, into frames: inout [Int: PointRect]) {
        switch node {
        case .spacer: return
        case .layer(let index, _, _): frames[index] = rect
        case .stack(let stack):
            if let background = stack.background { frames[background] = rect }
            let p = stack.padding
            let innerOrigin = rect.origin + SIMD2(p.leading, p.top)
            let innerSize = SIMD2(max(0, rect.size.x - p.leading - p.trailing), max(0, rect.size.y - p.top - p.bottom))
            let sizes = childSizes(stack, (innerSize.x, innerSize.y))
            let used = content(of: stack, sizes)
            var pen = innerOrigin
            // A stack given more than its content needs keeps it centered
            // along its axis, as SwiftUI's does.
            if stack.axis == .vertical { pen.y += (innerSize.y - used.y) / 2 }
            if stack.axis == .horizontal { pen.x += (innerSize.x - used.x) / 2 }
            for (child, size) in zip(stack.children, sizes) {
                var origin = pen
                if stack.axis != .horizontal {
                    origin.x = innerOrigin.x + Self.aligned(size.x, in: innerSize.x, stack.alignment.horizontal)
                }
                if stack.axis != .vertical {
                    origin.y = innerOrigin.y + Self.aligned(size.y, in: innerSize.y, stack.alignment.vertical)
                }
                place(child, in: PointRect(origin: origin, size: size), into: &frames)
                if stack.axis == .vertical { pen.y += size.y + stack.spacing }
                if stack.axis == .horizontal { pen.x += size.x + stack.spacing }
            }
        }
    }

    static func aligned(_ length: Double, in available: Double, _ alignment: Int) -> Double {
        switch alignment {
        case ..<0: 0
        case 0: (available - length) / 2
        default: available - length
        }
    }

    static func inset(_ proposal: Proposal, by padding: EdgeInsets) -> Proposal {
        (
            proposal.width.map { max(0, $0 - padding.leading - padding.trailing) },
            proposal.height.map { max(0, $0 - padding.top - padding.bottom) }
        )
    }
}

extension SceneLayout {
    /// Each held layer's frame in points on a canvas `points` in size: the
    /// root offered the whole canvas and centered in it.
    public func frames(points: SIMD2<Double>, intrinsicSize: (Int) -> SIMD2<Double>?) -> [Int: PointRect] {
        frames(points: points) { index, _ in intrinsicSize(index) }
    }

    /// Each held layer's frame in points on a canvas `points` in size,
    /// each layer sized by `measure` for the width it is offered (nil: its
    /// ideal width), as a wrapping text sizes itself.
    public func frames(points: SIMD2<Double>, measure: (Int, Double?) -> SIMD2<Double>?) -> [Int: PointRect] {
        withoutActuallyEscaping(measure) { measure in
            let engine = LayoutEngine(intrinsicSize: measure)
            let size = engine.size(root, (points.x, points.y), along: nil)
            var frames: [Int: PointRect] = [:]
            engine.place(root, in: PointRect(origin: (points - size) / 2, size: size), into: &frames)
            return frames
        }
    }
}

extension Scene {
    /// The scene with each layer its layout holds given its laid-out frame
    /// (in the canvas's unit square).
    public func laidOut(_ layout: SceneLayout, intrinsicSize: (Int) -> SIMD2<Double>?) -> Scene {
        laidOut(layout) { index, _ in intrinsicSize(index) }
    }

    /// The scene with each layer its layout holds given its laid-out frame
    /// (in the canvas's unit square), each sized by `measure` for the
    /// width it is offered; a text that wraps in a layout
    /// (``TextMask/wrapsInLayout``) is drawn wrapped to its laid-out width.
    public func laidOut(_ layout: SceneLayout, measure: (Int, Double?) -> SIMD2<Double>?) -> Scene {
        var copy = self
        for (index, rect) in layout.frames(points: points, measure: measure)
        where copy.layers.indices.contains(index) {
            copy.layers[index].frame = UnitRect(
                x: rect.origin.x / points.x, y: rect.origin.y / points.y, width: rect.size.x / points.x,
                height: rect.size.y / points.y)
            if copy.layers[index].text?.wrapsInLayout == true { copy.layers[index].text?.wrapWidth = rect.size.x }
        }
        return copy
    }
}
