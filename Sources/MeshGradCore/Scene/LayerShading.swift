// The color of one pixel of a scene layer, and how layers stack.
//
// Twin of `linearGradientParameter()`, `premultiply()` and `compositeOver()`
// in Shaders/layer.frag (`unpremultiply()` is finish.frag's, in Finish.swift):
// the functions carry the same names and do the same float operations in
// the same order.

/// Where pixel center `(x, y)` falls along a linear gradient: 0 at its
/// start point, 1 at its end, by perpendicular projection onto the line
/// between them in canvas pixels (so a diagonal gradient on a wide layer
/// runs across it as SwiftUI's does). Start and end in one place mean the
/// first stop everywhere.
@inlinable @inline(__always)
public func linearGradientParameter(x: Float, y: Float, start: SIMD2<Float>, end: SIMD2<Float>) -> Float {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let lengthSquared = dx * dx + dy * dy
    guard lengthSquared > 0 else { return 0 }
    return ((x - start.x) * dx + (y - start.y) * dy) / lengthSquared
}

/// A straight color premultiplied by its alpha.
@inlinable @inline(__always)
public func premultiply(_ c: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
}

/// Porter–Duff "source over" on premultiplied colors: what GL's blending
/// `(ONE, ONE_MINUS_SRC_ALPHA)` computes.
@inlinable @inline(__always)
public func compositeOver(_ source: SIMD4<Float>, _ destination: SIMD4<Float>) -> SIMD4<Float> {
    source + destination * (1 - source.w)
}
