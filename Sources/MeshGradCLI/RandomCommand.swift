import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor

/// `meshgrad random`: a new harmonious document from a seed, a harmony and
/// Oklch ranges, or from a theme in words (MeshGradEditor's generator,
/// the same as the preview's R key).
struct RandomCommand: Command {
    static let name = "random"
    static let summary = "Print a new harmonious gradient document (seeded; themes from words)"
    static let usage = ["[--theme TEXT]"]
    static let discussion = """
        Prints a new mesh document (JSON). Colors are drawn in Oklch near the anchor hues of
        a harmony, lightness rising down or up the grid, and vertices are moved off the
        regular grid by at most J times their reach (a third of the way to a neighbour), so
        the mesh never folds. The same seed gives the same document on every machine.

        --theme reads free text: color names (the XKCD survey's and CSS's: "forest green",
        "coral"), scene words (sunset, galaxy, forest, ocean, neon, autumn, ...) and mood words
        (warm, icy, muted, vivid, night, pastel, ...) set the hues and ranges; unknown words are
        listed on standard error and ignored. Explicit --lightness and --chroma win over it.
        """
    static let options: [Option] = [
        .value("--seed", "N", "The seed (0 to 2^64-1; default 1)."),
        .value("--grid", "WxH", "Vertices across and down (default 4x4; 2 to \(GeneratorSettings.maximumGrid))."),
        .value(
            "--harmony", "NAME", "The hue relation (default: drawn from the seed).",
            complete: .choices(Harmony.allCases.map(\.rawValue))),
        .value("--theme", "TEXT", "A theme in words, e.g. \"tropic sunset\", \"forest at dawn\"."),
        .value("--lightness", "LO-HI", "Oklch lightness range, within 0-1 (default 0.35-0.85)."),
        .value("--chroma", "LO-HI", "Oklch chroma range, within 0-0.4 (default 0.06-0.16)."),
        .value("--jitter", "J", "0 (a regular grid) to 0.95 (default 0.6)."),
        .value(
            "--output", aliases: ["-o"], "FILE", "Write the document there instead of standard output.",
            complete: .files(["json"])),
    ]

    static func run(_ arguments: Arguments, console: Console) throws {
        var settings = try baseSettings(arguments)
        if let text = try arguments.value("--theme") {
            let theme = Theme(text)
            if !theme.unknownWords.isEmpty {
                console.err.write(
                    "meshgrad random: ignored (unknown words): \(theme.unknownWords.joined(separator: ", "))\n")
            }
            guard !theme.isEmpty else {
                throw UsageError(command: name, message: "--theme \"\(text)\" names no color, scene or mood")
            }
            settings = theme.settings(settings)
        }
        if let lightness = try range(arguments, "--lightness", within: 0...1) { settings.lightness = lightness }
        if let chroma = try range(arguments, "--chroma", within: 0...0.4) { settings.chroma = chroma }
        let document = GradientDocument(mesh: MeshGenerator(settings).mesh())
        if let path = try arguments.value("--output") {
            try AtomicFile.write(Data(document.jsonText().utf8), to: URL(fileURLWithPath: path))
        } else {
            console.out.write(document.jsonText())
        }
    }

    /// Seed, grid, harmony and jitter, checked.
    static func baseSettings(_ arguments: Arguments) throws -> GeneratorSettings {
        var settings = GeneratorSettings(seed: 1)
        if let seed = try arguments.value("--seed", expected: "an integer from 0 to 2^64-1", { UInt64($0) }) {
            settings.seed = seed
        }
        if let grid = try arguments.value(
            "--grid", expected: "WxH, e.g. 4x4, each 2 to \(GeneratorSettings.maximumGrid)", parseGrid)
        {
            (settings.width, settings.height) = grid
        }
        settings.harmony = try arguments.value("--harmony", expected: "one of \(Harmony.names)") {
            Harmony(rawValue: $0)
        }
        if let jitter = try arguments.value(
            "--jitter", expected: "a number from 0 to 0.95",
            {
                Double($0).flatMap { (0...0.95).contains($0) ? $0 : nil }
            })
        {
            settings.jitter = jitter
        }
        return settings
    }

    /// `4x4` (or `4X4`), each side 2…maximumGrid.
    static func parseGrid(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        let sides = 2...GeneratorSettings.maximumGrid
        return sides.contains(w) && sides.contains(h) ? (w, h) : nil
    }

    /// `LO-HI` within `limits`, LO ≤ HI.
    static func range(
        _ arguments: Arguments, _ name: String, within limits: ClosedRange<Double>
    ) throws
        -> ClosedRange<Double>?
    {
        try arguments.value(name, expected: "LO-HI within \(limits.lowerBound)-\(limits.upperBound), e.g. 0.3-0.8") {
            let parts = $0.split(separator: "-")
            guard parts.count == 2, let lo = Double(parts[0]), let hi = Double(parts[1]), lo <= hi,
                limits.contains(lo), limits.contains(hi)
            else { return nil }
            return lo...hi
        }
    }
}
