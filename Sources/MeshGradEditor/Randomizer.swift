import MeshGradCore

/// Random meshes that look designed: one base hue per seed and a color
/// scheme (analogous, complementary or triadic) in Oklch, lightness rising
/// down the grid, chroma kept moderate, interior points nudged off the
/// grid. The same seed always gives the same mesh.
public struct Randomizer: Sendable {
    public var seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    public func mesh(width: Int, height: Int, colorSpace: ColorSpace = .perceptual) -> MeshGradient {
        var random = SplitMix64(seed: seed &+ 0x1234_5678)
        let baseHue = random.unit() * 360
        let schemes: [[Double]] = [[0, 25, 50], [0, 180, 20], [0, 120, 240], [0, 30, 330]]
        let scheme = schemes[Int(random.unit() * Double(schemes.count)) % schemes.count]
        let darkTop = random.unit() < 0.5
        var positions = MeshGradient.regularGrid(width: width, height: height)
        for r in 1..<(height - 1) {
            for c in 1..<(width - 1) {
                let jitter =
                    SIMD2(random.unit() - 0.5, random.unit() - 0.5)
                    * SIMD2(0.5 / Double(width - 1), 0.5 / Double(height - 1))
                positions[r * width + c] += jitter
            }
        }
        var colors: [RGBAColor] = []
        for r in 0..<height {
            for c in 0..<width {
                let rowShare = Double(r) / Double(height - 1)
                let columnShare = Double(c) / Double(width - 1)
                let hue =
                    baseHue + scheme[(r + c) % scheme.count] + (columnShare - 0.5) * 20 + (random.unit() - 0.5) * 12
                let lightness = 0.35 + 0.5 * (darkTop ? rowShare : 1 - rowShare) + (random.unit() - 0.5) * 0.08
                let chroma = 0.08 + random.unit() * 0.1
                colors.append(
                    Oklch(lightness: lightness, chroma: chroma, hue: hue.truncatingRemainder(dividingBy: 360)).color())
            }
        }
        let background = colors[darkTop ? 0 : colors.count - 1]
        return MeshGradient(
            width: width, height: height, locations: .points(positions), colors: colors, background: background,
            colorSpace: colorSpace)
    }
}
