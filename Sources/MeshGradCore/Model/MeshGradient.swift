/// A mesh gradient: a grid of colored vertices, smoothly blended. The model
/// mirrors SwiftUI's `MeshGradient(width:height:points:colors:background:
/// smoothsColors:colorSpace:)` (and its `bezierPoints:` variant) so that a
/// SwiftUI user recognizes every property.
///
/// The value is plain data; `validate()` says whether it describes a mesh
/// that can be drawn, and ``PatchNets`` turns it into geometry and color.
public struct MeshGradient: Hashable, Sendable {
    /// How vertex positions are given.
    public enum Locations: Hashable, Sendable {
        /// Positions only; handles are inferred (mesh-math §2).
        case points([SIMD2<Double>])
        /// Positions with explicit handles.
        case bezierPoints([BezierPoint])

        public var count: Int {
            switch self {
            case .points(let p): p.count
            case .bezierPoints(let p): p.count
            }
        }

        /// The vertex positions, whatever the variant.
        public var positions: [SIMD2<Double>] {
            switch self {
            case .points(let p): p
            case .bezierPoints(let p): p.map(\.position)
            }
        }
    }

    /// Vertices per row (≥ 2).
    public var width: Int
    /// Vertices per column (≥ 2).
    public var height: Int
    /// `width × height` locations, row-major, unit square, y down.
    public var locations: Locations
    /// `width × height` colors, row-major.
    public var colors: [RGBAColor]
    /// Fills what no patch covers. SwiftUI's default is clear.
    public var background: RGBAColor
    /// Cubic (true, SwiftUI's default) or bilinear color interpolation.
    public var smoothsColors: Bool
    public var colorSpace: ColorSpace

    public init(
        width: Int, height: Int, locations: Locations, colors: [RGBAColor],
        background: RGBAColor = .clear, smoothsColors: Bool = true,
        colorSpace: ColorSpace = .device
    ) {
        self.width = width
        self.height = height
        self.locations = locations
        self.colors = colors
        self.background = background
        self.smoothsColors = smoothsColors
        self.colorSpace = colorSpace
    }

    /// A regular `width × height` grid over the unit square.
    public static func regularGrid(width: Int, height: Int) -> [SIMD2<Double>] {
        (0..<height).flatMap { r in
            (0..<width).map { c in
                SIMD2(Double(c) / Double(width - 1), Double(r) / Double(height - 1))
            }
        }
    }

    /// The number of patches: one per grid cell.
    public var patchCount: Int { (width - 1) * (height - 1) }

    /// Checks the invariants a renderer relies on. The document layer reports
    /// the same problems with key paths; this is the last line of defence
    /// for meshes built in code.
    public func validate() throws(MeshValidationError) {
        guard width >= 2 else { throw .gridTooSmall(axis: "width", value: width) }
        guard height >= 2 else { throw .gridTooSmall(axis: "height", value: height) }
        let expected = width * height
        guard locations.count == expected else {
            throw .countMismatch(what: "points", expected: expected, actual: locations.count)
        }
        guard colors.count == expected else {
            throw .countMismatch(what: "colors", expected: expected, actual: colors.count)
        }
        let coordinates: [Double] =
            switch locations {
            case .points(let p): p.flatMap { [$0.x, $0.y] }
            case .bezierPoints(let p): p.flatMap(\.allCoordinates)
            }
        guard coordinates.allSatisfy(\.isFinite) else { throw .notFinite(what: "points") }
        guard
            (colors + [background]).allSatisfy({
                $0.vector.x.isFinite && $0.vector.y.isFinite && $0.vector.z.isFinite && $0.vector.w.isFinite
            })
        else { throw .notFinite(what: "colors") }
    }
}

/// Why a ``MeshGradient`` cannot be drawn.
public enum MeshValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    case gridTooSmall(axis: String, value: Int)
    case countMismatch(what: String, expected: Int, actual: Int)
    case notFinite(what: String)

    public var description: String {
        switch self {
        case .gridTooSmall(let axis, let value):
            "\(axis) is \(value), expected an integer ≥ 2"
        case .countMismatch(let what, let expected, let actual):
            "\(what) has \(actual) entries, expected width × height = \(expected)"
        case .notFinite(let what):
            "\(what) contain a NaN or infinite number"
        }
    }
}

extension MeshGradient {
    /// The same mesh with `transform` applied to every color and the
    /// background.
    public func mappingColors(_ transform: (RGBAColor) -> RGBAColor) -> MeshGradient {
        var copy = self
        copy.colors = colors.map(transform)
        copy.background = transform(background)
        return copy
    }
}
