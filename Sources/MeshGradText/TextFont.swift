/// Which font a text is set in.
public enum TextFont: Sendable, Hashable {
    /// DejaVu Sans, from Debian's fonts-dejavu-core (and the same files on
    /// other distributions): DejaVuSans.ttf, and DejaVuSans-Bold.ttf for the
    /// bold and heavy weights. The default, because it is on almost every
    /// Linux machine and covers Latin, Greek and Cyrillic.
    case dejaVuSans
    /// A TrueType or OpenType (CFF) font file. Bold and heavy weights are
    /// synthesized from its outlines (see ``FontWeight``).
    case file(String)
}
