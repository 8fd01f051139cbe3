/// The words a theme understands besides color names: mood words, which
/// set Oklch ranges, and scene words, which stand for a few named colors
/// and a mood ("sunset" is orange, coral, hot pink and purple). Written
/// by hand; each color here is a name in ``ColorNames``.
enum ThemeVocabulary {
    /// What a mood word sets. A nil range leaves it to the other words.
    struct Mood {
        var lightness: ClosedRange<Double>?
        var chroma: ClosedRange<Double>?
        /// Where hues are drawn when no color is named ("warm").
        var hues: ClosedRange<Double>?
    }

    static let warmHues = 20.0...95.0
    static let coolHues = 180.0...285.0

    static let moods: [String: Mood] = [
        "warm": Mood(hues: warmHues),
        "hot": Mood(chroma: 0.14...0.24, hues: 20...70),
        "cool": Mood(hues: coolHues),
        "cold": Mood(hues: coolHues),
        "icy": Mood(lightness: 0.78...0.97, chroma: 0.02...0.08, hues: 190...260),
        "frosty": Mood(lightness: 0.78...0.97, chroma: 0.02...0.07, hues: 190...260),
        "muted": Mood(chroma: 0.02...0.07),
        "dusty": Mood(chroma: 0.03...0.07),
        "soft": Mood(lightness: 0.6...0.9, chroma: 0.03...0.09),
        "calm": Mood(lightness: 0.55...0.85, chroma: 0.03...0.08),
        "faded": Mood(lightness: 0.65...0.9, chroma: 0.02...0.06),
        "vivid": Mood(chroma: 0.16...0.3),
        "bright": Mood(lightness: 0.6...0.9, chroma: 0.14...0.26),
        "bold": Mood(chroma: 0.16...0.3),
        "saturated": Mood(chroma: 0.18...0.32),
        "electric": Mood(lightness: 0.5...0.8, chroma: 0.2...0.32),
        "neon": Mood(lightness: 0.25...0.75, chroma: 0.2...0.32),
        "night": Mood(lightness: 0.1...0.45),
        "dark": Mood(lightness: 0.12...0.45),
        "deep": Mood(lightness: 0.15...0.5, chroma: 0.08...0.18),
        "moody": Mood(lightness: 0.15...0.5, chroma: 0.03...0.1),
        "midnight": Mood(lightness: 0.08...0.35),
        "dusk": Mood(lightness: 0.25...0.65),
        "evening": Mood(lightness: 0.25...0.65),
        "pastel": Mood(lightness: 0.8...0.95, chroma: 0.04...0.09),
        "light": Mood(lightness: 0.72...0.95),
        "pale": Mood(lightness: 0.8...0.96, chroma: 0.02...0.07),
        "airy": Mood(lightness: 0.78...0.96, chroma: 0.03...0.08),
        "dawn": Mood(lightness: 0.68...0.92, chroma: 0.05...0.12),
        "morning": Mood(lightness: 0.7...0.93),
    ]

    /// Scene words: the named colors they stand for.
    static let scenes: [String: [String]] = [
        "sunset": ["orange", "coral", "hot pink", "purple"],
        "sunrise": ["peach", "apricot", "pink", "gold"],
        "dawn": ["peach", "pink", "lilac", "baby blue"],
        "tropic": ["turquoise", "aqua", "mango"],
        "tropical": ["turquoise", "aqua", "mango"],
        "galaxy": ["indigo", "purple", "magenta", "royal blue"],
        "space": ["indigo", "purple", "navy"],
        "nebula": ["magenta", "purple", "indigo", "teal"],
        "forest": ["forest green", "moss", "jungle green"],
        "jungle": ["jungle green", "lime green", "emerald"],
        "neon": ["neon pink", "electric blue", "electric purple"],
        "city": ["steel blue", "slate", "electric blue"],
        "ocean": ["ocean", "teal", "royal blue"],
        "sea": ["ocean", "teal", "turquoise"],
        "lagoon": ["turquoise", "teal", "aqua"],
        "beach": ["sand", "aqua", "sky blue"],
        "desert": ["sand", "terracotta", "ochre"],
        "autumn": ["rust", "burnt orange", "mustard", "maroon"],
        "fall": ["rust", "burnt orange", "mustard", "maroon"],
        "spring": ["lime green", "pink", "lemon"],
        "summer": ["sunflower", "sky blue", "tangerine"],
        "winter": ["ice blue", "steel blue", "lilac"],
        "ice": ["ice blue", "pale blue", "baby blue"],
        "arctic": ["ice blue", "pale blue", "steel blue"],
        "fire": ["red", "orange", "amber"],
        "lava": ["crimson", "burnt orange", "amber"],
        "volcano": ["crimson", "brick", "amber"],
        "aurora": ["emerald", "teal", "violet"],
        "candy": ["pink", "baby blue", "lilac"],
        "berry": ["raspberry", "blueberry", "plum"],
        "garden": ["sage", "pink", "lemon"],
        "meadow": ["lime green", "sunflower", "sage"],
        "sky": ["sky blue", "baby blue"],
        "mint": ["mint", "seafoam"],
        "wine": ["wine", "plum", "maroon"],
        "gold": ["gold", "amber", "mustard"],
    ]

    /// Words that carry no color and are skipped without a mention.
    static let ignored: Set<String> = [
        "a", "an", "the", "at", "in", "of", "and", "with", "on", "by", "over", "under", "for", "to", "my", "some",
        "like", "into", "from", "after", "before", "very",
    ]
}
