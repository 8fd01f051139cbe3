import MeshGradCore

/// What `meshgrad random`, the preview's R key and themes ask of the
/// generator. Every range is in Oklch; anything left nil is drawn from
/// the seed.
public struct GeneratorSettings: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var seed: UInt64
    /// The hue relation; nil: drawn from the seed. Ignored when ``hues``
    /// is given.
    public var harmony: Harmony?
    /// The base hue, degrees; nil: drawn from the seed.
    public var baseHue: Double?
    /// Explicit anchor hues (a theme's named colors); they replace the
    /// harmony's.
    public var hues: [Double]?
    /// How far (±degrees) a vertex hue may stray from its anchor.
    public var hueSpread: Double
    public var lightness: ClosedRange<Double>
    public var chroma: ClosedRange<Double>
    /// 0…1: the share of each vertex's reach (a third of the way to its
    /// neighbour, the drift rule's) that it is moved off the regular grid.
    /// Below 1 neighbours can never cross, so the mesh never folds.
    public var jitter: Double
    public var colorSpace: ColorSpace

    public init(
        width: Int = 4, height: Int = 4, seed: UInt64 = 0, harmony: Harmony? = nil, baseHue: Double? = nil,
        hues: [Double]? = nil, hueSpread: Double = 8, lightness: ClosedRange<Double> = 0.35...0.85,
        chroma: ClosedRange<Double> = 0.06...0.16, jitter: Double = 0.6, colorSpace: ColorSpace = .perceptual
    ) {
        self.width = width
        self.height = height
        self.seed = seed
        self.harmony = harmony
        self.baseHue = baseHue
        self.hues = hues
        self.hueSpread = hueSpread
        self.lightness = lightness
        self.chroma = chroma
        self.jitter = jitter
        self.colorSpace = colorSpace
    }

    /// The limits the generator keeps to (the CLI reports violations).
    public static let maximumGrid = 16
}

/// Harmonious random meshes: anchor hues from a ``Harmony`` (or a theme),
/// laid out in bands across the grid along a random direction, lightness
/// rising down (or up) the grid, chroma within its range, every color
/// rounded to 8 bits so documents print as `#RRGGBB`. The numbers come
/// from ``SplitMix64`` alone, so a seed gives the same document on every
/// machine and every release.
public struct MeshGenerator: Sendable {
    public var settings: GeneratorSettings

    public init(_ settings: GeneratorSettings) {
        self.settings = settings
    }

    /// The anchor hues this generator draws near, after the seed has
    /// chosen whatever the settings leave open.
    public var anchors: [Double] {
        var random = SplitMix64(seed: settings.seed)
        return choices(&random).anchors
    }

    public func mesh() -> MeshGradient {
        let s = settings
        precondition(s.width >= 2 && s.height >= 2, "a mesh needs at least 2 × 2 vertices")
        var random = SplitMix64(seed: s.seed)
        let (anchors, darkTop, direction) = choices(&random)
        let positions = jitteredGrid(&random)
        var colors: [RGBAColor] = []
        colors.reserveCapacity(s.width * s.height)
        for r in 0..<s.height {
            for c in 0..<s.width {
                let share = Double(r) / Double(s.height - 1)
                let along = bandPosition(column: c, row: r, direction: direction)
                let anchor = anchors[min(Int(along * Double(anchors.count)), anchors.count - 1)]
                let hue = wrapHue(anchor + (random.unit() * 2 - 1) * s.hueSpread)
                let lightnessShare = 0.85 * (darkTop ? share : 1 - share) + 0.15 * random.unit()
                let lightness =
                    s.lightness.lowerBound + (s.lightness.upperBound - s.lightness.lowerBound) * lightnessShare
                let chroma = s.chroma.lowerBound + (s.chroma.upperBound - s.chroma.lowerBound) * random.unit()
                // A harmony's dark oranges and yellows turn to rust and forest;
                // a theme's hues are the words', browns included.
                let shaded = s.hues == nil ? Self.shadeHue(hue, lightness: lightness) : hue
                colors.append(rounded8(Oklch(lightness: lightness, chroma: chroma, hue: shaded).color()))
            }
        }
        return MeshGradient(
            width: s.width, height: s.height, locations: .points(positions), colors: colors,
            background: colors[darkTop ? 0 : colors.count - 1], smoothsColors: true, colorSpace: s.colorSpace)
    }

    /// Oranges darker than L 0.58 and yellows and yellow-greens darker than
    /// 0.7 (Oklch hue 38–80° and 80–135°; a yellow's own lightness is near
    /// 1) read as mud (brown, mustard, khaki, olive): in shadow they move
    /// out of that band, the oranges to rust (20–32°), the yellows to
    /// green (145–155°), as palette designers shift a shade's hue rather
    /// than darken a yellow. Hues keep their order within each half.
    static func shadeHue(_ hue: Double, lightness: Double) -> Double {
        let band = 38.0...135.0
        let middle = 80.0
        guard band.contains(hue), lightness < (hue < middle ? 0.58 : 0.7) else { return hue }
        return hue < middle
            ? 32 - (hue - band.lowerBound) / (middle - band.lowerBound) * 12
            : 145 + (band.upperBound - hue) / (band.upperBound - middle) * 10
    }

    /// The seed's choices, drawn first and in a fixed order so that a
    /// setting given explicitly does not shift the numbers after it.
    private func choices(_ random: inout SplitMix64) -> (anchors: [Double], darkTop: Bool, direction: Int) {
        let base = random.unit() * 360
        let harmonyDraw = random.unit()
        let darkTop = random.unit() < 0.5
        let direction = Int(random.unit() * 8) % 8
        let harmony =
            settings.harmony ?? Harmony.allCases[min(Int(harmonyDraw * 6), Harmony.allCases.count - 1)]
        let anchors = settings.hues ?? harmony.anchors(base: settings.baseHue ?? base)
        return (anchors.isEmpty ? [base] : anchors, darkTop, direction)
    }

    /// 0…1: where vertex (c, r) of the regular grid falls along one of
    /// eight compass directions (`direction` 0…7, a multiple of 45°, so no
    /// trigonometry and no last-bit difference between machines); anchors
    /// take equal bands along it.
    private func bandPosition(column c: Int, row r: Int, direction: Int) -> Double {
        let compass: [SIMD2<Double>] = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]]
        let axis = compass[direction]
        let p = SIMD2(Double(c) / Double(settings.width - 1), Double(r) / Double(settings.height - 1)) - 0.5
        let reach = (abs(axis.x) + abs(axis.y)) / 2  // the corners' extent along the axis
        return min(max(((p * axis).sum() / reach + 1) / 2, 0), 1)
    }

    /// The regular grid with each vertex moved by at most `jitter` times
    /// its reach (a third of the spacing): interior vertices either way,
    /// border vertices along their border, corners not at all.
    private func jitteredGrid(_ random: inout SplitMix64) -> [SIMD2<Double>] {
        let s = settings
        var positions = MeshGradient.regularGrid(width: s.width, height: s.height)
        let reach = SIMD2(1 / Double(s.width - 1), 1 / Double(s.height - 1)) / 3
        let amount = min(max(s.jitter, 0), 0.95)  // below 1: neighbours never cross
        for r in 0..<s.height {
            for c in 0..<s.width {
                let offset = SIMD2(random.unit() * 2 - 1, random.unit() * 2 - 1) * reach * amount
                let movesX = c > 0 && c < s.width - 1
                let movesY = r > 0 && r < s.height - 1
                // Rounded to 1/10000 so documents stay readable; the
                // rounding moves a vertex far less than its reach allows.
                let moved = positions[r * s.width + c] + SIMD2(movesX ? offset.x : 0, movesY ? offset.y : 0)
                positions[r * s.width + c] = (moved * 10000).rounded(.toNearestOrEven) / 10000
            }
        }
        return positions
    }
}

/// A color with each channel rounded to the nearest 8-bit value.
func rounded8(_ color: RGBAColor) -> RGBAColor {
    func byte(_ v: Double) -> UInt8 { UInt8(min(max(v * 255, 0), 255).rounded()) }
    return RGBAColor(red8: byte(color.red), green8: byte(color.green), blue8: byte(color.blue))
}
