import MeshGradEditor
import Testing

@Suite struct PointSnapTests {
    let others: [SIMD2<Double>] = [SIMD2(0.2, 0.3), SIMD2(0.7, 0.31), SIMD2(0.5, 0.9)]
    let tolerance = SIMD2(0.01, 0.02)

    @Test func eachAxisTakesTheNearestCoordinateWithinTolerance() {
        let snap = PointSnap(SIMD2(0.495, 0.305), to: others, tolerance: tolerance)
        #expect(snap.point == SIMD2(0.5, 0.3))
        #expect(snap.guideX == 0.5 && snap.guideY == 0.3)
        // y is 0.005 from 0.3 and 0.005 from 0.31: the first nearest stays.
        let between = PointSnap(SIMD2(0.9, 0.305), to: others, tolerance: tolerance)
        #expect(between.point.x == 0.9 && between.guideX == nil)
        #expect(between.point.y == 0.3)
    }

    @Test func farFromEveryPointNothingSnaps() {
        let snap = PointSnap(SIMD2(0.35, 0.6), to: others, tolerance: tolerance)
        #expect(snap.point == SIMD2(0.35, 0.6))
        #expect(snap.guideX == nil && snap.guideY == nil)
        #expect(PointSnap(SIMD2(0.35, 0.6), to: [], tolerance: tolerance).point == SIMD2(0.35, 0.6))
    }

    @Test func oneAxisSnapsAlone() {
        let snap = PointSnap(SIMD2(0.205, 0.6), to: others, tolerance: tolerance)
        #expect(snap.point == SIMD2(0.2, 0.6))
        #expect(snap.guideX == 0.2 && snap.guideY == nil)
    }
}
