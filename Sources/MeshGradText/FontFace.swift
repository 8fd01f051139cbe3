@preconcurrency import CFreeType
import Foundation

/// One font file opened with FreeType: its own `FT_Library` and `FT_Face`,
/// so faces never share FreeType state, and a lock around every use, since
/// a face is not thread-safe and a layout holding it may be used anywhere.
final class FontFace: @unchecked Sendable {
    let path: String
    /// The file's name, for messages.
    var name: String { (path as NSString).lastPathComponent }
    let unitsPerEm: Double
    /// Baseline to the top of the tallest glyphs, in font units (positive).
    let ascender: Double
    /// Baseline to the bottom of the lowest glyphs, in font units (positive).
    let descender: Double
    /// Baseline to baseline of consecutive lines, in font units: ascender,
    /// descender and the font's line gap.
    let lineHeight: Double
    /// Whether the face has a `kern` table `FT_Get_Kerning` reads.
    let hasKerning: Bool

    private let library: OpaquePointer
    private let face: FT_Face
    private let lock = NSLock()

    init(path: String) throws(TextError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fontUnreadable(path: path, reason: "no such file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .fontUnreadable(path: path, reason: "permission denied")
        }
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw .freeType(operation: "to start", message: String(cString: mg_ft_error_message(initError)))
        }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, 0, &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw .fontUnreadable(path: path, reason: String(cString: mg_ft_error_message(openError)))
        }
        guard mg_ft_is_scalable(face) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .fontUnreadable(path: path, reason: "the font has no outlines (a bitmap font cannot scale)")
        }
        self.library = library
        self.face = face
        unitsPerEm = Double(face.pointee.units_per_EM)
        ascender = Double(face.pointee.ascender)
        descender = -Double(face.pointee.descender)
        lineHeight = Double(face.pointee.height)
        hasKerning = mg_ft_has_kerning(face) != 0
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Runs `body` with the face, alone.
    func withFace<T>(_ body: (FT_Face) throws(TextError) -> T) throws(TextError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(face)
    }

    /// The glyph of a character, or 0 when the font has none.
    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    /// A glyph's advance in font units.
    func advance(_ glyph: UInt32) throws(TextError) -> Double {
        try withFace { face throws(TextError) in
            var advance: FT_Fixed = 0
            try check(mg_ft_unscaled_advance(face, glyph, &advance), "measuring glyph \(glyph)")
            return Double(advance)
        }
    }

    /// The kerning between two glyphs in font units (negative: closer).
    func kerning(_ left: UInt32, _ right: UInt32) throws(TextError) -> Double {
        guard hasKerning else { return 0 }
        return try withFace { face throws(TextError) in
            var kerning: FT_Pos = 0
            try check(mg_ft_unscaled_kerning(face, left, right, &kerning), "kerning glyphs \(left) and \(right)")
            return Double(kerning)
        }
    }
}

/// Throws FreeType's message for a non-zero error code.
func check(_ error: FT_Error, _ operation: String) throws(TextError) {
    guard error != 0 else { return }
    throw .freeType(operation: operation, message: String(cString: mg_ft_error_message(error)))
}
