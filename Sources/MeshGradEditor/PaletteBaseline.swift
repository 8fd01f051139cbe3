import MeshGradCore

/// The simple way gradient apps turn a photo into a mesh, kept as the
/// baseline `meshgrad fit` is measured against: a k-means palette of the
/// photo's colors (k-means++ seeding from a fixed seed, Lloyd's
/// iterations), placed on the regular grid, each vertex taking the palette
/// color nearest to the photo's average around it.
public enum PaletteBaseline {
    public static func mesh(for target: FitTarget, width: Int, height: Int, k: Int = 6) -> MeshGradient {
        let palette = kMeans(target.pixels, k: k)
        var colors: [RGBAColor] = []
        for r in 0..<height {
            for c in 0..<width {
                let local = localMean(
                    target, x: Double(c) / Double(width - 1), y: Double(r) / Double(height - 1),
                    radius: SIMD2(0.5 / Double(width - 1), 0.5 / Double(height - 1)))
                let nearest = palette.min { distance($0, local) < distance($1, local) }!
                colors.append(RGBAColor(red: Double(nearest.x), green: Double(nearest.y), blue: Double(nearest.z)))
            }
        }
        return MeshGradient(
            width: width, height: height, locations: .points(MeshGradient.regularGrid(width: width, height: height)),
            colors: colors.map { rounded8($0) }, background: colors[0], smoothsColors: true, colorSpace: .device)
    }

    static func distance(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { ((a - b) * (a - b)).sum() }

    /// The target's average over the box of half-sides `radius` (in unit
    /// coordinates) around (x, y).
    static func localMean(_ target: FitTarget, x: Double, y: Double, radius: SIMD2<Double>) -> SIMD3<Float> {
        let x0 = max(0, Int((x - radius.x) * Double(target.width)))
        let x1 = min(target.width - 1, Int((x + radius.x) * Double(target.width)))
        let y0 = max(0, Int((y - radius.y) * Double(target.height)))
        let y1 = min(target.height - 1, Int((y + radius.y) * Double(target.height)))
        var sum = SIMD3<Float>.zero
        for py in y0...y1 { for px in x0...x1 { sum += target.pixels[py * target.width + px] } }
        return sum / Float((x1 - x0 + 1) * (y1 - y0 + 1))
    }

    static func kMeans(_ points: [SIMD3<Float>], k: Int, iterations: Int = 12) -> [SIMD3<Float>] {
        var random = SplitMix64(seed: 0x6b6d_6561_6e73)
        var centers = [points[Int(random.next() % UInt64(points.count))]]
        while centers.count < k {
            let d = points.map { p in centers.map { distance($0, p) }.min()! }
            let total = d.reduce(0, +)
            guard total > 0 else { break }
            var pick = Float(random.unit()) * total
            var index = 0
            while index < d.count - 1 && pick > d[index] {
                pick -= d[index]
                index += 1
            }
            centers.append(points[index])
        }
        for _ in 0..<iterations {
            var sums = [SIMD3<Float>](repeating: .zero, count: centers.count)
            var counts = [Int](repeating: 0, count: centers.count)
            for p in points {
                let nearest = centers.indices.min { distance(centers[$0], p) < distance(centers[$1], p) }!
                sums[nearest] += p
                counts[nearest] += 1
            }
            for i in centers.indices where counts[i] > 0 { centers[i] = sums[i] / Float(counts[i]) }
        }
        return centers
    }
}
