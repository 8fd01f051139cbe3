/// Everything a renderer needs to draw one mesh on one canvas, computed once
/// in Swift: the tessellated triangles, the flattened color nets and the
/// background. Both renderers take the same plan and compute the same
/// function from it; the GPU uploads its arrays as they are.
public struct RenderPlan: Sendable {
    public var width: Int
    public var height: Int
    /// Patches per row and per column.
    public var columns: Int
    public var rows: Int
    public var tessellation: Tessellation
    /// 16 coefficients per patch, premultiplied, in the interpolation space:
    /// patch `k`'s coefficient of `uⁱ vʲ` (``ColorPolynomial``) is
    /// `colorPolynomials[k * 16 + j * 4 + i]`.
    public var colorPolynomials: [SIMD4<Float>]
    public var colorSpace: ColorSpace
    /// Straight sRGB; fills every pixel no patch covers.
    public var background: RGBAColor
    /// Whether the mesh border needs anti-aliasing on this canvas: asked for,
    /// and the border passes through the canvas (not just along its edge).
    public var antialiasesBorder: Bool
    /// Whether every vertex color has full alpha (so the mesh is opaque
    /// wherever it is).
    public var colorsAreOpaque: Bool
    /// Whether a patch folds over itself (``Tessellation/hasFoldedPatch``):
    /// then both renderers pick a pixel's sheet by its depth key
    /// (mesh-math §7a) instead of by drawing order.
    public var folds: Bool
    /// `2⁻ᵏ` for the smallest `k` with `2ᵏ ≥` the patch count: scales the
    /// fold key `patch + v` into the depth range `0...1` exactly.
    public var foldKeyScale: Float
    /// Film grain over the mesh (mesh-math §8a): the document's, at the
    /// frame's time; nil for none. Both renderers read it from the plan.
    public var grain: GrainField?

    /// Plans `mesh` on a `width × height` canvas. `tessellationLevel`
    /// overrides the automatic choice (tests use it to measure the error).
    public init(
        mesh: MeshGradient, width: Int, height: Int, tessellationLevel: Int? = nil,
        tolerance: TessellationLevel = TessellationLevel(), antialiasing: Bool = true,
        tessellationCache: TessellationCache? = nil
    ) {
        let nets = PatchNets(mesh)
        self.init(
            nets: nets, width: width, height: height, tessellationLevel: tessellationLevel, tolerance: tolerance,
            antialiasing: antialiasing, tessellationCache: tessellationCache)
    }

    /// `tolerance` chooses the level when `tessellationLevel` is nil: the
    /// default is exact output's; a live preview may trade precision no
    /// one sees for frame rate (``TessellationLevel/preview``).
    /// `maximumVertices` caps the tessellation (a scene's meshes share
    /// ``Tessellation/maximumVertices``). `tessellationCache` carries what
    /// one frame's tessellation can give the next (``TessellationCache``).
    public init(
        nets: PatchNets, width: Int, height: Int, tessellationLevel: Int? = nil,
        tolerance: TessellationLevel = TessellationLevel(), antialiasing: Bool = true,
        maximumVertices: Int = Tessellation.maximumVertices, tessellationCache: TessellationCache? = nil
    ) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        columns = nets.columns
        rows = nets.rows
        tessellation = Tessellation(
            nets, canvasWidth: width, canvasHeight: height,
            level: tessellationLevel
                ?? tessellationCache?.level(for: nets, canvasWidth: width, canvasHeight: height, tolerance: tolerance)
                ?? tolerance.level(for: nets, canvasWidth: width, canvasHeight: height),
            maximumVertices: maximumVertices, cache: tessellationCache)
        colorPolynomials = nets.colors.flatMap { net in ColorPolynomial(net).coefficients.map { SIMD4<Float>($0) } }
        colorSpace = nets.colorSpace
        background = nets.background
        colorsAreOpaque = nets.colors.allSatisfy { net in net.points.allSatisfy { $0.w >= 1 } }
        folds = tessellation.hasFoldedPatch
        var keyRange = 1
        while keyRange < nets.count { keyRange *= 2 }
        foldKeyScale = 1 / Float(keyRange)
        antialiasesBorder =
            antialiasing && tessellation.outerBorderCrossesCanvas(columns: columns, rows: rows)
    }

    /// Whether the CPU rasterizer may draw rows from their center spans:
    /// without anti-aliasing or folds a pixel shows its center's triangle.
    var takesSpansPath: Bool { !antialiasesBorder && !folds }

    /// The background as a straight single-precision color.
    public var backgroundVector: SIMD4<Float> { SIMD4<Float>(background.vector) }
}
