import MeshGradCore

extension Layer {
    /// `Keyframes(frame: CGRect(...), opacity: 1.0, steps: [...], loop: nil)`:
    /// the layer's keyframes as the generated view's data, frames in
    /// points.
    func swiftUIKeyframes(points: SIMD2<Double>) -> String {
        var lines = ["Keyframes("]
        lines.append("    frame: \(swiftRect(frame, points: points)),")
        lines.append("    opacity: \(swiftNumber(opacity)),")
        lines.append("    steps: [")
        for keyframe in keyframes {
            let frame = keyframe.frame.map { swiftRect($0, points: points) } ?? "nil"
            let opacity = keyframe.opacity.map(swiftNumber) ?? "nil"
            lines.append(
                "        .init(duration: \(swiftNumber(keyframe.duration)), timing: \(swiftTiming(keyframe.easing)), "
                    + "frame: \(frame), opacity: \(opacity)),")
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
    /// own frame and opacity, each step moves to its own over its duration.
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
        }

        var frame: CGRect
        var opacity: Double
        var steps: [Step]
        var loop: Double?

        func state(at t: Double) -> (frame: CGRect, opacity: Double) {
            var time = t
            if let loop, loop > 0 {
                time = time.truncatingRemainder(dividingBy: loop)
                if time < 0 { time += loop }
            }
            var frame = self.frame
            var opacity = self.opacity
            var start = 0.0
            for step in steps {
                let targetFrame = step.frame ?? frame
                let targetOpacity = step.opacity ?? opacity
                if time < start + step.duration {
                    let p = step.timing.progress(elapsed: time - start, duration: step.duration)
                    return (Self.mix(frame, targetFrame, p), opacity + (targetOpacity - opacity) * p)
                }
                frame = targetFrame
                opacity = targetOpacity
                start += step.duration
            }
            return (frame, opacity)
        }

        static func mix(_ a: CGRect, _ b: CGRect, _ p: Double) -> CGRect {
            CGRect(
                x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
                width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
        }
    }
    """
