// The CPU side of mesh-math §7a: where a patch folds over itself, each
// sample belongs to the covering triangle with the largest fold key at the
// pixel center (equal keys: the later triangle), as the GPU's depth test
// decides it (Shaders/mesh.frag, `FOLDS`), and a pixel whose samples
// differ is their mean, as the multisample resolve makes it.

extension RasterSetup {
    /// Marks a pixel of a folded, anti-aliased mesh whose four samples do
    /// not all belong to the triangle at its center: it is resolved as 4×
    /// MSAA with a depth test resolves it (``resolveSamples``).
    static let mixedSamples: Int32 = -2

    /// Row `y`'s coverage by the fold rule: `centerTriangle[x]` is the
    /// covering triangle of the largest key at the pixel center (equal
    /// keys: the later one), and with anti-aliasing `sampleTriangles[s *
    /// width + x]` the same for sample `s`, judged by the key at the pixel
    /// center as the GPU's depth test judges a fragment; a pixel whose
    /// samples are not all its center's triangle becomes ``mixedSamples``.
    /// `centerKey` (`width`) and `sampleKeys` (`4 × width`) are scratch.
    func coverByFoldKey(
        row y: Int, triangles: UnsafeBufferPointer<RasterTriangle>, centerTriangle: UnsafeMutablePointer<Int32>,
        sampleTriangles: UnsafeMutablePointer<Int32>, sampleMask: UnsafeMutablePointer<UInt8>,
        centerKey: UnsafeMutablePointer<Float>, sampleKeys: UnsafeMutablePointer<Float>, antialias: Bool
    ) {
        let width = plan.width
        let scale = plan.foldKeyScale
        let centerY = Float(y) + 0.5
        @inline(__always) func key(_ t: RasterTriangle, _ x: Int) -> Float {
            let dx = Float(x) + 0.5 - t.originX
            let dy = centerY - t.originY
            return foldKey(patch: t.patch, v: t.v0 + t.vPerX * dx + t.vPerY * dy, scale: scale)
        }
        if antialias { sampleTriangles.update(repeating: -1, count: 4 * width) }
        for entry in rowList(y) {
            let k = rowTriangles[entry]
            let t = triangles[Int(k)]
            if let s = t.span(row: y, sampleX: 128, sampleY: 128, width: width) {
                for x in s {
                    let q = key(t, x)
                    if centerTriangle[x] < 0 || q >= centerKey[x] {
                        centerTriangle[x] = k
                        centerKey[x] = q
                    }
                }
            }
            guard antialias else { continue }
            for (bit, sample) in CPURenderer.samplePositions.enumerated() {
                guard let s = t.span(row: y, sampleX: sample.x, sampleY: sample.y, width: width) else { continue }
                let winners = sampleTriangles + bit * width
                let keys = sampleKeys + bit * width
                for x in s {
                    sampleMask[x] |= UInt8(1 << bit)
                    let q = key(t, x)
                    if winners[x] < 0 || q >= keys[x] {
                        winners[x] = k
                        keys[x] = q
                    }
                }
            }
        }
        guard antialias else { return }
        for x in 0..<width where sampleMask[x] != 0 {
            let k = centerTriangle[x]
            if k < 0 || sampleTriangles[x] != k || sampleTriangles[width + x] != k
                || sampleTriangles[2 * width + x] != k || sampleTriangles[3 * width + x] != k
            {
                centerTriangle[x] = Self.mixedSamples
            }
        }
    }

    /// The straight color of a ``mixedSamples`` pixel: the mean of its four
    /// samples, premultiplied, each the color of its triangle at the pixel
    /// center (where the GPU's fragment stage evaluates it) or the
    /// background, as a multisample resolve computes it.
    @inline(__always)
    func resolveSamples(
        x: Int, sampleTriangles: UnsafePointer<Int32>, triangles: UnsafeBufferPointer<RasterTriangle>,
        polys: UnsafePointer<SIMD4<Float>>, centerY: Float, background: SIMD4<Float>
    ) -> SIMD4<Float> {
        let width = plan.width
        var sum = SIMD4<Float>.zero
        var lastTriangle: Int32 = -1
        var lastColor = background
        for sample in 0..<4 {
            let k = sampleTriangles[sample * width + x]
            if k < 0 {
                sum += background
                continue
            }
            if k != lastTriangle {
                let c = shade(triangles[Int(k)], polys: polys, x: Float(x) + 0.5, y: centerY, space: plan.colorSpace)
                lastColor = SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
                lastTriangle = k
            }
            sum += lastColor
        }
        let mixed = sum * 0.25
        guard mixed.w > 0 else { return .zero }
        return SIMD4(mixed.x / mixed.w, mixed.y / mixed.w, mixed.z / mixed.w, mixed.w)
    }
}
