import Foundation
import MeshGradCore
import Testing

@testable import MeshGradText

/// Lines wrapped to a width, as SwiftUI's `Text` wraps when offered one:
/// at spaces, greedily, on FreeType's advances (DejaVu Sans); a word wider
/// than the width broken between characters; newlines still breaking.
@Suite struct TextWrappingTests {
    static let style = TextStyle(size: 15, alignment: .leading)
    static let frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
    static let description = "Design stunning mesh gradients with intuitive controls"

    static func lines(_ layout: TextLayout) -> [String] {
        layout.lines.map { line in String(String.UnicodeScalarView(layout.glyphs[line.glyphs].map(\.character))) }
    }

    /// The width of `text` on one line, unwrapped.
    static func width(_ text: String, _ style: TextStyle = style) throws -> Double {
        try TextLayout(text, style: style, in: frame).blockSize.x
    }

    /// A width exactly as wide as the first two words fits them; a
    /// hair less does not, and the second word starts the next line.
    @Test func breaksAtSpacesWhereTheNextWordNoLongerFits() throws {
        let two = try Self.width("Design stunning")
        let fits = try TextLayout(Self.description, style: Self.style, in: Self.frame, wrapWidth: two)
        #expect(Self.lines(fits).first == "Design stunning")
        #expect(Self.lines(fits).allSatisfy { !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
        #expect(fits.lines.allSatisfy { $0.width <= two * (1 + 1e-9) })
        let short = try TextLayout(Self.description, style: Self.style, in: Self.frame, wrapWidth: two - 0.01)
        #expect(Self.lines(short).first == "Design")
        #expect(Self.lines(short)[1].hasPrefix("stunning"))
        // Every word is kept, in order; only the spaces at breaks go.
        #expect(Self.lines(short).joined(separator: " ") == Self.description)
    }

    /// Wrapped lines are set exactly as the same text broken by hand at
    /// the same places: same glyphs, pens and baselines.
    @Test func wrappingEqualsBreakingByHand() throws {
        let style = TextStyle(size: 45, weight: .bold, alignment: .center)
        let frame = PixelRect(x: 10, y: 20, width: 900, height: 300)
        let wrapped = try TextLayout(
            Self.description, style: style, in: frame, wrapWidth: try Self.width("Design stunning mesh", style))
        let byHand = try TextLayout(
            Self.lines(wrapped).joined(separator: "\n"), style: style, in: frame)
        #expect(Self.lines(wrapped) == Self.lines(byHand))
        #expect(wrapped.lines.count == 3)
        #expect(wrapped.blockSize == byHand.blockSize)
        for (a, b) in zip(wrapped.lines, byHand.lines) {
            #expect(a.x == b.x && a.baseline == b.baseline && a.width == b.width)
            // Center alignment applies to each wrapped line.
            #expect(abs(a.x - (frame.midX - a.width / 2)) < 1e-9)
        }
        let glyphs = wrapped.glyphs.filter { $0.character != " " }
        let handGlyphs = byHand.glyphs.filter { $0.character != " " }
        #expect(glyphs.map(\.x) == handGlyphs.map(\.x) && glyphs.map(\.baseline) == handGlyphs.map(\.baseline))
        let size = (width: 920, height: 330)
        let wrappedMask = try wrapped.coverageMask(width: size.width, height: size.height)
        let handMask = try byHand.coverageMask(width: size.width, height: size.height)
        #expect(wrappedMask == handMask)
    }

    /// The height grows with the lines: ascender to descender plus a line
    /// height per line after the first (2048 units per em, ascender 1901,
    /// descender 483, no line gap: a line is 2384/2048 em).
    @Test func heightIsTheLinesHeight() throws {
        for width in [80.0, 150, 250, 400, 1000] {
            let layout = try TextLayout(Self.description, style: Self.style, in: Self.frame, wrapWidth: width)
            let n = Double(layout.lines.count)
            #expect(abs(layout.blockSize.y - n * 15 * 2384 / 2048) < 1e-9, "at \(width): \(layout.blockSize)")
            #expect(layout.blockSize.x <= width * (1 + 1e-9))
        }
        let one = try TextLayout(Self.description, style: Self.style, in: Self.frame, wrapWidth: .infinity)
        let unwrapped = try Self.width(Self.description)
        #expect(one.lines.count == 1 && one.blockSize.x == unwrapped)
    }

    /// Wrapped again at the width of its widest line, a text wraps the
    /// same (what drawing a laid-out text relies on), at any scale.
    @Test func wrappingAtTheWidestLineIsStable() throws {
        for text in [Self.description, "Extract colors from your photos to generate unique gradients"] {
            for width in stride(from: 40.0, through: 420, by: 7.3) {
                let first = try TextLayout(text, style: Self.style, in: Self.frame, wrapWidth: width)
                let again = try TextLayout(text, style: Self.style, in: Self.frame, wrapWidth: first.blockSize.x)
                #expect(Self.lines(first) == Self.lines(again), "\(text) at \(width)")
                var big = Self.style
                big.size *= 3
                let scaled = try TextLayout(text, style: big, in: Self.frame, wrapWidth: first.blockSize.x * 3)
                #expect(Self.lines(first) == Self.lines(scaled), "\(text) at \(width), 3×")
            }
        }
    }

    /// A word wider than the width is broken between characters, at
    /// least one a line; newlines still break, and a line's trailing
    /// spaces before a newline stay (as before wrapping).
    @Test func longWordsBreakByCharacterAndNewlinesStillBreak() throws {
        let mesh = try Self.width("Mesh")
        let word = try TextLayout("Meshing", style: Self.style, in: Self.frame, wrapWidth: mesh)
        #expect(Self.lines(word) == ["Mesh", "ing"])
        let narrow = try TextLayout("ab c", style: Self.style, in: Self.frame, wrapWidth: 0)
        #expect(Self.lines(narrow) == ["a", "b", "c"])
        let title = try TextLayout("Happy \nMeshing!", style: Self.style, in: Self.frame, wrapWidth: 1000)
        #expect(Self.lines(title) == ["Happy ", "Meshing!"])
        let both = try TextLayout(
            "Happy Meshing!\nHappy Meshing!", style: Self.style, in: Self.frame, wrapWidth: mesh * 2)
        #expect(Self.lines(both) == ["Happy", "Meshing!", "Happy", "Meshing!"])
        #expect(throws: TextError.self) {
            try TextLayout("Hi", style: Self.style, in: Self.frame, wrapWidth: -1)
        }
    }
}
