@preconcurrency import CFreeType
import Foundation

/// A text set in a font and placed in a frame of the canvas: every glyph's
/// pen position, baseline and ink, in canvas pixels, ready to rasterize
/// into a `CoverageMask` with ``coverageMask(width:height:)``.
///
/// Layout works in the font's units and scales linearly: glyphs are loaded
/// unhinted, so what is measured here is exactly what is drawn, at any
/// size, and fitting a text to a frame is a single scale factor. One glyph
/// per Unicode scalar, left to right, with the font's kerning pairs: enough
/// for titles in Latin, Greek or Cyrillic, with no shaping (ligatures,
/// combining marks, right-to-left scripts).
///
/// Lines break at `\n` (and `\r\n`, `\r`, U+2028, U+2029) and, given a
/// wrapping width, where they would grow wider than it (at spaces, as
/// SwiftUI's `Text` wraps: TextLayout+Wrapping.swift), each aligned in
/// the frame by the style's alignment; the block of lines is centered
/// vertically in the frame, from the first line's ascender to the last
/// line's descender.
public struct TextLayout: Sendable {
    /// One glyph in place.
    public struct Glyph: Sendable, Hashable {
        public let character: Unicode.Scalar
        /// The font's glyph index.
        public let glyphIndex: UInt32
        /// The pen position: where the glyph's advance starts, on the baseline.
        public let x: Double
        public let baseline: Double
        /// How far the pen moves past this glyph, kerning not included.
        public let advance: Double
        /// The kerning applied between the previous glyph and this one
        /// (negative: closer); 0 at the start of a line.
        public let kerning: Double
        /// The exact bounds of the glyph's outline; nil for a space.
        public let inkBounds: PixelRect?
    }

    /// One line in place.
    public struct Line: Sendable, Hashable {
        /// Its glyphs in ``TextLayout/glyphs``.
        public let glyphs: Range<Int>
        /// Where its pen starts.
        public let x: Double
        public let baseline: Double
        /// The sum of its advances and kerning.
        public let width: Double
    }

    public let text: String
    public let style: TextStyle
    public let frame: PixelRect
    /// The em size drawn: the style's, or scaled to fit the frame.
    public let size: Double
    /// Baseline to baseline: the font's line height at ``size`` plus the
    /// (scaled) line spacing.
    public let lineHeight: Double
    public let lines: [Line]
    public let glyphs: [Glyph]
    /// The lines' block in pixels: the widest line's advance by ascender
    /// to descender over every line (what a layout sizes the text by,
    /// SwiftUI's `Text` size; the ink may reach a little past it).
    public let blockSize: SIMD2<Double>
    /// Whether the font has kerning FreeType can read (a TrueType `kern`
    /// table). DejaVu Sans has one, next to its GPOS kerning; a font with
    /// GPOS kerning only is set without kerning here.
    public var fontHasKerning: Bool { face.hasKerning }

    let face: FontFace
    let placement: OutlinePlacement

    /// Lays out `text` in `style` within `frame` (canvas pixels), its
    /// lines wrapped to `wrapWidth` pixels when given (`wrapped(_:limit:)`;
    /// a text fitted to its frame is not wrapped).
    public init(
        _ text: String, style: TextStyle, in frame: PixelRect, fit: TextFit = .natural, wrapWidth: Double? = nil
    ) throws(TextError) {
        try Self.checkLayout(style: style, frame: frame, fit: fit)
        let lineScalars = Self.lines(of: text)
        guard lineScalars.joined().contains(where: { !$0.properties.isWhitespace }) else { throw .emptyText }
        let (path, emboldening) = try style.fontFile()
        let face = try FontFace(path: path)
        // Grown strokes widen each advance by the growth.
        let growth = emboldening * face.unitsPerEm
        var measured = try Self.measure(lineScalars, face: face, style: style, growth: growth)
        let naturalScale = style.size / face.unitsPerEm
        if let wrapWidth, fit == .natural {
            guard !wrapWidth.isNaN, wrapWidth >= 0 else {
                throw .invalidStyle("the wrapping width must be a number of pixels ≥ 0, not \(wrapWidth)")
            }
            measured = measured.flatMap { Self.wrapped($0, limit: wrapWidth / naturalScale) }
        }
        let widths = measured.map { row in row.reduce(0) { $0 + $1.kerning + $1.advance } }
        let lineAdvance = face.lineHeight + style.lineSpacing / naturalScale
        let blockHeight = face.ascender + face.descender + Double(measured.count - 1) * lineAdvance
        let widest = widths.max() ?? 0
        let fitting = try Self.fitting(
            fit, frame: frame, block: SIMD2(widest, blockHeight) * naturalScale)
        let scale = naturalScale * fitting
        let placement = OutlinePlacement(scale: scale, widthFactor: style.widthFactor, growth: growth)
        let top = frame.midY - blockHeight * scale / 2
        var glyphs: [Glyph] = []
        var lines: [Line] = []
        for (index, row) in measured.enumerated() {
            let baseline = top + (face.ascender + Double(index) * lineAdvance) * scale
            let line = try Self.place(
                row, width: widths[index] * scale, baseline: baseline, scale: scale, alignment: style.alignment,
                frame: frame, face: face, placement: placement, into: &glyphs)
            lines.append(line)
        }
        self.text = text
        self.style = style
        self.frame = frame
        self.face = face
        self.placement = placement
        self.size = style.size * fitting
        self.lineHeight = lineAdvance * scale
        self.lines = lines
        self.glyphs = glyphs
        self.blockSize = SIMD2(widest * scale, blockHeight * scale)
    }

    /// A style, frame and fit that can be laid out.
    static func checkLayout(style: TextStyle, frame: PixelRect, fit: TextFit) throws(TextError) {
        try style.validate()
        guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite), frame.width >= 0,
            frame.height >= 0
        else {
            throw .invalidStyle("the text frame must be finite with a size ≥ 0, not \(frame)")
        }
        guard fit == .natural || (frame.width > 0 && (fit == .width || frame.height > 0)) else {
            throw .invalidStyle("a text cannot be fitted to an empty frame (\(frame.width)×\(frame.height) pixels)")
        }
    }

    /// Each line's glyphs with their advances and kerning, in font units
    /// stretched by the width factor.
    static func measure(_ lines: [[Unicode.Scalar]], face: FontFace, style: TextStyle, growth: Double)
        throws(TextError) -> [[MeasuredGlyph]]
    {
        var measured: [[MeasuredGlyph]] = []
        for line in lines {
            var row: [MeasuredGlyph] = []
            for scalar in line {
                let glyph = face.glyphIndex(scalar)
                guard glyph != 0 else { throw .missingGlyph(scalar, font: face.name) }
                let advance = try face.advance(glyph) * style.widthFactor + growth
                var kerning = 0.0
                if style.kerning, let previous = row.last {
                    kerning = try face.kerning(previous.glyph, glyph) * style.widthFactor
                }
                row.append(MeasuredGlyph(scalar: scalar, glyph: glyph, advance: advance, kerning: kerning))
            }
            measured.append(row)
        }
        return measured
    }

    /// The factor that fits a block of `block` pixels (at the style's
    /// size) to the frame, as `fit` asks: 1 for the natural size.
    static func fitting(_ fit: TextFit, frame: PixelRect, block: SIMD2<Double>) throws(TextError) -> Double {
        let fitting: Double
        switch fit {
        case .natural: fitting = 1
        case .width: fitting = frame.width / block.x
        case .frame: fitting = min(frame.width / block.x, frame.height / block.y)
        }
        guard fitting.isFinite, fitting > 0 else {
            throw .invalidStyle("the text has no width to fit to the frame")
        }
        return fitting
    }

    /// One line's glyphs placed on its baseline, aligned in the frame.
    static func place(
        _ row: [MeasuredGlyph], width: Double, baseline: Double, scale: Double, alignment: TextAlignment,
        frame: PixelRect, face: FontFace, placement: OutlinePlacement, into glyphs: inout [Glyph]
    ) throws(TextError) -> Line {
        let start: Double
        switch alignment {
        case .leading: start = frame.minX
        case .center: start = frame.midX - width / 2
        case .trailing: start = frame.maxX - width
        }
        let first = glyphs.count
        var pen = 0.0  // font units: positions never accumulate rounding
        for entry in row {
            pen += entry.kerning
            let x = start + pen * scale
            let ink = try face.inkBounds(entry.glyph, placement: placement)
            glyphs.append(
                Glyph(
                    character: entry.scalar, glyphIndex: entry.glyph, x: x, baseline: baseline,
                    advance: entry.advance * scale, kerning: entry.kerning * scale,
                    inkBounds: ink.map {
                        PixelRect(x: x + $0.minX, y: baseline + $0.minY, width: $0.width, height: $0.height)
                    }))
            pen += entry.advance
        }
        return Line(glyphs: first..<glyphs.count, x: start, baseline: baseline, width: width)
    }

    /// The bounds of all the ink; nil if there is none.
    public var inkBounds: PixelRect? {
        glyphs.compactMap(\.inkBounds).reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// The text's scalars, line by line.
    static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n":
                if !afterCarriageReturn { lines.append([]) }
            case "\r", "\u{2028}", "\u{2029}":
                lines.append([])
            default:
                lines[lines.count - 1].append(scalar)
            }
            afterCarriageReturn = scalar == "\r"
        }
        return lines
    }
}

/// How outlines in font units become outlines in 26.6 pixels, relative to
/// the pen position on the baseline (FreeType's y up).
struct OutlinePlacement: Sendable, Hashable {
    /// 16.16 scale factors from font units to 26.6 pixels.
    let xScale: Int
    let yScale: Int
    /// How much wider every stroke grows, in 26.6 pixels.
    let embolden: Int

    init(scale: Double, widthFactor: Double, growth: Double) {
        // Clamped so that no scale traps (the document check refuses such
        // sizes first); 2^31 keeps FreeType's 16.16 arithmetic in range.
        xScale = Int(clamping: scale * widthFactor * 64 * 65536, limit: 1 << 31)
        yScale = Int(clamping: scale * 64 * 65536, limit: 1 << 31)
        embolden = Int(clamping: growth * scale * 64, limit: 1 << 31)
    }

    /// Loads `glyph` into `face`'s glyph slot in place for a pen at
    /// (`dx`, `dy`) 26.6 pixels from the origin (y up). Grown strokes grow
    /// half to each side: moving right by half the growth keeps the left
    /// side bearing, as the advance grew by the whole growth.
    func load(_ glyph: UInt32, in face: FT_Face, dx: Int, dy: Int) throws(TextError) {
        try check(
            mg_ft_load_placed_outline(face, glyph, xScale, yScale, embolden, dx + embolden / 2, dy),
            "loading glyph \(glyph)")
    }
}

extension FontFace {
    /// The exact bounds of a placed glyph's outline relative to its pen
    /// position, in pixels with y down; nil for an empty outline (a space).
    func inkBounds(_ glyph: UInt32, placement: OutlinePlacement) throws(TextError) -> PixelRect? {
        try withFace { face throws(TextError) -> PixelRect? in
            try placement.load(glyph, in: face, dx: 0, dy: 0)
            guard face.pointee.glyph.pointee.outline.n_points > 0 else { return nil }
            var box = FT_BBox()
            try check(mg_ft_placed_outline_bounds(face, &box), "measuring glyph \(glyph)")
            return PixelRect(
                x: Double(box.xMin) / 64, y: -Double(box.yMax) / 64, width: Double(box.xMax - box.xMin) / 64,
                height: Double(box.yMax - box.yMin) / 64)
        }
    }
}
