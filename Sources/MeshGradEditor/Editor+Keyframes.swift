import MeshGradCore
import MeshGradDocument

/// The timeline's edits: keyframes made by moving a point at the playhead,
/// retimed, re-eased and removed; each one undo step (a drag, one step in
/// all).
extension Editor {
    /// How near the playhead a keyframe's end must be for a move there to
    /// change that keyframe rather than make a new one: half a frame at
    /// 60 frames a second.
    public static let keyframeSnap = 1.0 / 120

    /// The keyframes' end times (empty without keyframes).
    public var keyframeEnds: [Double] { mesh?.animation?.keyframeEnds ?? [] }

    /// Where the keyframes put vertex `i` at `t` (the base position
    /// without keyframes).
    public func keyframedPosition(of i: Int, at t: Double) -> SIMD2<Double>? {
        guard let animated = mesh, (0..<animated.mesh.width * animated.mesh.height).contains(i) else { return nil }
        return animated.animation?.keyframedPositions(of: animated.mesh, at: t)[i]
            ?? animated.mesh.locations.positions[i]
    }

    /// Puts vertex `i` at `position` at time `t`: the keyframe ending at
    /// `t` (within ``keyframeSnap``) takes it; otherwise a keyframe ending
    /// at `t` is made, holding every vertex where the keyframes had it then
    /// (the keyframe `t` falls in cut in two, or a new last one), with `i`
    /// at `position`. A loop too short for the keyframes grows to hold them.
    public mutating func setKeyframePosition(vertex i: Int, to position: SIMD2<Double>, at t: Double) {
        guard t > 0, t.isFinite, position.x.isFinite, position.y.isFinite,
            let animated = mesh, (0..<animated.mesh.width * animated.mesh.height).contains(i)
        else { return }
        let limit = Self.positionLimit
        let p = position.clamped(lowerBound: SIMD2(repeating: -limit), upperBound: SIMD2(repeating: limit))
        var animation = animated.animation ?? MeshAnimation()
        let k = keyframeIndex(endingAt: t, in: &animation, base: animated.mesh)
        var positions = animation.keyframes[k].positions ?? animation.keyframedPositions(of: animated.mesh, at: t)
        positions[i] = p
        animation.keyframes[k].positions = positions
        if let loop = animation.loop, loop < animation.keyframeDuration { animation.loop = animation.keyframeDuration }
        editMesh { $0.animation = animation }
    }

    /// The index of the keyframe ending at `t`, made (by cutting the one
    /// `t` falls in, or after the last) when there is none.
    private func keyframeIndex(endingAt t: Double, in animation: inout MeshAnimation, base: MeshGradient) -> Int {
        let ends = animation.keyframeEnds
        if let k = ends.firstIndex(where: { abs($0 - t) <= Self.keyframeSnap }) { return k }
        let held = animation.keyframedPositions(of: base, at: t)
        if let k = ends.firstIndex(where: { $0 > t }) {
            let start = k == 0 ? 0 : ends[k - 1]
            var first = animation.keyframes[k]
            first.duration = t - start
            first.positions = held
            animation.keyframes[k].duration = ends[k] - t
            animation.keyframes.insert(first, at: k)
            return k
        }
        animation.keyframes.append(Keyframe(duration: t - (ends.last ?? 0), positions: held))
        return animation.keyframes.count - 1
    }

    /// Moves keyframe `k`'s end to `end` (after the previous one's), the
    /// later keyframes keeping their durations.
    public mutating func setKeyframeEnd(_ k: Int, to end: Double) {
        let ends = keyframeEnds
        guard ends.indices.contains(k), end.isFinite else { return }
        let start = k == 0 ? 0 : ends[k - 1]
        let duration = max(end - start, Self.keyframeSnap)
        editMesh { mesh in
            mesh.animation?.keyframes[k].duration = duration
            if let loop = mesh.animation?.loop, let total = mesh.animation?.keyframeDuration, loop < total {
                mesh.animation?.loop = total
            }
        }
    }

    /// Keyframe `k`'s curve (a spring's settling is the keyframe's own duration).
    public mutating func setKeyframeEasing(_ k: Int, to easing: Easing) {
        guard keyframeEnds.indices.contains(k) else { return }
        editMesh { $0.animation?.keyframes[k].easing = easing }
    }

    /// Removes keyframe `k`; the next one starts where it started, so later
    /// keyframes keep their times. The last one gone, a document with no
    /// other motion is still again.
    public mutating func deleteKeyframe(_ k: Int) {
        guard keyframeEnds.indices.contains(k) else { return }
        editMesh { mesh in
            guard var animation = mesh.animation else { return }
            let removed = animation.keyframes.remove(at: k)
            if k < animation.keyframes.count { animation.keyframes[k].duration += removed.duration }
            let still = animation.keyframes.isEmpty && animation.waves.isEmpty && animation.drift == nil
            mesh.animation = still ? nil : animation
        }
    }
}
