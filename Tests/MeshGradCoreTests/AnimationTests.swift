import Foundation
import MeshGradDocument
import MeshGradTestSupport
import Testing

@testable import MeshGradCore

/// Motion: the tutorials' formulas, loops that close, drift that never
/// folds, springs that obey physics.
@Suite struct AnimationTests {
    @Test func onboardingMovesExactlyAsTheTutorial() {
        let document = Presets.onboarding.document
        for t in [0.0, 0.37, 1.5, 4.2, 17.0] {
            let p = document.animatedMesh!.mesh(at: t).locations.positions
            let expected: [(Int, SIMD2<Double>)] = [
                (1, SIMD2(0.33 + 0.1 * cos(0.7 * t), 0)),
                (2, SIMD2(0.67 - 0.1 * cos(0.8 * t), 0)),
                (4, SIMD2(0, 0.33 + 0.1 * cos(0.9 * t))),
                (7, SIMD2(1, 0.33 - 0.1 * cos(0.6 * t))),
                (13, SIMD2(0.33 + 0.1 * cos(1.3 * t), 1)),
                (14, SIMD2(0.67 - 0.1 * cos(1.4 * t), 1)),
                (5, SIMD2(0.33 + 0.1 * cos(0.8 * t), 0.33 + 0.1 * cos(0.9 * t))),
                (6, SIMD2(0.67 - 0.1 * cos(1.0 * t), 0.33 + 0.1 * cos(1.1 * t))),
                (9, SIMD2(0.33 + 0.1 * cos(1.2 * t), 0.67 - 0.1 * cos(1.3 * t))),
                (10, SIMD2(0.67 - 0.1 * cos(1.4 * t), 0.67 - 0.1 * cos(1.5 * t))),
                (0, SIMD2(0, 0)), (3, SIMD2(1, 0)), (8, SIMD2(0, 0.67)), (15, SIMD2(1, 1)),
            ]
            for (index, position) in expected {
                #expect(length(p[index] - position) < 1e-12, "t \(t), point \(index): \(p[index]) vs \(position)")
            }
        }
    }

    @Test func meshingTextMovesExactlyAsTheTutorial() {
        let document = Presets.meshingText.document
        for t in [0.0, 0.5, 2.75, 9.0] {
            let p = document.animatedMesh!.mesh(at: t).locations.positions
            #expect(length(p[1] - SIMD2(0.5 + 0.4 * cos(t), 0)) < 1e-12)
            #expect(length(p[3] - SIMD2(0, 0.5 + 0.3 * cos(1.1 * t))) < 1e-12)
            #expect(length(p[4] - SIMD2(0.45, 0.5 - 0.4 * cos(0.9 * t))) < 1e-12)
            #expect(length(p[5] - SIMD2(1, 0.5 - 0.2 * cos(0.9 * t))) < 1e-12)
            #expect(length(p[7] - SIMD2(0.5 - 0.4 * cos(1.2 * t), 1)) < 1e-12)
            #expect(p[0] == SIMD2(0, 0) && p[8] == SIMD2(1, 1))
        }
    }

    /// Frame `t + loop` equals frame `t`, pixel for pixel, for every kind.
    @Test(arguments: ["onboarding", "lava", "tide"])
    func loopedFramesRepeat(name: String) {
        let document = Presets.named(name)!.document
        let loop = document.animatedMesh?.animation?.loop ?? 7
        let animation = document.animatedMesh!.animation!.looping(every: loop)
        for t in [0.0, 1.3] {
            let a = CPURenderer().render8(
                RenderPlan(
                    mesh: animation.mesh(from: document.animatedMesh!.mesh, at: t), width: 64, height: 40,
                    tessellationLevel: 8))
            let b = CPURenderer().render8(
                RenderPlan(
                    mesh: animation.mesh(from: document.animatedMesh!.mesh, at: t + loop), width: 64, height: 40,
                    tessellationLevel: 8
                ))
            let difference = ImageDifference(a, b)
            #expect(difference.maximum == 0, "\(name) at \(t): \(difference.differingPixels) pixels differ")
        }
        // And the motion is not trivially still.
        let start = animation.mesh(from: document.animatedMesh!.mesh, at: 0)
        let later = animation.mesh(from: document.animatedMesh!.mesh, at: loop / 3)
        #expect(start != later)
    }

    @Test func closingALoopSnapsFrequenciesToWholeCycles() {
        let wave = Wave(amplitude: 0.1, frequency: 0.7).closingLoop(10)
        #expect(abs(wave.frequency - 2 * .pi / 10) < 1e-12)
        #expect(abs(wave.value(at: 3) - wave.value(at: 13)) < 1e-12)
        let fast = Wave(amplitude: 1, frequency: 5).closingLoop(4)
        #expect(abs(fast.frequency * 4 / (2 * .pi) - 3) < 1e-12)  // 5·4/2π ≈ 3.18 → 3 cycles
    }

    /// Drift keeps every patch unfolded: the geometry's Jacobian is positive
    /// at every sampled point, over many seeds, times and meshes.
    @Test func driftNeverFolds() {
        let meshes = [
            Presets.onboarding.document.animatedMesh!.mesh, Presets.meshingText.document.animatedMesh!.mesh,
            Presets.sunset.document.animatedMesh!.mesh,
            MeshGradient(
                width: 6, height: 6, locations: .points(MeshGradient.regularGrid(width: 6, height: 6)),
                colors: Array(repeating: .white, count: 36)),
        ]
        var checked = 0
        for mesh in meshes {
            for seed in UInt64(1)...25 {
                let animation = MeshAnimation(drift: Drift(seed: seed, amplitude: 1, speed: 1.3))
                for t in stride(from: 0.0, to: 40, by: 2.5) {
                    let nets = PatchNets(animation.mesh(from: mesh, at: t))
                    for net in nets.geometry {
                        for u in stride(from: 0.0, through: 1.0, by: 0.125) {
                            for v in stride(from: 0.0, through: 1.0, by: 0.125) {
                                let du = net.derivativeU(u: u, v: v)
                                let dv = net.derivativeV(u: u, v: v)
                                let jacobian = du.x * dv.y - du.y * dv.x
                                #expect(jacobian > 0, "fold: seed \(seed), t \(t), (u, v) = (\(u), \(v))")
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 500_000)
    }

    @Test func driftMovesBorderVerticesAlongTheBorderAndKeepsCorners() {
        let mesh = Presets.lava.document.animatedMesh!.mesh
        let animation = Presets.lava.document.animatedMesh!.animation!
        let base = mesh.locations.positions
        var moved = Set<Int>()
        for t in stride(from: 0.0, to: 12, by: 0.7) {
            let p = animation.mesh(from: mesh, at: t).locations.positions
            for corner in [0, 3, 12, 15] { #expect(p[corner] == base[corner]) }
            for edge in [1, 2, 13, 14] {
                #expect(p[edge].y == base[edge].y)  // top and bottom: slide in x
                if p[edge].x != base[edge].x { moved.insert(edge) }
            }
            for edge in [4, 8, 7, 11] { #expect(p[edge].x == base[edge].x) }  // left and right: slide in y
            for inner in [5, 6, 9, 10] where p[inner] != base[inner] { moved.insert(inner) }
        }
        #expect(moved.count == 8)
    }

    /// The spring easing against a numerical solution of the spring's own
    /// equation, x'' = -ω²(x - 1) - 2ζω x', from rest at 0.
    @Test(arguments: [(0.5, 0.3), (0.6, 0.8), (1.0, 1.0), (0.8, 1.6)])
    func springMatchesTheDampedSpringEquation(response: Double, damping: Double) {
        let omega = 2 * Double.pi / response
        var x = 0.0
        var velocity = 0.0
        let step = 1e-4
        var time = 0.0
        let easing = Easing.spring(response: response, dampingFraction: damping)
        for checkpoint in stride(from: 0.05, through: 2.0, by: 0.05) {
            while time < checkpoint - step / 2 {
                // Runge-Kutta 4 on (x, v).
                func acceleration(_ x: Double, _ v: Double) -> Double {
                    -omega * omega * (x - 1) - 2 * damping * omega * v
                }
                let k1x = velocity, k1v = acceleration(x, velocity)
                let k2x = velocity + step / 2 * k1v, k2v = acceleration(x + step / 2 * k1x, velocity + step / 2 * k1v)
                let k3x = velocity + step / 2 * k2v, k3v = acceleration(x + step / 2 * k2x, velocity + step / 2 * k2v)
                let k4x = velocity + step * k3v, k4v = acceleration(x + step * k3x, velocity + step * k3v)
                x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                velocity += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                time += step
            }
            #expect(abs(easing.progress(elapsed: checkpoint, duration: 10) - x) < 1e-6, "t \(checkpoint)")
        }
        if damping < 1 {
            // Under-damped springs overshoot.
            let peak = stride(from: 0.0, to: 2, by: 0.01).map { easing.progress(elapsed: $0, duration: 10) }.max()!
            #expect(peak > 1)
        }
    }

    @Test func timingCurvesMatchSwiftUI() {
        #expect(abs(Easing.easeInOut.progress(elapsed: 0.5, duration: 1) - 0.5) < 1e-9)
        #expect(Easing.linear.progress(elapsed: 0.3, duration: 1) == 0.3)
        for easing in [Easing.easeIn, .easeOut, .easeInOut] {
            #expect(easing.progress(elapsed: 0, duration: 2) == 0)
            #expect(easing.progress(elapsed: 2, duration: 2) == 1)
            var previous = -1.0
            for t in stride(from: 0.0, through: 1.0, by: 0.01) {
                let p = easing.progress(elapsed: t, duration: 1)
                #expect(p >= previous)
                previous = p
            }
        }
        // easeIn starts slowly, easeOut ends slowly: CSS's reference values.
        #expect(abs(Easing.easeIn.progress(elapsed: 0.5, duration: 1) - 0.3153) < 1e-3)
        #expect(abs(Easing.easeOut.progress(elapsed: 0.5, duration: 1) - 0.6847) < 1e-3)
    }

    @Test func keyframesReachTheirStatesAndHold() {
        let document = Presets.tide.document
        let animation = document.animatedMesh!.animation!
        let first = animation.keyframes[0]
        let atFirst = animation.mesh(from: document.animatedMesh!.mesh, at: 3)
        #expect(atFirst.locations.positions == first.positions!)
        #expect(atFirst.colors == first.colors!)
        let halfway = animation.mesh(from: document.animatedMesh!.mesh, at: 1.5)
        #expect(halfway.colors != document.animatedMesh!.mesh.colors && halfway.colors != first.colors!)
        // The loop returns to the document's own state.
        #expect(animation.mesh(from: document.animatedMesh!.mesh, at: 8).colors == document.animatedMesh!.mesh.colors)
        // Without a loop the last state holds.
        var once = animation
        once.loop = nil
        #expect(
            once.mesh(from: document.animatedMesh!.mesh, at: 100).locations.positions == animation.keyframes[1]
                .positions!)
    }

    @Test func frameScheduleSpansTheDurationWithoutRepeatingTheFirstFrame() {
        let schedule = FrameSchedule(duration: 10, fps: 30)
        #expect(schedule.count == 300)
        #expect(schedule.time(ofFrame: 0) == 0)
        #expect(abs(schedule.time(ofFrame: 299) - 9.9666666) < 1e-6)
    }

    private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
}
