import MeshGradCore

/// `meshgrad fit`: a mesh whose picture is as close as it can be to a
/// photo (a ``FitTarget``), by least squares.
///
/// With the vertex positions fixed, a bilinear `device` mesh is linear in
/// its vertex colors: each pixel is a weighted sum of its patch's four
/// corner colors. The weights come from the renderer itself (one render
/// tells each pixel's patch and `(u, v)`, see ``Basis``), so the fit is
/// exact for whatever geometry the renderer draws, and the colors are the
/// least-squares solution. Smooth colors (monotone bicubic,
/// mesh-math §4b) are not linear in the colors: they start from the linear
/// solution and are refined by Gauss–Newton steps that use the bilinear
/// weights as the Jacobian's stand-in, kept only when they lower the error.
/// With `positions`, vertices move by coordinate descent on the bilinear
/// error: interior ones both ways, border ones along their border, corners
/// never, each kept a fifth of the spacing from its neighbours and every
/// move that folds a patch refused.
public struct MeshFitter: Sendable {
    public struct Settings: Sendable {
        public var width: Int
        public var height: Int
        public var smooth: Bool
        public var positions: Bool
        /// Coordinate-descent passes, each with half the step of the last.
        public var passes: Int

        public init(width: Int = 4, height: Int = 4, smooth: Bool = true, positions: Bool = false, passes: Int = 3) {
            self.width = width
            self.height = height
            self.smooth = smooth
            self.positions = positions
            self.passes = passes
        }
    }

    /// One stage of the fit and the PSNR it reached against the target.
    public struct Step: Sendable {
        public var stage: String
        public var psnr: Double
    }

    public let target: FitTarget
    public var settings: Settings

    public init(target: FitTarget, settings: Settings) {
        precondition(settings.width >= 2 && settings.height >= 2)
        self.target = target
        self.settings = settings
    }

    /// The fitted mesh (8-bit colors, `device` space), reporting each step.
    public func fit(report: (Step) -> Void = { _ in }) -> MeshGradient {
        var positions = MeshGradient.regularGrid(width: settings.width, height: settings.height)
        var basis = Basis(positions: positions, fitter: self)!
        var colors = basis.solve(target)
        report(
            Step(stage: "colors by least squares (bilinear)", psnr: psnr(meanSquaredError: basis.error(colors, target)))
        )
        if settings.positions {
            for pass in 0..<settings.passes {
                (positions, basis, colors) = descend(positions: positions, basis: basis, colors: colors, pass: pass)
                report(
                    Step(
                        stage: "positions, pass \(pass + 1) (bilinear)",
                        psnr: psnr(meanSquaredError: basis.error(colors, target))))
            }
        }
        var mesh = self.mesh(positions: positions, colors: colors, smooth: settings.smooth)
        if settings.smooth {
            report(Step(stage: "smooth colors from the linear solution", psnr: psnr(meanSquaredError: error(of: mesh))))
            mesh = refineSmooth(mesh, basis: basis)
            report(Step(stage: "smooth colors refined", psnr: psnr(meanSquaredError: error(of: mesh))))
        }
        mesh.colors = mesh.colors.map { rounded8($0) }
        mesh.background = mesh.colors[0]
        report(Step(stage: "document (8-bit colors)", psnr: psnr(meanSquaredError: error(of: mesh))))
        return mesh
    }

    func mesh(positions: [SIMD2<Double>], colors: [SIMD3<Double>], smooth: Bool) -> MeshGradient {
        let rgba = colors.map { c in
            RGBAColor(red: min(max(c.x, 0), 1), green: min(max(c.y, 0), 1), blue: min(max(c.z, 0), 1))
        }
        return MeshGradient(
            width: settings.width, height: settings.height, locations: .points(positions), colors: rgba,
            background: rgba[0], smoothsColors: smooth, colorSpace: .device)
    }

    func render(_ mesh: MeshGradient) -> (RGBAImage<Float>, folds: Bool) {
        let plan = RenderPlan(mesh: mesh, width: target.width, height: target.height, antialiasing: false)
        return (CPURenderer(threadCount: 1).renderFloat(plan), plan.folds)
    }

    /// The mean squared error of `mesh` as rendered.
    public func error(of mesh: MeshGradient) -> Double {
        target.meanSquaredError(render(mesh).0)
    }
}

// MARK: - The linear model

extension MeshFitter {
    /// Each pixel's vertex weights for one set of positions.
    struct Basis {
        /// Per pixel, `(vertex, weight)` for the weights above 10⁻⁷.
        var weights: [[(Int, Double)]]
        /// How many vertices (unknowns).
        let count: Int

        /// Nil when the positions fold a patch.
        ///
        /// One render finds every pixel's patch and `(u, v)`: with vertex
        /// (c, r) colored `(c/(W−1), r/(H−1), 0)`, bilinear interpolation
        /// (mesh-math §4a) gives each pixel `((c+u)/(W−1), (r+v)/(H−1))`
        /// exactly, since it reproduces linear functions of the grid index.
        /// The pixel's weights are then its patch's bilinear ones.
        init?(positions: [SIMD2<Double>], fitter: MeshFitter) {
            let w = fitter.settings.width
            let h = fitter.settings.height
            count = w * h
            let ramps = (0..<count).map { k in SIMD3(Double(k % w) / Double(w - 1), Double(k / w) / Double(h - 1), 0) }
            let (image, folds) = fitter.render(fitter.mesh(positions: positions, colors: ramps, smooth: false))
            if folds { return nil }
            weights = (0..<(fitter.target.width * fitter.target.height)).map { p in
                let s = Double(image.components[4 * p]) * Double(w - 1)
                let t = Double(image.components[4 * p + 1]) * Double(h - 1)
                let c = min(max(Int(s), 0), w - 2)
                let r = min(max(Int(t), 0), h - 2)
                let u = min(max(s - Double(c), 0), 1)
                let v = min(max(t - Double(r), 0), 1)
                let k = r * w + c
                return [(k, (1 - u) * (1 - v)), (k + 1, u * (1 - v)), (k + w, (1 - u) * v), (k + w + 1, u * v)]
            }
        }

        func solve(_ target: FitTarget, residual: [SIMD3<Double>]? = nil) -> [SIMD3<Double>] {
            var equations = NormalEquations(unknowns: count)
            for (p, row) in weights.enumerated() {
                equations.add(row, target: residual?[p] ?? SIMD3<Double>(target.pixels[p]))
            }
            return equations.solve()
        }

        /// The bilinear prediction's mean squared error, with colors clamped
        /// to 0…1 as the document will hold them.
        func error(_ colors: [SIMD3<Double>], _ target: FitTarget) -> Double {
            let clamped = colors.map { $0.clamped(lowerBound: .zero, upperBound: .one) }
            var sum = 0.0
            for (p, row) in weights.enumerated() {
                var predicted = SIMD3<Double>.zero
                for (k, w) in row { predicted += w * clamped[k] }
                let d = predicted - SIMD3<Double>(target.pixels[p])
                sum += (d * d).sum()
            }
            return sum / Double(weights.count * 3)
        }
    }
}

// MARK: - Positions and smooth colors

extension MeshFitter {
    /// One pass of coordinate descent: every movable coordinate tried a
    /// step either way, the best kept where it lowers the error.
    func descend(
        positions start: [SIMD2<Double>], basis start0: Basis, colors start1: [SIMD3<Double>], pass: Int
    )
        -> ([SIMD2<Double>], Basis, [SIMD3<Double>])
    {
        let w = settings.width
        let h = settings.height
        let spacing = SIMD2(1 / Double(w - 1), 1 / Double(h - 1))
        let step = spacing * (0.25 / Double(1 << pass))
        var positions = start
        var basis = start0
        var colors = start1
        var best = basis.error(colors, target)
        for r in 0..<h {
            for c in 0..<w {
                for axis in 0..<2 {
                    // Border vertices slide along their border; corners stay.
                    if axis == 0 && (c == 0 || c == w - 1) { continue }
                    if axis == 1 && (r == 0 || r == h - 1) { continue }
                    for sign in [1.0, -1.0] {
                        var candidate = positions
                        candidate[r * w + c][axis] += sign * step[axis]
                        guard keepsOrder(candidate, column: c, row: r, gap: spacing * 0.2),
                            let trial = Basis(positions: candidate, fitter: self)
                        else { continue }
                        let trialColors = trial.solve(target)
                        let trialError = trial.error(trialColors, target)
                        if trialError < best {
                            (positions, basis, colors, best) = (candidate, trial, trialColors, trialError)
                            break
                        }
                    }
                }
            }
        }
        return (positions, basis, colors)
    }

    /// Whether vertex (c, r) stays `gap` inside its row and column
    /// neighbours (and the unit square).
    func keepsOrder(_ p: [SIMD2<Double>], column c: Int, row r: Int, gap: SIMD2<Double>) -> Bool {
        let w = settings.width
        let v = p[r * w + c]
        let left = c > 0 ? p[r * w + c - 1].x : -gap.x
        let right = c < w - 1 ? p[r * w + c + 1].x : 1 + gap.x
        let up = r > 0 ? p[(r - 1) * w + c].y : -gap.y
        let down = r < settings.height - 1 ? p[(r + 1) * w + c].y : 1 + gap.y
        return v.x >= left + gap.x && v.x <= right - gap.x && v.y >= up + gap.y && v.y <= down - gap.y
            && v.x >= 0 && v.x <= 1 && v.y >= 0 && v.y <= 1
    }

    /// Gauss–Newton steps on the smooth mesh's colors, the bilinear
    /// weights standing in for the Jacobian; a step that does not lower
    /// the error is halved, then given up.
    func refineSmooth(_ start: MeshGradient, basis: Basis) -> MeshGradient {
        var mesh = start
        var (image, _) = render(mesh)
        var best = target.meanSquaredError(image)
        for _ in 0..<4 {
            let residual = (0..<(target.width * target.height)).map { p in
                SIMD3<Double>(target.pixels[p])
                    - SIMD3<Double>(
                        Double(image.components[4 * p]), Double(image.components[4 * p + 1]),
                        Double(image.components[4 * p + 2]))
            }
            let delta = basis.solve(target, residual: residual)
            var improved = false
            for scale in [1.0, 0.5] {
                var candidate = mesh
                candidate.colors = zip(mesh.colors, delta).map { color, d in
                    let c = (SIMD3(color.red, color.green, color.blue) + scale * d).clamped(
                        lowerBound: .zero, upperBound: .one)
                    return RGBAColor(red: c.x, green: c.y, blue: c.z)
                }
                let (candidateImage, _) = render(candidate)
                let candidateError = target.meanSquaredError(candidateImage)
                if candidateError < best {
                    (mesh, image, best, improved) = (candidate, candidateImage, candidateError, true)
                    break
                }
            }
            if !improved { break }
        }
        return mesh
    }
}
