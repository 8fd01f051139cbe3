import MeshGradCore

/// Colors taken from somewhere else: the canvas (the eyedropper), the
/// document's own palette, and text (a pasted hex).
extension Editor {
    /// The side of the square the eyedropper renders the mesh at: a point
    /// of the canvas is read to 1/512 of its width, finer than a color
    /// changes under a pointer.
    public static let eyedropperResolution = 512

    /// The color the edited mesh shows at `point` (its unit square) at
    /// `time`: rendered, rounded to 8 bits as a picker holds it (a color
    /// beyond sRGB is read clipped to it); the background outside the
    /// mesh. Nil without a mesh or for a point off the canvas.
    public func color(at point: SIMD2<Double>, time: Double) -> RGBAColor? {
        guard let animated = mesh, point.x >= 0, point.x < 1, point.y >= 0, point.y < 1 else { return nil }
        let side = Self.eyedropperResolution
        let plan = RenderPlan(mesh: animated.mesh(at: time), width: side, height: side, antialiasing: false)
        let row = Int(point.y * Double(side))
        let column = Int(point.x * Double(side))
        var pixels = [UInt8](repeating: 0, count: side * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            CPURenderer().render8(
                PreparedRaster(plan: plan, rows: row..<row + 1), dithers: false, rows: row..<row + 1,
                into: buffer.baseAddress!)
        }
        let c = pixels[column * 4..<column * 4 + 4].map { Double($0) / 255 }
        return RGBAColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// The document's palette: the edited mesh's distinct colors and its
    /// background, in the order they first appear (vertices row by row).
    public var palette: [RGBAColor] {
        guard let mesh = mesh?.mesh else { return [] }
        var seen = Set<RGBAColor>()
        return (mesh.colors + [mesh.background]).filter { seen.insert($0).inserted }
    }
}
