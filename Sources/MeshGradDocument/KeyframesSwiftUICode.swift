import MeshGradCore

extension Layer {
    /// `Keyframes(frame: CGRect(...), opacity: 1.0, steps: [...], loop: nil)`:
    /// the layer's keyframes as the generated view's data, frames in
    /// points.
    func swiftUIKeyframes(points: SIMD2<Double>) -> String {
        var lines = ["Keyframes("]
        lines.append("    frame: \(swiftRect(frame, points: points)),")
        lines.append("    opacity: \(swiftNumber(opacity)),")
        if offset != .zero { lines.append("    offset: \(swiftSize(offset)),") }
        if scale != 1 { lines.append("    scale: \(swiftNumber(scale)),") }
        lines.append("    steps: [")
        for keyframe in keyframes {
            let frame = keyframe.frame.map { swiftRect($0, points: points) } ?? "nil"
            let opacity = keyframe.opacity.map(swiftNumber) ?? "nil"
            var motion = ""
            if let offset = keyframe.offset { motion += ", offset: \(swiftSize(offset))" }
            if let scale = keyframe.scale { motion += ", scale: \(swiftNumber(scale))" }
            if keyframe.delay != 0 { motion += ", delay: \(swiftNumber(keyframe.delay))" }
            lines.append(
                "        .init(duration: \(swiftNumber(keyframe.duration)), timing: \(swiftTiming(keyframe.easing)), "
                    + "frame: \(frame), opacity: \(opacity)\(motion)),")
        }
        lines.append("    ],")
        lines.append("    loop: \(loop.map(swiftNumber) ?? "nil")")
        lines.append(")")
        return lines.joined(separator: "\n")
    }
}

/// `.curve(.easeInOut)` (SwiftUI's `UnitCurve`, the same cubic Béziers as
/// meshgrad's easings) or `.spring(Spring(response:dampingRatio:))`.
private func swiftTiming(_ easing: Easing) -> String {
    switch easing {
    case .linear: return ".curve(.linear)"
    case .easeIn: return ".curve(.easeIn)"
    case .easeOut: return ".curve(.easeOut)"
    case .easeInOut: return ".curve(.easeInOut)"
    case .spring(let response, let damping):
        return ".spring(Spring(response: \(swiftNumber(response)), dampingRatio: \(swiftNumber(damping))))"
    }
}

/// An offset in points as a `CGSize`.
private func swiftSize(_ offset: SIMD2<Double>) -> String {
    "CGSize(width: \(swiftLength(offset.x)), height: \(swiftLength(offset.y)))"
}

private func swiftRect(_ rect: UnitRect, points: SIMD2<Double>) -> String {
    "CGRect(x: \(swiftLength(rect.x * points.x)), y: \(swiftLength(rect.y * points.y)), "
        + "width: \(swiftLength(rect.width * points.x)), height: \(swiftLength(rect.height * points.y)))"
}

/// The generated view's `Keyframes` type: `Layer.state(at:)` in SwiftUI
/// terms, so that the view plays a layer's keyframes as meshgrad renders
/// them (each moves from the state before to its own; a spring runs in
/// real seconds and is cut at the keyframe's end; `loop` repeats them).
let swiftUIKeyframesType = """
    /// A layer's keyframes, played as meshgrad plays them: from the layer's
    /// own frame, opacity, offset and scale, each step holds for its delay,
    /// then moves to its own over its duration.
    private struct Keyframes {
        enum Timing {
            case curve(UnitCurve)
            case spring(Spring)

            func progress(elapsed: Double, duration: Double) -> Double {
                guard duration > 0 else { return 1 }
                switch self {
                case .curve(let curve):
                    return curve.value(at: min(max(elapsed / duration, 0), 1))
                case .spring(let spring):
                    return elapsed >= duration ? 1 : spring.value(target: 1.0, time: max(elapsed, 0))
                }
            }
        }

        struct Step {
            var duration: Double
            var timing: Timing
            var frame: CGRect?
            var opacity: Double?
            var offset: CGSize? = nil
            var scale: Double? = nil
            /// Seconds the state before is held before the step moves.
            var delay: Double = 0
        }

        struct State {
            var frame: CGRect
            var opacity: Double
            var offset: CGSize
            var scale: Double
        }

        var frame: CGRect
        var opacity: Double
        var offset = CGSize.zero
        var scale = 1.0
        var steps: [Step]
        var loop: Double?

        func state(at t: Double) -> State {
            var time = t
            if let loop, loop > 0 {
                time = time.truncatingRemainder(dividingBy: loop)
                if time < 0 { time += loop }
            }
            var state = State(frame: frame, opacity: opacity, offset: offset, scale: scale)
            var start = 0.0
            for step in steps {
                if time < start + step.delay { return state }
                let target = State(
                    frame: step.frame ?? state.frame, opacity: step.opacity ?? state.opacity,
                    offset: step.offset ?? state.offset, scale: step.scale ?? state.scale)
                let moving = start + step.delay
                if time < moving + step.duration {
                    let p = step.timing.progress(elapsed: time - moving, duration: step.duration)
                    return State(
                        frame: Self.mix(state.frame, target.frame, p),
                        opacity: state.opacity + (target.opacity - state.opacity) * p,
                        offset: CGSize(
                            width: state.offset.width + (target.offset.width - state.offset.width) * p,
                            height: state.offset.height + (target.offset.height - state.offset.height) * p),
                        scale: state.scale + (target.scale - state.scale) * p)
                }
                state = target
                start = moving + step.duration
            }
            return state
        }

        static func mix(_ a: CGRect, _ b: CGRect, _ p: Double) -> CGRect {
            CGRect(
                x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
                width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
        }
    }
    """
