import Foundation

/// Motion described in the document instead of hard-coded per point (the
/// seed tutorials' author: "not proud of hardcoding the points for the
/// animations and looking for a better way"). Three kinds, combinable:
/// keyframes move the whole state (points, colors, background) from state
/// to state; waves and drift then add offsets to the points.
///
/// With `loop`, everything repeats every `loop` seconds: waves and drift
/// snap their frequencies to whole cycles per loop, and keyframes replay,
/// returning to the document's own state before the loop ends. So frame
/// `t + loop` equals frame `t`, and exported videos loop seamlessly.
public struct MeshAnimation: Hashable, Sendable {
    public var waves: [VertexWaves]
    public var drift: Drift?
    public var keyframes: [Keyframe]
    /// The period in seconds, if the motion repeats.
    public var loop: Double?

    public init(waves: [VertexWaves] = [], drift: Drift? = nil, keyframes: [Keyframe] = [], loop: Double? = nil) {
        self.waves = waves
        self.drift = drift
        self.keyframes = keyframes
        self.loop = loop
    }

    /// The keyframes' total duration.
    public var keyframeDuration: Double { keyframes.reduce(0) { $0 + $1.duration } }

    /// How long the animation runs before repeating (the loop), or until it
    /// comes to rest (the keyframes' end; waves and drift never rest, so
    /// nil for them).
    public var naturalDuration: Double? {
        if let loop { return loop }
        if waves.isEmpty && drift == nil && !keyframes.isEmpty { return keyframeDuration }
        return nil
    }

    /// The same motion repeating every `loop` seconds.
    public func looping(every loop: Double) -> MeshAnimation {
        var copy = self
        copy.loop = loop
        return copy
    }

    /// Checks what a document can get wrong; messages name the place.
    public func validate(vertexCount: Int) throws(AnimationError) {
        if let loop, !(loop > 0 && loop.isFinite) {
            throw AnimationError(path: "loop", message: "\(loop) is not allowed; expected a positive number of seconds")
        }
        for (i, w) in waves.enumerated() {
            guard (0..<vertexCount).contains(w.vertex) else {
                throw AnimationError(
                    path: "waves[\(i)].vertex", message: "\(w.vertex) is out of range; expected 0…\(vertexCount - 1)")
            }
            for (axis, wave) in [("x", w.x), ("y", w.y)] {
                guard let wave else { continue }
                guard [wave.amplitude, wave.frequency, wave.phase, wave.base ?? 0].allSatisfy(\.isFinite) else {
                    throw AnimationError(path: "waves[\(i)].\(axis)", message: "has a number that is not finite")
                }
            }
        }
        if let drift {
            guard (0...1).contains(drift.amplitude) else {
                throw AnimationError(
                    path: "drift.amplitude", message: "\(drift.amplitude) is out of range; expected 0…1")
            }
            guard drift.speed >= 0 && drift.speed.isFinite else {
                throw AnimationError(
                    path: "drift.speed",
                    message: "\(drift.speed) is not allowed; expected a speed ≥ 0 (radians per second)")
            }
        }
        for (i, k) in keyframes.enumerated() {
            guard k.duration > 0 && k.duration.isFinite else {
                throw AnimationError(
                    path: "keyframes[\(i)].duration", message: "\(k.duration) is not allowed; expected seconds > 0")
            }
            if let p = k.positions, p.count != vertexCount {
                throw AnimationError(
                    path: "keyframes[\(i)].points",
                    message: "has \(p.count) entries; expected width × height = \(vertexCount)")
            }
            if let c = k.colors, c.count != vertexCount {
                throw AnimationError(
                    path: "keyframes[\(i)].colors",
                    message: "has \(c.count) entries; expected width × height = \(vertexCount)")
            }
            if case .spring(let response, let damping) = k.easing, !(response > 0 && damping > 0) {
                throw AnimationError(
                    path: "keyframes[\(i)].easing", message: "a spring needs response > 0 and dampingFraction > 0")
            }
        }
        if let loop, keyframeDuration > loop + 1e-9 {
            throw AnimationError(
                path: "loop",
                message:
                    "\(loop) s is shorter than the keyframes (\(keyframeDuration) s); expected a loop at least that long"
            )
        }
    }

    /// The mesh at time `t` seconds, from the document's mesh `base`.
    public func mesh(from base: MeshGradient, at t: Double) -> MeshGradient {
        let baseState = MeshState(positions: base.locations.positions, colors: base.colors, background: base.background)
        var state = keyframedState(from: baseState, at: t, space: base.colorSpace)

        var positions = state.positions
        if !waves.isEmpty {
            for w in waves {
                let closed =
                    loop.map { VertexWaves(vertex: w.vertex, x: w.x?.closingLoop($0), y: w.y?.closingLoop($0)) } ?? w
                positions[w.vertex] = closed.position(at: t, own: positions[w.vertex])
            }
        }
        if let drift {
            let offsets = drift.offsets(
                at: t, width: base.width, height: base.height, positions: state.positions, loop: loop)
            for i in positions.indices { positions[i] += offsets[i] }
        }
        state.positions = positions

        var mesh = base
        mesh.colors = state.colors
        mesh.background = state.background
        switch base.locations {
        case .points:
            mesh.locations = .points(state.positions)
        case .bezierPoints(let points):
            // A moving vertex carries its handles along.
            mesh.locations = .bezierPoints(
                zip(points, state.positions).map { point, position in
                    let delta = position - point.position
                    return BezierPoint(
                        position: position, leading: point.leading + delta, top: point.top + delta,
                        trailing: point.trailing + delta, bottom: point.bottom + delta)
                })
        }
        return mesh
    }

    /// Where the keyframes put the vertices of `base` at `t` (waves and
    /// drift left out): what an editor moves when it sets a keyframe.
    public func keyframedPositions(of base: MeshGradient, at t: Double) -> [SIMD2<Double>] {
        let state = MeshState(positions: base.locations.positions, colors: base.colors, background: base.background)
        return keyframedState(from: state, at: t, space: base.colorSpace).positions
    }

    /// The time each keyframe ends, from 0: their durations added up.
    public var keyframeEnds: [Double] {
        var end = 0.0
        return keyframes.map { keyframe in
            end += keyframe.duration
            return end
        }
    }

    /// Where the keyframes are at `t`: each keyframe moves from the previous
    /// state (the document's, for the first) to its own. Looping, time wraps
    /// and whatever is left of the loop after the last keyframe returns to
    /// the document's state (easeInOut); otherwise the last state holds.
    func keyframedState(from base: MeshState, at t: Double, space: ColorSpace) -> MeshState {
        guard !keyframes.isEmpty else { return base }
        var time = t
        if let loop {
            time = time.truncatingRemainder(dividingBy: loop)
            if time < 0 { time += loop }
        }
        var previous = base
        var start = 0.0
        for keyframe in keyframes {
            let target = MeshState(
                positions: keyframe.positions ?? previous.positions, colors: keyframe.colors ?? previous.colors,
                background: keyframe.background ?? previous.background)
            if time < start + keyframe.duration {
                let progress = keyframe.easing.progress(elapsed: time - start, duration: keyframe.duration)
                return previous.interpolated(to: target, progress: progress, in: space)
            }
            previous = target
            start += keyframe.duration
        }
        if let loop, loop - start > 1e-12 {
            let progress = Easing.easeInOut.progress(elapsed: time - start, duration: loop - start)
            return previous.interpolated(to: base, progress: progress, in: space)
        }
        return previous
    }
}

/// An animation a document cannot play; `path` is inside `animation`.
public struct AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "animation.\(path): \(message)" }
}
