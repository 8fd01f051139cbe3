// FreeType for Swift. FreeType's load flags and some queries are macros
// Swift does not import, and Debian builds FreeType without
// FT_CONFIG_OPTION_ERROR_STRINGS, so FT_Error_String returns NULL there:
// the messages come from FreeType's own error list (fterrors.h, included
// the documented way, as a table) instead.
#ifndef MESHGRAD_CFREETYPE_SHIM_H
#define MESHGRAD_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BBOX_H
#include FT_ADVANCES_H
#include <stddef.h>

/// FreeType's message for an error code ("cannot open resource", ...).
static inline const char *mg_ft_error_message(FT_Error error) {
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) {e, s},
#define FT_ERROR_START_LIST {
#define FT_ERROR_END_LIST {0, NULL}};
    static const struct {
        int code;
        const char *message;
    } messages[] =
#include FT_ERRORS_H
    for (size_t i = 0; messages[i].message != NULL; i++) {
        if (messages[i].code == FT_ERROR_BASE(error)) return messages[i].message;
    }
    return "unknown FreeType error";
}

/// Whether the face has a kerning table FT_Get_Kerning can read (TrueType
/// 'kern'; GPOS kerning needs a shaper such as HarfBuzz).
static inline int mg_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }

/// Whether the face has outlines (TrueType, CFF), as opposed to bitmaps only.
static inline int mg_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/// The horizontal advance of `glyph` in font units, unhinted and unscaled.
static inline FT_Error mg_ft_unscaled_advance(FT_Face face, FT_UInt glyph, FT_Fixed *advance) {
    return FT_Get_Advance(face, glyph, FT_LOAD_NO_SCALE, advance);
}

/// The kerning between two glyphs in font units (0 where the font has no
/// kerning table or no pair).
static inline FT_Error mg_ft_unscaled_kerning(FT_Face face, FT_UInt left, FT_UInt right, FT_Pos *kerning) {
    FT_Vector vector = {0, 0};
    FT_Error error = FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED, &vector);
    *kerning = vector.x;
    return error;
}

/// Loads `glyph`'s outline in font units into the face's glyph slot and
/// puts it in place, in 26.6 pixels: scaled by `x_scale` and `y_scale`
/// (16.16), grown by `embolden` (26.6; each stroke gets that much wider),
/// then moved by (`dx`, `dy`) (26.6). Unscaled loading skips hinting, so
/// outlines scale exactly linearly: what a layout measured is what renders.
static inline FT_Error mg_ft_load_placed_outline(
    FT_Face face, FT_UInt glyph, FT_Fixed x_scale, FT_Fixed y_scale, FT_Pos embolden, FT_Pos dx, FT_Pos dy)
{
    FT_Error error = FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP);
    if (error) return error;
    if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return FT_Err_Invalid_Glyph_Format;
    FT_Outline *outline = &face->glyph->outline;
    FT_Matrix matrix = {x_scale, 0, 0, y_scale};
    FT_Outline_Transform(outline, &matrix);
    if (embolden > 0) {
        error = FT_Outline_Embolden(outline, embolden);
        if (error) return error;
    }
    FT_Outline_Translate(outline, dx, dy);
    return 0;
}

/// The exact bounding box, in 26.6 pixels, of the outline
/// mg_ft_load_placed_outline left in the glyph slot.
static inline FT_Error mg_ft_placed_outline_bounds(FT_Face face, FT_BBox *bounds) {
    return FT_Outline_Get_BBox(&face->glyph->outline, bounds);
}

/// Renders the placed outline in the glyph slot as 8-bit anti-aliased
/// coverage (slot->bitmap, placed by bitmap_left and bitmap_top).
static inline FT_Error mg_ft_render_placed_outline(FT_Face face) {
    return FT_Render_Glyph(face->glyph, FT_RENDER_MODE_NORMAL);
}

#endif
