@preconcurrency import CFreeType
import MeshGradCore

extension TextLayout {
    /// The text as anti-aliased coverage on a `width × height` canvas: 1
    /// inside the letters, 0 outside, the covered fraction of each pixel on
    /// their edges.
    ///
    /// Every glyph is rasterized from its outline at the final size, moved
    /// to its position to 1/64 pixel, by FreeType's anti-aliasing
    /// rasterizer (exact area coverage, 256 levels): crisp at any size, and
    /// no bitmap is ever scaled. Overlapping glyphs add up, to at most 1.
    /// What falls outside the canvas is cut off.
    public func coverageMask(width: Int, height: Int) throws(TextError) -> CoverageMask {
        guard width >= 0, height >= 0 else {
            throw .invalidStyle("a coverage mask cannot be \(width)×\(height) pixels")
        }
        var values = [Float](repeating: 0, count: width * height)
        try values.withUnsafeMutableBufferPointer { (canvas) throws(TextError) in
            try face.withFace { (face) throws(TextError) in
                for glyph in glyphs {
                    guard let ink = glyph.inkBounds, ink.maxX > 0, ink.minX < Double(width), ink.maxY > 0,
                        ink.minY < Double(height)
                    else { continue }
                    try render(glyph, face: face, into: canvas.baseAddress!, width: width, height: height)
                }
            }
        }
        return CoverageMask(width: width, height: height, values: values)
    }

    /// Adds one glyph's coverage into the canvas. The pen position is
    /// split into whole pixels and a 26.6 remainder: the outline moves by
    /// the remainder before rendering, the bitmap by whole pixels after.
    private func render(
        _ glyph: Glyph, face: FT_Face, into canvas: UnsafeMutablePointer<Float>, width: Int, height: Int
    ) throws(TextError) {
        let penX = Int((glyph.x * 64).rounded())
        let baseline = Int((glyph.baseline * 64).rounded())
        let originX = penX >> 6  // floor, also below zero
        let originY = baseline >> 6
        // FreeType's y points up: a baseline lower on the canvas by a
        // fraction is the outline moved down by it.
        try placement.load(glyph.glyphIndex, in: face, dx: penX - originX * 64, dy: -(baseline - originY * 64))
        try check(mg_ft_render_placed_outline(face), "rendering \(TextError.describe(glyph.character))")
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return }
        let left = originX + Int(slot.bitmap_left)
        let top = originY - Int(slot.bitmap_top)
        let columns = max(0, -left)..<min(Int(bitmap.width), width - left)
        guard !columns.isEmpty else { return }
        let scale = 1 / Float(max(1, Int(bitmap.num_grays) - 1))
        for row in 0..<Int(bitmap.rows) {
            let y = top + row
            guard y >= 0, y < height else { continue }
            let source = buffer + row * Int(bitmap.pitch)
            let destination = canvas + y * width + left
            for column in columns where source[column] != 0 {
                destination[column] = min(1, destination[column] + Float(source[column]) * scale)
            }
        }
    }
}
