/// A vertex color moved into the interpolation space and premultiplied
/// (mesh-math §4): `(r·a, g·a, b·a, a)` for device, `(L·a, a·a, b·a, a)` for
/// perceptual.
public func interpolationColor(_ color: RGBAColor, in space: ColorSpace) -> SIMD4<Double> {
    let a = color.alpha
    switch space {
    case .device:
        return SIMD4(color.red * a, color.green * a, color.blue * a, a)
    case .perceptual:
        let lab = Oklab.fromSRGB(SIMD3(color.red, color.green, color.blue))
        return SIMD4(lab * a, a)
    }
}

/// The bilinear color net of a patch (mesh-math §4a), degree-elevated to a
/// bicubic net so that both color modes evaluate with the same code: the
/// elevation is exact, `Σ Bᵢ(u) Bⱼ(v) bilerp(i/3, j/3) = bilerp(u, v)`.
public func bilinearColorNet(
    a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>, d: SIMD4<Double>
) -> ColorNet {
    var net = ColorNet(points: Array(repeating: .zero, count: 16))
    for j in 0..<4 {
        for i in 0..<4 {
            let s = Double(i) / 3
            let t = Double(j) / 3
            net[i, j] = (1 - s) * (1 - t) * a + s * (1 - t) * b + (1 - s) * t * c + s * t * d
        }
    }
    return net
}

/// The monotone bicubic color net of a patch (mesh-math §4b) from its
/// corner colors `A (0,0)`, `B (1,0)`, `C (0,1)`, `D (1,1)` and their slopes.
public func smoothColorNet(
    colors: (a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>, d: SIMD4<Double>),
    dx: (a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>, d: SIMD4<Double>),
    dy: (a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>, d: SIMD4<Double>),
    dxy: (a: SIMD4<Double>, b: SIMD4<Double>, c: SIMD4<Double>, d: SIMD4<Double>)
) -> ColorNet {
    let (a, b, c, d) = colors
    var q = ColorNet(points: Array(repeating: .zero, count: 16))
    q[0, 0] = a
    q[3, 0] = b
    q[0, 3] = c
    q[3, 3] = d
    q[1, 0] = a + dx.a / 3
    q[2, 0] = b - dx.b / 3
    q[1, 3] = c + dx.c / 3
    q[2, 3] = d - dx.d / 3
    q[0, 1] = a + dy.a / 3
    q[0, 2] = c - dy.c / 3
    q[3, 1] = b + dy.b / 3
    q[3, 2] = d - dy.d / 3
    q[1, 1] = q[1, 0] + q[0, 1] - a + dxy.a / 9
    q[2, 1] = q[2, 0] + q[3, 1] - b - dxy.b / 9
    q[1, 2] = q[0, 2] + q[1, 3] - c - dxy.c / 9
    q[2, 2] = q[2, 3] + q[3, 2] - d + dxy.d / 9
    return q
}
