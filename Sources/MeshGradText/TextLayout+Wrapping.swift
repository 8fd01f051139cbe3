/// A glyph measured for layout, in font units (stretched by the width
/// factor, grown strokes included): what lines are broken on.
struct MeasuredGlyph: Sendable, Hashable {
    let scalar: Unicode.Scalar
    let glyph: UInt32
    let advance: Double
    /// Between the previous glyph of the line and this one; 0 at a line's
    /// start.
    var kerning: Double

    var isSpace: Bool { scalar.properties.isWhitespace }
}

extension TextLayout {
    /// The lines of `row` (one line between hard breaks) broken to fit
    /// `limit` font units, as SwiftUI's `Text` wraps when it is offered a
    /// width: greedily at spaces, the spaces at a break dropped (neither
    /// drawn nor measured); a word wider than the limit on its own is
    /// broken between characters (as SwiftUI does rather than overflow),
    /// at least one character a line. Kerning across a break is dropped.
    ///
    /// Greedy breaking is stable: broken again at the width of its widest
    /// line, a text breaks into the same lines. The layout relies on that:
    /// a wrapped text's frame is its widest line, and it is drawn wrapped
    /// to its frame (``TextMask/wrapWidth``).
    static func wrapped(_ row: [MeasuredGlyph], limit: Double) -> [[MeasuredGlyph]] {
        // Measured at one scale, drawn at another: a line exactly as wide
        // as the limit must fit both times.
        let limit = limit * (1 + 1e-9) + 1e-9
        var lines: [[MeasuredGlyph]] = []
        var line: [MeasuredGlyph] = []
        var width = 0.0
        func append(_ glyph: MeasuredGlyph) {
            var glyph = glyph
            if line.isEmpty { glyph.kerning = 0 }
            line.append(glyph)
            width += glyph.kerning + glyph.advance
        }
        var index = row.startIndex
        while index < row.endIndex {
            // The next word with the spaces before it.
            var end = index
            while end < row.endIndex, row[end].isSpace { end += 1 }
            let wordStart = end
            while end < row.endIndex, !row[end].isSpace { end += 1 }
            let piece = row[index..<end]
            let pieceWidth = piece.reduce(width) { $0 + $1.kerning + $1.advance }
            // Trailing spaces stay on their line, as they did before
            // wrapping (a line's spaces before a newline are measured).
            if pieceWidth <= limit || wordStart == end {
                piece.forEach(append)
            } else {
                // The paragraph's own leading spaces are kept; those at
                // a break are dropped.
                let paragraphStart = line.isEmpty && lines.isEmpty
                if !line.isEmpty {
                    lines.append(line)
                    line = []
                    width = 0
                }
                for glyph in paragraphStart ? piece : row[wordStart..<end] {
                    if !line.isEmpty && width + glyph.kerning + glyph.advance > limit {
                        lines.append(line)
                        line = []
                        width = 0
                    }
                    append(glyph)
                }
            }
            index = end
        }
        lines.append(line)
        return lines
    }
}
