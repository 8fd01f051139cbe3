import MeshGradCore
import Testing

@testable import MeshGradEditor

/// Themes from words: each phrase of the table, generated over several
/// seeds, must give vertex hues inside the ranges a person would expect
/// of it (written from the color wheel, in Oklch degrees: red ≈ 29, orange
/// ≈ 60, yellow ≈ 105, green ≈ 142, cyan ≈ 195, blue ≈ 264, purple ≈ 310,
/// pink ≈ 355), and lightness where the phrase says light or dark.
@Suite struct ThemeTests {
    struct Case: CustomStringConvertible, Sendable {
        var phrase: String
        /// Allowed hue arcs (from, to), degrees; from > to wraps through 0.
        var hues: [(Double, Double)]
        var lightness: ClosedRange<Double> = 0...1
        var description: String { phrase }
    }

    static let table: [Case] = [
        Case(phrase: "tropic sunset", hues: [(150, 215), (280, 90)]),
        Case(phrase: "galaxy", hues: [(255, 5)], lightness: 0...0.75),
        Case(phrase: "forest at dawn", hues: [(100, 170), (330, 80), (200, 320)], lightness: 0.4...1),
        Case(phrase: "neon city", hues: [(215, 5)]),
        Case(phrase: "sunset", hues: [(280, 90)]),
        Case(phrase: "forest", hues: [(110, 170)], lightness: 0...0.75),
        Case(phrase: "ocean", hues: [(170, 275)]),
        Case(phrase: "deep ocean night", hues: [(170, 275)], lightness: 0...0.52),
        Case(phrase: "icy", hues: [(185, 265)], lightness: 0.75...1),
        Case(phrase: "warm", hues: [(15, 100)]),
        Case(phrase: "cool pastel", hues: [(175, 290)], lightness: 0.78...1),
        Case(phrase: "autumn", hues: [(0, 110), (355, 360)]),
        Case(phrase: "desert", hues: [(30, 110)]),
        Case(phrase: "lava", hues: [(0, 90), (350, 360)]),
        Case(phrase: "fire at night", hues: [(0, 95), (350, 360)], lightness: 0...0.5),
        Case(phrase: "aurora", hues: [(140, 210), (280, 320)]),
        Case(phrase: "candy", hues: [(320, 30), (220, 320)]),
        Case(phrase: "lagoon", hues: [(160, 220)]),
        Case(phrase: "beach", hues: [(80, 120), (160, 260)]),
        Case(phrase: "winter", hues: [(180, 320)], lightness: 0.4...1),
        Case(phrase: "spring meadow", hues: [(70, 150), (340, 20)]),
        Case(phrase: "berry", hues: [(270, 30)]),
        Case(phrase: "lavender and mint", hues: [(285, 320), (140, 175)]),
        Case(phrase: "forest green and gold", hues: [(62, 160)]),
        Case(phrase: "coral and teal", hues: [(15, 45), (170, 200)]),
        Case(phrase: "sky blue", hues: [(220, 260)]),
        Case(phrase: "muted red", hues: [(10, 45)]),
        Case(phrase: "vivid purple", hues: [(290, 330)]),
        Case(phrase: "midnight blue", hues: [(250, 290)], lightness: 0...0.4),
        Case(phrase: "hot pink", hues: [(330, 10)]),
        Case(phrase: "summer sky", hues: [(50, 110), (215, 265)]),
        Case(phrase: "dark jungle", hues: [(120, 165)], lightness: 0...0.5),
        Case(phrase: "electric blue", hues: [(250, 280)]),
        Case(phrase: "wine and plum", hues: [(320, 15)]),
    ]

    static func contains(_ arcs: [(Double, Double)], _ hue: Double) -> Bool {
        arcs.contains { from, to in from <= to ? (from...to).contains(hue) : hue >= from || hue <= to }
    }

    @Test(arguments: table) func phraseGivesItsHues(_ test: Case) {
        let theme = Theme(test.phrase)
        #expect(theme.unknownWords.isEmpty, "\(test.phrase): unknown \(theme.unknownWords)")
        for seed in UInt64(0)..<20 {
            let settings = theme.settings(GeneratorSettings(width: 4, height: 4, seed: seed))
            for color in MeshGenerator(settings).mesh().colors.map(Oklch.init) {
                #expect(color.lightness >= test.lightness.lowerBound - 0.01)
                #expect(color.lightness <= test.lightness.upperBound + 0.01)
                // A grey says nothing about hue.
                guard color.chroma >= 0.03 else { continue }
                #expect(Self.contains(test.hues, color.hue), "\(test.phrase), seed \(seed): hue \(color.hue)")
            }
        }
    }

    @Test func theTableIsLargeEnough() {
        #expect(Self.table.count >= 30)
    }

    @Test func unknownWordsAreListedAndIgnored() {
        let theme = Theme("Tropic sunset over Zorblax, with a glimmer")
        #expect(theme.unknownWords == ["zorblax", "glimmer"])
        #expect(theme.recognized == ["tropic", "sunset"])
        #expect(theme.hues == Theme("tropic sunset").hues)
        #expect(Theme("zorblax").isEmpty)
    }

    @Test func multiWordNamesWinOverTheirWords() {
        // "forest green" is one XKCD name, not the forest scene and green.
        #expect(Theme("forest green").recognized == ["forest green"])
        // CSS names are found with or without their spaces.
        #expect(Theme("dark slate blue").recognized == ["dark slate blue"])
        #expect(Theme("mediumseagreen").recognized == ["mediumseagreen"])
        #expect(Theme("medium sea green").recognized == ["medium sea green"])
    }

    @Test func colorNamesAreShipped() {
        #expect(ColorNames.all.count > 1000)
        #expect(ColorNames.color(named: "Coral") != nil)
        #expect(ColorNames.color(named: "rebeccapurple")?.hexString == "#663399")
    }
}
