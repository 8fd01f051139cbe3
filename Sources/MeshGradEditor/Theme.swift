import MeshGradCore

/// A theme from free text (`"tropic sunset"`, `"forest at dawn"`): the
/// color names, scene words and mood words found in it, as Oklch ranges
/// for ``MeshGenerator``. No network, no model: ``ColorNames`` and
/// ``ThemeVocabulary`` are all it knows. Unknown words are kept, to be
/// listed to the user, and otherwise ignored.
public struct Theme: Hashable, Sendable {
    /// Anchor hues of the named colors (greys name none), degrees.
    public var hues: [Double]
    /// Where hues are drawn when no colored name was given ("warm").
    public var hueRange: ClosedRange<Double>?
    public var lightness: ClosedRange<Double>?
    public var chroma: ClosedRange<Double>?
    /// What was recognized, in order: `"sunset"`, `"forest green"`.
    public var recognized: [String]
    /// Words that meant nothing here.
    public var unknownWords: [String]

    /// Colors with less chroma than this are greys: they say light or dark
    /// but name no hue.
    static let neutralChroma = 0.035

    public init(_ text: String) {
        hues = []
        recognized = []
        unknownWords = []
        var named: [Oklch] = []
        var moods: [ThemeVocabulary.Mood] = []
        let words = Theme.words(of: text)
        var index = 0
        while index < words.count {
            let (consumed, colors, mood) = Theme.match(words, at: index)
            if consumed == 0 {
                if !ThemeVocabulary.ignored.contains(words[index]) { unknownWords.append(words[index]) }
                index += 1
                continue
            }
            recognized.append(words[index..<(index + consumed)].joined(separator: " "))
            named += colors.map(Oklch.init)
            if let mood { moods.append(mood) }
            index += consumed
        }
        resolve(named: named, moods: moods)
    }

    /// Lowercase words of letters (and apostrophes, dropped).
    static func words(of text: String) -> [String] {
        text.lowercased().replacingOccurrences(of: "'", with: "").split { !$0.isLetter }.map(String.init)
    }

    /// The longest phrase at `index` that names a color, a scene or a
    /// mood: how many words it takes, its colors and its mood.
    static func match(_ words: [String], at index: Int) -> (Int, [RGBAColor], ThemeVocabulary.Mood?) {
        let longest = min(ColorNames.longestName, words.count - index)
        for length in stride(from: longest, through: 1, by: -1) {
            let phrase = words[index..<(index + length)].joined(separator: " ")
            if length == 1 {
                let mood = ThemeVocabulary.moods[phrase]
                if let scene = ThemeVocabulary.scenes[phrase] {
                    return (1, scene.compactMap(ColorNames.color(named:)), mood)
                }
                if let color = ColorNames.color(named: phrase) { return (1, [color], mood) }
                if let mood { return (1, [], mood) }
            } else if let color = ColorNames.color(named: phrase)
                ?? ColorNames.color(named: phrase.filter { $0 != " " })
            {
                return (length, [color], nil)
            }
        }
        return (0, [], nil)
    }

    /// Ranges from what was found: moods decide lightness and chroma where
    /// they speak (several are averaged), the named colors elsewhere.
    private mutating func resolve(named: [Oklch], moods: [ThemeVocabulary.Mood]) {
        let colored = named.filter { $0.chroma >= Theme.neutralChroma }
        hues = Theme.distinctHues(colored.map(\.hue))
        hueRange = hues.isEmpty ? Theme.average(moods.compactMap(\.hues)) : nil
        lightness = Theme.average(moods.compactMap(\.lightness))
        if lightness == nil, !named.isEmpty {
            let values = named.map(\.lightness)
            lightness = max(values.min()! - 0.1, 0.08)...min(values.max()! + 0.1, 0.97)
        }
        chroma = Theme.average(moods.compactMap(\.chroma))
        if chroma == nil, !named.isEmpty {
            let values = (colored.isEmpty ? named : colored).map(\.chroma)
            chroma = max(values.min()! * 0.7, 0.01)...max(values.max()!, 0.02)
        }
    }

    /// Hues with near-duplicates (within 12°) dropped, in first-seen order.
    static func distinctHues(_ hues: [Double]) -> [Double] {
        var kept: [Double] = []
        for hue in hues where !kept.contains(where: { hueDistance($0, hue) < 12 }) { kept.append(hue) }
        return kept
    }

    static func average(_ ranges: [ClosedRange<Double>]) -> ClosedRange<Double>? {
        guard !ranges.isEmpty else { return nil }
        let n = Double(ranges.count)
        return ranges.map(\.lowerBound).reduce(0, +) / n...ranges.map(\.upperBound).reduce(0, +) / n
    }

    /// Whether the text named anything at all.
    public var isEmpty: Bool { recognized.isEmpty }

    /// Generator settings for this theme: its hues as anchors (or hues
    /// drawn from its range, or from the seed's harmony), its ranges where
    /// it has them, `base`'s elsewhere.
    public func settings(_ base: GeneratorSettings) -> GeneratorSettings {
        var settings = base
        if !hues.isEmpty {
            settings.hues = hues
        } else if let range = hueRange {
            // Three anchors at the middles of the range's thirds, each
            // straying at most a sixth of the range: never outside it.
            let span = range.upperBound - range.lowerBound
            settings.hues = (0..<3).map { range.lowerBound + (Double($0) + 0.5) / 3 * span }
            settings.hueSpread = min(settings.hueSpread, span / 6)
        }
        if let lightness { settings.lightness = lightness }
        if let chroma { settings.chroma = chroma }
        return settings
    }
}
