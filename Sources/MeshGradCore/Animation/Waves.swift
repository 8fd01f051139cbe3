import Foundation

/// One coordinate moving as `base + amplitude · cos(frequency · t + phase)`,
/// frequency in radians per second: exactly the tutorials' motion. Without
/// a `base` the wave swings around the vertex's own coordinate.
public struct Wave: Hashable, Sendable {
    /// The coordinate the wave swings around; nil: the vertex's own.
    public var base: Double?
    public var amplitude: Double
    public var frequency: Double
    public var phase: Double

    public init(base: Double? = nil, amplitude: Double, frequency: Double, phase: Double = 0) {
        self.base = base
        self.amplitude = amplitude
        self.frequency = frequency
        self.phase = phase
    }

    /// The swing alone: `amplitude · cos(frequency · t + phase)`.
    public func value(at t: Double) -> Double {
        amplitude * cos(frequency * t + phase)
    }

    /// The coordinate at `t`, for a vertex whose own coordinate is `own`.
    public func coordinate(at t: Double, own: Double) -> Double {
        (base ?? own) + value(at: t)
    }

    /// The same wave with its frequency moved to the nearest whole number
    /// of cycles per `loop` seconds (at least one), so that it repeats
    /// every `loop` seconds.
    public func closingLoop(_ loop: Double) -> Wave {
        let cycles = max(1, (frequency * loop / (2 * .pi)).rounded())
        return Wave(
            base: base, amplitude: amplitude, frequency: 2 * .pi * cycles / loop * (frequency < 0 ? -1 : 1),
            phase: phase)
    }
}

/// Waves on one vertex's x and y (unit square coordinates).
public struct VertexWaves: Hashable, Sendable {
    /// Row-major vertex index.
    public var vertex: Int
    public var x: Wave?
    public var y: Wave?

    public init(vertex: Int, x: Wave? = nil, y: Wave? = nil) {
        self.vertex = vertex
        self.x = x
        self.y = y
    }

    /// The vertex's position at `t`, from its position `own` without waves.
    public func position(at t: Double, own: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(x?.coordinate(at: t, own: own.x) ?? own.x, y?.coordinate(at: t, own: own.y) ?? own.y)
    }
}
