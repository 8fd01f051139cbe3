// From premultiplied colors to straight ones, before quantization
// (mesh-math §4c, §8).
//
// Twin of Shaders/finish.frag: `unpremultiply()` carries the same name and
// does the same float operations; `blend()` is what the GPU's 4× multisample
// resolve of an anti-aliased border pixel followed by `unpremultiply()`
// computes (the background where no sample is covered). The quantization
// itself is Quantize.swift's, as it is quantize.glsl's.

/// A premultiplied color back to straight; zero alpha gives transparent
/// black.
@inlinable @inline(__always)
public func unpremultiply(_ c: SIMD4<Float>) -> SIMD4<Float> {
    guard c.w > 0 else { return .zero }
    return SIMD4(c.x / c.w, c.y / c.w, c.z / c.w, c.w)
}

/// A partly covered pixel: the mesh color weighted by its sample coverage
/// over the background, in premultiplied space, returned straight.
@inline(__always)
func blend(_ color: SIMD4<Float>, coverage mask: UInt8, over background: SIMD4<Float>) -> SIMD4<Float> {
    let coverage = Float(mask.nonzeroBitCount) / 4
    let premultiplied = SIMD4(color.x * color.w, color.y * color.w, color.z * color.w, color.w)
    let mixed = premultiplied * coverage + background * (1 - coverage)
    guard mixed.w > 0 else { return .zero }
    return SIMD4(mixed.x / mixed.w, mixed.y / mixed.w, mixed.z / mixed.w, mixed.w)
}
