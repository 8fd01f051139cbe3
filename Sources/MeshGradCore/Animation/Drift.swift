import Foundation

/// Organic motion with no per-point formulas: interior vertices wander
/// smoothly, vertices on the mesh's border slide along it, corners stay.
///
/// Each moving coordinate follows three cosines with seeded frequencies
/// (around `speed` radians per second) and phases, weighted to stay within
/// ±1, scaled by `amplitude` times the vertex's *reach*: a third of the
/// distance to its nearest neighbour along each axis. A vertex therefore
/// never passes a third of the way toward any neighbour, which keeps every
/// cell of the grid from folding over (the tests check the patches'
/// Jacobians over many seeds and times).
public struct Drift: Hashable, Sendable {
    public var seed: UInt64
    /// 0…1: the fraction of each vertex's reach it may use.
    public var amplitude: Double
    /// Typical angular speed of the motion, radians per second.
    public var speed: Double

    public init(seed: UInt64, amplitude: Double, speed: Double) {
        self.seed = seed
        self.amplitude = amplitude
        self.speed = speed
    }

    static let components = 3

    /// The seeded waves of coordinate `axis` (0: x, 1: y) of `vertex`,
    /// before scaling; their weights sum to 1.
    func waves(vertex: Int, axis: Int, loop: Double?) -> [Wave] {
        var generator = SplitMix64(
            seed: seed ^ (UInt64(vertex) &* 0x9e37_79b9_7f4a_7c15) ^ (UInt64(axis) &* 0xc2b2_ae3d_27d4_eb4f))
        let weights = [0.55, 0.3, 0.15]
        return (0..<Self.components).map { k in
            let frequency = speed * (0.5 + generator.unit()) * [1.0, 1.7, 2.9][k]
            let wave = Wave(amplitude: weights[k], frequency: frequency, phase: generator.unit() * 2 * .pi)
            return loop.map { wave.closingLoop($0) } ?? wave
        }
    }

    /// Offsets of every vertex at time `t` for a `width × height` grid whose
    /// base positions are `positions`.
    public func offsets(
        at t: Double, width: Int, height: Int, positions: [SIMD2<Double>], loop: Double?
    ) -> [SIMD2<Double>] {
        func at(_ c: Int, _ r: Int) -> SIMD2<Double> { positions[r * width + c] }
        var result = [SIMD2<Double>](repeating: .zero, count: positions.count)
        let a = min(max(amplitude, 0), 1)
        for r in 0..<height {
            for c in 0..<width {
                let index = r * width + c
                let onLeftOrRight = c == 0 || c == width - 1
                let onTopOrBottom = r == 0 || r == height - 1
                // Corners stay; border vertices slide along their edge.
                let movesX = !onLeftOrRight
                let movesY = !onTopOrBottom
                let p = at(c, r)
                var offset = SIMD2<Double>.zero
                if movesX {
                    let reach = min(abs(p.x - at(c - 1, r).x), abs(at(c + 1, r).x - p.x)) / 3
                    offset.x = a * reach * waves(vertex: index, axis: 0, loop: loop).reduce(0) { $0 + $1.value(at: t) }
                }
                if movesY {
                    let reach = min(abs(p.y - at(c, r - 1).y), abs(at(c, r + 1).y - p.y)) / 3
                    offset.y = a * reach * waves(vertex: index, axis: 1, loop: loop).reduce(0) { $0 + $1.value(at: t) }
                }
                result[index] = offset
            }
        }
        return result
    }
}
