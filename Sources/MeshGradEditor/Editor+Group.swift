import MeshGradCore

/// Several vertices at once: a group chosen by shift-click or a marquee,
/// moved, nudged and aligned together, each edit one undoable step.
extension Editor {
    /// The vertices a group edit moves: the group when it has more than
    /// one, else the selected vertex alone (none for a handle or the
    /// background).
    public var movedVertices: [Int] {
        if group.count > 1 { return group.sorted() }
        if case .vertex(let i) = selection { return [i] }
        return []
    }

    /// Selects exactly `vertices` (the first as the vertex the color
    /// panel edits); an empty set selects nothing.
    public mutating func selectGroup(_ vertices: [Int]) {
        let count = vertexCount
        let valid = vertices.filter { (0..<count).contains($0) }
        group = Set(valid)
        selection = valid.first.map { .vertex($0) }
    }

    /// Adds vertex `index` to the group, or takes it out (shift-click); the
    /// selection follows the vertex last added.
    public mutating func toggleInGroup(_ index: Int) {
        guard (0..<vertexCount).contains(index) else { return }
        if group.isEmpty, case .vertex(let i) = selection { group = [i] }
        if group.contains(index) {
            group.remove(index)
            selection = group.min().map { .vertex($0) }
        } else {
            group.insert(index)
            selection = .vertex(index)
        }
    }

    /// Moves every vertex of ``movedVertices`` by `delta` (unit
    /// coordinates), each clamped as ``move(_:to:withHandles:)`` clamps,
    /// their handles with them: one step (or part of a gesture's).
    public mutating func moveGroup(by delta: SIMD2<Double>) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        moveVertices(Dictionary(uniqueKeysWithValues: movedVertices.map { ($0, delta) }))
    }

    /// Lines the group up, as one step: every vertex takes the group's
    /// least x (left), mean x (center) or greatest x (right), or the same
    /// in y.
    public mutating func alignGroup(_ edge: AlignEdge) {
        let moved = movedVertices
        guard moved.count > 1, let positions = mesh?.mesh.locations.positions else { return }
        let values = moved.map { edge.isHorizontal ? positions[$0].x : positions[$0].y }
        let target: Double
        switch edge {
        case .left, .top: target = values.min()!
        case .right, .bottom: target = values.max()!
        case .centerX, .centerY: target = values.reduce(0, +) / Double(values.count)
        }
        var deltas: [Int: SIMD2<Double>] = [:]
        for i in moved {
            deltas[i] = edge.isHorizontal ? SIMD2(target - positions[i].x, 0) : SIMD2(0, target - positions[i].y)
        }
        moveVertices(deltas)
    }

    /// Spreads the group evenly, as one step: in x (`horizontally`) or y,
    /// its vertices in their order along that axis, the first and last
    /// kept where they are.
    public mutating func distributeGroup(horizontally: Bool) {
        let moved = movedVertices
        guard moved.count > 2, let positions = mesh?.mesh.locations.positions else { return }
        let along = { (i: Int) in horizontally ? positions[i].x : positions[i].y }
        let order = moved.sorted { along($0) < along($1) }
        let first = along(order.first!)
        let step = (along(order.last!) - first) / Double(order.count - 1)
        var deltas: [Int: SIMD2<Double>] = [:]
        for (n, i) in order.enumerated() {
            let shift = first + Double(n) * step - along(i)
            deltas[i] = horizontally ? SIMD2(shift, 0) : SIMD2(0, shift)
        }
        moveVertices(deltas)
    }

    /// Moves each vertex by its own delta, handles along, in one edit.
    mutating func moveVertices(_ deltas: [Int: SIMD2<Double>]) {
        guard !deltas.isEmpty else { return }
        let limit = Self.positionLimit
        editMesh { document in
            switch document.mesh.locations {
            case .points(var points):
                for (i, delta) in deltas where points.indices.contains(i) {
                    points[i] = (points[i] + delta).clamped(
                        lowerBound: SIMD2(repeating: -limit), upperBound: SIMD2(repeating: limit))
                }
                document.mesh.locations = .points(points)
            case .bezierPoints(var points):
                for (i, delta) in deltas where points.indices.contains(i) {
                    points[i] = points[i].moved(by: delta, limit: limit)
                }
                document.mesh.locations = .bezierPoints(points)
            }
        }
    }

    /// Where ``alignGroup(_:)`` lines vertices up.
    public enum AlignEdge: String, CaseIterable, Sendable {
        case left, centerX, right, top, centerY, bottom

        var isHorizontal: Bool { self == .left || self == .centerX || self == .right }
    }

    var vertexCount: Int { mesh.map { $0.mesh.width * $0.mesh.height } ?? 0 }
}

extension BezierPoint {
    /// The point and its handles moved by `delta`, the position clamped to
    /// ±`limit` and the handles moved by what the position moved.
    func moved(by delta: SIMD2<Double>, limit: Double) -> BezierPoint {
        let p = (position + delta).clamped(
            lowerBound: SIMD2(repeating: -limit), upperBound: SIMD2(repeating: limit))
        let actual = p - position
        var copy = self
        copy.position = p
        copy.leading += actual
        copy.top += actual
        copy.trailing += actual
        copy.bottom += actual
        return copy
    }
}
