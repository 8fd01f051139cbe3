import Foundation
import MeshGradCore
import Testing

@testable import MeshGradText

/// Text layout and coverage with DejaVu Sans (fonts-dejavu-core), whose
/// outlines and metrics are known: 2048 units per em, ascender 1901,
/// descender 483, no line gap; "I" is a 202 × 1493 unit rectangle with
/// equal side bearings.
@Suite struct TextLayoutTests {
    static let canvas = (width: 480, height: 320)
    static let frame = PixelRect(x: 40, y: 30, width: 400, height: 260)

    /// The columns and rows that hold ink, and the ink's centroid, from a
    /// mask (pixel centers at +0.5).
    struct Ink {
        var minX = Int.max
        var maxX = Int.min
        var minY = Int.max
        var maxY = Int.min
        var centroid = SIMD2<Double>.zero

        init(_ mask: CoverageMask, rows: Range<Int>? = nil) {
            var total = 0.0
            var moment = SIMD2<Double>.zero
            for y in rows ?? 0..<mask.height {
                for x in 0..<mask.width where mask[x, y] > 0 {
                    let value = Double(mask[x, y])
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                    total += value
                    moment += value * SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                }
            }
            centroid = moment / total
        }
    }

    static func mask(_ text: String, _ style: TextStyle, fit: TextFit = .natural) throws -> (TextLayout, CoverageMask) {
        let layout = try TextLayout(text, style: style, in: frame, fit: fit)
        return (layout, try layout.coverageMask(width: canvas.width, height: canvas.height))
    }

    /// A capital I is a rectangle: its coverage adds up to its area, taken
    /// from the outline's bounding box (202 × 1493 units), wherever it
    /// lands between pixels, and its ink is where the layout says.
    @Test(arguments: [100.0, 137.3])
    func capitalICoverageIsItsArea(size: Double) throws {
        let (layout, mask) = try Self.mask("I", TextStyle(size: size))
        let ink = try #require(layout.glyphs[0].inkBounds)
        let scale = size / 2048
        #expect(abs(ink.width - 202 * scale) < 1.0 / 32 && abs(ink.height - 1493 * scale) < 1.0 / 32)
        let area = ink.width * ink.height
        // Each edge pixel is rounded to 1/255 by FreeType's 8-bit output.
        let edgePixels = 2 * (ink.width + ink.height) + 4
        #expect(abs(mask.coveredArea - area) <= edgePixels / 255, "coverage \(mask.coveredArea), area \(area)")
        let pixels = Ink(mask)
        #expect(Double(pixels.minX) == ink.minX.rounded(.down) && Double(pixels.maxX) == ink.maxX.rounded(.up) - 1)
        #expect(Double(pixels.minY) == ink.minY.rounded(.down) && Double(pixels.maxY) == ink.maxY.rounded(.up) - 1)
    }

    @Test func coverageStaysWithinZeroAndOne() throws {
        // Heavy, expanded and tightly kerned: glyphs overlap.
        let style = TextStyle(size: 120, weight: .heavy, widthFactor: 1.25)
        let (_, mask) = try Self.mask("AVAWMW", style, fit: .width)
        #expect(mask.values.allSatisfy { $0 >= 0 && $0 <= 1 })
        #expect(mask.values.contains(1) && mask.values.contains { $0 > 0 && $0 < 1 })
    }

    /// Crisp at any size: rendered from outlines at the final size, a
    /// straight stem's edge takes one partly covered pixel, not a blur.
    @Test func largeTextHasSharpEdges() throws {
        let (layout, mask) = try Self.mask("I", TextStyle(size: 300))
        let ink = try #require(layout.glyphs[0].inkBounds)
        for y in stride(from: Int(ink.minY) + 2, to: Int(ink.maxY) - 2, by: 7) {
            let partial = (0..<mask.width).filter { mask[$0, y] > 0 && mask[$0, y] < 1 }
            #expect(partial.count <= 2, "row \(y): \(partial.count) partly covered pixels")
        }
    }

    /// DejaVu Sans has a TrueType kern table, which FreeType reads: "AV"
    /// and "To" are set tighter than their advances, by the table's amounts
    /// (−131 and −348 units), and their ink is narrower by as much.
    @Test(arguments: [("AV", -131.0), ("To", -348.0)])
    func kerningTightensPairs(pair: String, units: Double) throws {
        let size = 200.0
        let (kerned, kernedMask) = try Self.mask(pair, TextStyle(size: size, alignment: .leading))
        let (plain, plainMask) = try Self.mask(pair, TextStyle(size: size, alignment: .leading, kerning: false))
        #expect(kerned.fontHasKerning)
        let expected = units * size / 2048
        #expect(abs(kerned.glyphs[1].kerning - expected) < 1e-9)
        #expect(abs((kerned.glyphs[1].x - kerned.glyphs[0].x) - (kerned.glyphs[0].advance + expected)) < 1e-9)
        #expect(plain.glyphs[1].kerning == 0)
        #expect(abs(plain.glyphs[1].x - plain.glyphs[0].x - plain.glyphs[0].advance) < 1e-9)
        #expect(abs((plain.lines[0].width - kerned.lines[0].width) + expected) < 1e-9)
        let narrowing = Double(Ink(plainMask).maxX - Ink(kernedMask).maxX)
        #expect(abs(narrowing + expected) <= 1, "ink narrower by \(narrowing) px, kerning \(expected) px")
    }

    /// Lines are `lineHeight` apart: the font's 2384 units per line plus
    /// the line spacing, in the layout and in the ink.
    @Test(arguments: [0.0, 12.5])
    func linesAreLineHeightApart(lineSpacing: Double) throws {
        let size = 64.0
        let (layout, mask) = try Self.mask("I\nI", TextStyle(size: size, lineSpacing: lineSpacing))
        let expected = 2384 * size / 2048 + lineSpacing
        #expect(abs(layout.lineHeight - expected) < 1e-9)
        #expect(layout.lines.count == 2)
        #expect(abs(layout.lines[1].baseline - layout.lines[0].baseline - expected) < 1e-9)
        let split = Int(layout.lines[0].baseline) + 2
        let first = Ink(mask, rows: 0..<split)
        let second = Ink(mask, rows: split..<mask.height)
        #expect(abs(second.centroid.y - first.centroid.y - expected) < 0.05)
        #expect(abs(second.centroid.x - first.centroid.x) < 0.05)
        // The block is centered: from the first ascender to the last descender.
        let top = layout.lines[0].baseline - 1901 * size / 2048
        let bottom = layout.lines[1].baseline + 483 * size / 2048
        #expect(abs((top + bottom) / 2 - Self.frame.midY) < 1e-9)
    }

    /// A centered line's ink is centered in the frame within a pixel ("H"
    /// has equal side bearings); leading and trailing lines start and end
    /// at the frame's edges.
    @Test func alignment() throws {
        let (centered, centeredMask) = try Self.mask("HIH", TextStyle(size: 90, alignment: .center))
        #expect(abs(Ink(centeredMask).centroid.x - Self.frame.midX) < 1)
        #expect(abs(centered.lines[0].x + centered.lines[0].width / 2 - Self.frame.midX) < 1e-9)

        let (leading, leadingMask) = try Self.mask("HIH\nI", TextStyle(size: 90, alignment: .leading))
        #expect(leading.lines.allSatisfy { $0.x == Self.frame.minX })
        let sideBearing = 201 * 90 / 2048.0
        #expect(abs(Double(Ink(leadingMask).minX) - (Self.frame.minX + sideBearing).rounded(.down)) <= 1)

        let (trailing, trailingMask) = try Self.mask("HIH\nI", TextStyle(size: 90, alignment: .trailing))
        #expect(trailing.lines.allSatisfy { abs($0.x + $0.width - Self.frame.maxX) < 1e-9 })
        #expect(abs(Double(Ink(trailingMask).maxX + 1) - (Self.frame.maxX - sideBearing).rounded(.up)) <= 1)
    }

    /// Bold uses DejaVu Sans Bold (a 385-unit stem), heavy grows it by 1/24
    /// em; the expanded width stretches glyphs and advances by the factor.
    @Test func weightAndWidth() throws {
        let size = 100.0
        let regular = try TextLayout("I", style: TextStyle(size: size), in: Self.frame)
        let bold = try TextLayout("I", style: TextStyle(size: size, weight: .bold), in: Self.frame)
        let heavy = try TextLayout("I", style: TextStyle(size: size, weight: .heavy), in: Self.frame)
        let stem = { (layout: TextLayout) in layout.glyphs[0].inkBounds!.width }
        #expect(abs(stem(regular) - 202 * size / 2048) < 1.0 / 32)
        #expect(abs(stem(bold) - 385 * size / 2048) < 1.0 / 32)
        #expect(abs(stem(heavy) - (385 * size / 2048 + size / 24)) < 1.0 / 16)
        #expect(abs(heavy.glyphs[0].advance - bold.glyphs[0].advance - size / 24) < 1e-9)

        let normal = try TextLayout("H", style: TextStyle(size: size), in: Self.frame)
        let expanded = try TextLayout(
            "H", style: TextStyle(size: size, widthFactor: TextStyle.expandedWidth), in: Self.frame)
        #expect(abs(expanded.glyphs[0].advance - 1.25 * normal.glyphs[0].advance) < 1e-9)
        let inkWidth = { (layout: TextLayout) in layout.glyphs[0].inkBounds!.width }
        #expect(abs(inkWidth(expanded) - 1.25 * inkWidth(normal)) < 1.0 / 16)
        #expect(abs(expanded.glyphs[0].inkBounds!.height - normal.glyphs[0].inkBounds!.height) < 1.0 / 32)
    }

    /// Fitted text is scaled from its outlines, not from pixels: the widest
    /// line spans the frame, and the glyphs are drawn at the fitted size.
    @Test func fitsTheFrame() throws {
        let style = TextStyle(size: 10, weight: .bold)
        let (wide, mask) = try Self.mask("Meshing", style, fit: .width)
        #expect(abs(wide.lines[0].width - Self.frame.width) < 1e-9)
        #expect(wide.size > 10)
        let ink = Ink(mask)
        #expect(Double(ink.minX) >= Self.frame.minX && Double(ink.maxX) < Self.frame.maxX)

        let both = try TextLayout("Happy\nMeshing!", style: style, in: Self.frame, fit: .frame)
        let block = (1901 + 483 + 2384) * both.size / 2048
        #expect(both.lines.map(\.width).max()! <= Self.frame.width + 1e-9)
        #expect(block <= Self.frame.height + 1e-9)
        #expect(
            abs(both.lines.map(\.width).max()! - Self.frame.width) < 1e-9 || abs(block - Self.frame.height) < 1e-9)
    }

    /// Text off the canvas is cut off, not a crash; a pen between pixels is
    /// drawn between pixels.
    @Test func clipsAndPlacesBetweenPixels() throws {
        let style = TextStyle(size: 80, alignment: .leading)
        let offCanvas = try TextLayout("HH", style: style, in: PixelRect(x: -60, y: -20, width: 100, height: 40))
        let mask = try offCanvas.coverageMask(width: 50, height: 30)
        #expect(mask.values.contains { $0 > 0 })
        let whole = try TextLayout("H", style: style, in: PixelRect(x: 10, y: 0, width: 100, height: 100))
        let shifted = try TextLayout("H", style: style, in: PixelRect(x: 10.5, y: 0.25, width: 100, height: 100))
        let a = Ink(try whole.coverageMask(width: 120, height: 100)).centroid
        let b = Ink(try shifted.coverageMask(width: 120, height: 100)).centroid
        #expect(abs(b.x - a.x - 0.5) < 0.02 && abs(b.y - a.y - 0.25) < 0.02)
    }

    @Test func linesBreakAtEveryNewline() {
        #expect(
            TextLayout.lines(of: "a\nb\r\nc\rd\u{2028}e").map { String(String.UnicodeScalarView($0)) } == [
                "a", "b", "c", "d", "e",
            ])
        #expect(TextLayout.lines(of: "x\n").count == 2)
    }

    // MARK: Errors: one line each, never a crash

    @Test func missingFontFileIsAnError() {
        let path = "/nonexistent/Fancy.ttf"
        #expect(throws: TextError.fontUnreadable(path: path, reason: "no such file")) {
            try TextLayout("Hi", style: TextStyle(size: 20, font: .file(path)), in: Self.frame)
        }
        let error = TextError.fontUnreadable(path: path, reason: "no such file")
        #expect(error.description == "cannot read the font /nonexistent/Fancy.ttf: no such file")
    }

    @Test func fileThatIsNotAFontIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(getpid()).ttf").path
        try Data("hello, not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try TextLayout("Hi", style: TextStyle(size: 20, font: .file(path)), in: Self.frame)
            Issue.record("a text file loaded as a font")
        } catch {
            #expect(error.description == "cannot read the font \(path): unknown file format")
        }
    }

    @Test func fontFileLoadsAnyTrueTypeFont() throws {
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        let sans = try TextLayout("I", style: TextStyle(size: 50), in: Self.frame)
        let layout = try TextLayout("I", style: TextStyle(size: 50, font: .file(serif)), in: Self.frame)
        // Serif's I has serifs: wider ink than Sans's plain stem.
        #expect(layout.glyphs[0].inkBounds!.width > sans.glyphs[0].inkBounds!.width * 2)
        let bold = try TextLayout("I", style: TextStyle(size: 50, font: .file(serif), weight: .bold), in: Self.frame)
        #expect(abs(bold.glyphs[0].advance - layout.glyphs[0].advance - 50.0 / 24) < 1e-9)
    }

    @Test func emptyTextIsAnError() {
        for text in ["", "  \n \n"] {
            #expect(throws: TextError.emptyText) { try TextLayout(text, style: TextStyle(size: 20), in: Self.frame) }
        }
    }

    @Test func missingGlyphNamesTheCharacter() {
        do {
            _ = try TextLayout("Mesh 字", style: TextStyle(size: 20), in: Self.frame)
            Issue.record("laid out a character DejaVu Sans lacks")
        } catch {
            #expect(error == .missingGlyph("字", font: "DejaVuSans.ttf"))
            #expect(error.description == "the font DejaVuSans.ttf has no glyph for \"字\" (U+5B57)")
        }
        #expect(TextError.describe("\t") == "U+0009")
    }

    @Test func invalidStylesAreErrors() {
        for style in [
            TextStyle(size: 0), TextStyle(size: -3), TextStyle(size: .nan), TextStyle(size: 10, widthFactor: 0),
        ] {
            #expect(throws: TextError.self) { try TextLayout("Hi", style: style, in: Self.frame) }
        }
        #expect(throws: TextError.self) {
            try TextLayout(
                "Hi", style: TextStyle(size: 10), in: PixelRect(x: 0, y: 0, width: 0, height: 5), fit: .width)
        }
        #expect(!TextError.invalidStyle("x").description.contains("\n"))
    }
}
