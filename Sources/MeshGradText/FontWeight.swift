/// How heavy the strokes are.
///
/// DejaVu Sans has a real bold face, which `bold` picks; `heavy` grows the
/// bold face's strokes by 1/24 em (FreeType's own amount for synthetic bold,
/// `FT_GlyphSlot_Embolden`), about SwiftUI's `.heavy` next to `.bold`. A font
/// given by file has one face, so its `bold` is that face grown by 1/24 em
/// and its `heavy` by 2/24 em.
public enum FontWeight: Sendable, Hashable, CaseIterable {
    case regular
    case bold
    case heavy
}
