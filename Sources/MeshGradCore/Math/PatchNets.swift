/// Every patch of a mesh as a pair of bicubic Bézier nets: geometry (unit
/// square positions) and color (premultiplied, in the interpolation space).
///
/// This is the middle of the pipeline: the model goes in, and everything
/// after (tessellation, both renderers, the exact reference in the tests)
/// reads only these nets. Patch `k` is cell `(k % (width-1), k / (width-1))`,
/// row-major, which is also the painting order.
public struct PatchNets: Sendable {
    public var columns: Int
    public var rows: Int
    public var geometry: [GeometryNet]
    public var colors: [ColorNet]
    public var colorSpace: ColorSpace
    public var background: RGBAColor

    public var count: Int { geometry.count }

    public init(_ mesh: MeshGradient) {
        let w = mesh.width
        let h = mesh.height
        columns = w - 1
        rows = h - 1
        colorSpace = mesh.colorSpace
        background = mesh.background

        let points = mesh.bezierPoints
        let premultiplied = mesh.colors.map { interpolationColor($0, in: mesh.colorSpace) }
        let slopes = mesh.smoothsColors ? ColorSlopes(width: w, height: h, colors: premultiplied) : nil

        geometry = []
        colors = []
        geometry.reserveCapacity(columns * rows)
        colors.reserveCapacity(columns * rows)
        for r in 0..<rows {
            for c in 0..<columns {
                let ia = r * w + c
                let ib = ia + 1
                let ic = ia + w
                let id = ic + 1
                geometry.append(
                    coonsPatchNet(a: points[ia], b: points[ib], c: points[ic], d: points[id]))
                let corners = (premultiplied[ia], premultiplied[ib], premultiplied[ic], premultiplied[id])
                if let s = slopes {
                    colors.append(
                        smoothColorNet(
                            colors: corners,
                            dx: (s.dx[ia], s.dx[ib], s.dx[ic], s.dx[id]),
                            dy: (s.dy[ia], s.dy[ib], s.dy[ic], s.dy[id]),
                            dxy: (s.dxy[ia], s.dxy[ib], s.dxy[ic], s.dxy[id])))
                } else {
                    colors.append(bilinearColorNet(a: corners.0, b: corners.1, c: corners.2, d: corners.3))
                }
            }
        }
    }
}

extension PatchNets {
    /// The same patches seen through a window: geometry given in the unit
    /// square of pixel box `from` re-expressed in the unit square of pixel
    /// box `to` (a part of it), so that a mesh layer far larger than the
    /// canvas is planned only where it can be seen. Bézier patches are
    /// affine invariant, so mapping the control points maps the surface
    /// exactly; colors are untouched.
    public func reframed(from: PixelBox, to: PixelBox) -> PatchNets {
        let scale = SIMD2(Double(from.width), Double(from.height)) / SIMD2(Double(to.width), Double(to.height))
        let shift =
            SIMD2(Double(from.x0 - to.x0), Double(from.y0 - to.y0)) / SIMD2(Double(to.width), Double(to.height))
        var copy = self
        copy.geometry = geometry.map { net in GeometryNet(points: net.points.map { $0 * scale + shift }) }
        return copy
    }
}
