import Foundation
import Testing

@testable import MeshGradCLI

/// The README and the Docs pages are true: every `sh` block that starts
/// with `meshgrad` runs, as it is written, and the samples a page says a
/// command prints are what the command prints (a line `...` stands for any
/// number of lines). A `console` block (a `$` prompt) is only shown: it
/// needs a display, a cluster or minutes.
@Suite struct ReadmeTests {
    /// README.md, then every Markdown page of Docs/, by path from the
    /// repository's root.
    static let pages: [(name: String, text: String)] = {
        let root = CommandTableTests.repository
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)) ?? []
        let names = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        return names.map { name in
            (name, (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
    }()

    static var readme: String { pages.first { $0.name == "README.md" }?.text ?? "" }

    /// The fenced blocks of a Markdown text: their info string, body, and
    /// the paragraph line just before them.
    static func blocks(_ text: String) -> [(info: String, body: String, before: String)] {
        var result: [(String, String, String)] = []
        var lines = text.components(separatedBy: "\n")[...]
        var previous: [String] = []
        while let line = lines.popFirst() {
            guard line.hasPrefix("```") else {
                previous.append(line)
                continue
            }
            var body: [String] = []
            while let inner = lines.popFirst(), !inner.hasPrefix("```") { body.append(inner) }
            // The paragraph before the block, as one line.
            let paragraph = previous.reversed().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let before = paragraph.reversed().joined(separator: " ")
            result.append((String(line.dropFirst(3)), body.joined(separator: "\n") + "\n", before))
            previous = []
        }
        return result
    }

    /// Every page's `sh` blocks that start with `meshgrad`, with the page.
    static let examples: [(page: String, body: String)] = pages.flatMap { page in
        blocks(page.text).filter { $0.info == "sh" && $0.body.hasPrefix("meshgrad ") }.map { (page.name, $0.body) }
    }

    @Test func thereAreExamplesToRun() {
        #expect(Self.examples.contains { $0.page == "README.md" })
        #expect(Self.examples.contains { $0.page == "Docs/command-line.md" })
        #expect(Self.examples.count >= 10)
    }

    @Test(arguments: 0..<examples.count)
    func everyExampleRuns(index: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-readme-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (page, block) = Self.examples[index]
        let result = try shell("set -euo pipefail\n" + block, in: dir)
        #expect(result.status == 0, "\(page): \(block)\n\(result.err)")
        #expect(!result.err.contains("error:"), "\(page): \(block)\n\(result.err)")
    }

    /// "`meshgrad code --preset NAME` prints:" (or "begins:") and the block
    /// after it, with the page.
    static let samples: [(page: String, command: [String], sample: String)] = pages.flatMap { page in
        blocks(page.text).compactMap { block -> (String, [String], String)? in
            guard
                block.before.hasSuffix("prints:") || block.before.hasSuffix("begins:")
                    || (block.before.hasSuffix("):") && block.before.contains("` prints ("))
            else { return nil }
            // The last command named before "prints" or "begins".
            let sentence = block.before.components(separatedBy: ". ").last ?? ""
            let parts = sentence.components(separatedBy: "`")
            guard let command = parts.last(where: { $0.hasPrefix("meshgrad ") }) else { return nil }
            return (page.name, command.split(separator: " ").dropFirst().map(String.init), block.body)
        }
    }

    @Test func thereAreSamplesToCheck() {
        #expect(Self.samples.count >= 2)
    }

    @Test(arguments: 0..<samples.count)
    func samplesAreTheRealOutput(index: Int) {
        let (page, command, sample) = Self.samples[index]
        let result = CLITests().run(command)
        #expect(result.status == 0, "\(page): \(command): \(result.err)")
        #expect(
            Self.matches(sample: sample, output: result.out),
            "\(page)'s sample of meshgrad \(command.joined(separator: " ")) is not its output:\n\(result.out)")
    }

    /// Whether `sample` is `output` with `...` lines standing for any run of
    /// lines (a trailing `...` for the rest).
    static func matches(sample: String, output: String) -> Bool {
        let wanted = sample.components(separatedBy: "\n").filter { !$0.isEmpty }
        let lines = output.components(separatedBy: "\n").filter { !$0.isEmpty }
        func match(_ w: Int, _ l: Int) -> Bool {
            if w == wanted.count { return l == lines.count }
            if wanted[w].trimmingCharacters(in: .whitespaces) == "..." {
                return (l...lines.count).contains { match(w + 1, $0) }
            }
            return l < lines.count && lines[l] == wanted[w] && match(w + 1, l + 1)
        }
        return match(0, 0)
    }

    @Test func theSampleMatcherCanFail() {
        #expect(Self.matches(sample: "a\n...\nd\n", output: "a\nb\nc\nd\n"))
        #expect(Self.matches(sample: "a\n    ...\n", output: "a\nb\n"))
        #expect(!Self.matches(sample: "a\n...\nd\n", output: "a\nb\nc\n"))
        #expect(!Self.matches(sample: "a\nc\n", output: "a\nb\nc\n"))
    }

    /// Every relative link of the README and the Docs pages names a file
    /// that exists and, for a Markdown page, a heading it has.
    @Test func relativeLinksResolve() {
        let root = CommandTableTests.repository
        for page in Self.pages {
            let folder = root.appendingPathComponent(page.name).deletingLastPathComponent()
            for link in Self.links(page.text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target =
                    parts[0].isEmpty ? root.appendingPathComponent(page.name) : folder.appendingPathComponent(parts[0])
                #expect(FileManager.default.fileExists(atPath: target.path), "\(page.name): \(link)")
                guard parts.count == 2, target.pathExtension == "md",
                    let text = try? String(contentsOf: target, encoding: .utf8)
                else { continue }
                #expect(Self.anchors(text).contains(parts[1]), "\(page.name): \(link): no such heading")
            }
        }
    }

    /// The targets of a Markdown text's inline links and images, outside
    /// code blocks and code spans.
    static func links(_ text: String) -> [String] {
        var result: [String] = []
        var inBlock = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            if inBlock { continue }
            // Code spans are the odd pieces between backticks.
            let prose = line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            for piece in prose {
                var rest = piece[...]
                while let open = rest.range(of: "](") {
                    let after = rest[open.upperBound...]
                    guard let close = after.firstIndex(of: ")") else { break }
                    result.append(String(after[..<close]))
                    rest = after[close...]
                }
            }
        }
        return result
    }

    /// The anchors GitHub gives a Markdown text's headings: lowercased,
    /// punctuation dropped (hyphens and underscores kept), spaces as hyphens.
    static func anchors(_ text: String) -> Set<String> {
        var result: Set<String> = []
        var inBlock = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inBlock.toggle() }
            guard !inBlock, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }
            result.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return result
    }

    @Test func anchorsAreGitHubs() {
        #expect(Self.anchors("# A scene (mesh-math §10)\n") == ["a-scene-mesh-math-10"])
        #expect(Self.anchors("## Grain, JPEG and WebP\n```\n# not a heading\n```\n") == ["grain-jpeg-and-webp"])
        #expect(Self.links("[a](b.md) `[c](d)` [e](f.md#g)\n```\n[h](i)\n```\n") == ["b.md", "f.md#g"])
    }

    /// `.ci/run` runs the README's two commands, taken from the README.
    @Test func ciRunsTheReadmesTwoBlocks() throws {
        let ci = try String(
            contentsOf: CommandTableTests.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("readme_block 1") && ci.contains("readme_block 2"))
        let twoCommands = try #require(Self.readme.components(separatedBy: "## Two commands").dropFirst().first)
        let blocks = Self.blocks(twoCommands).filter { $0.info == "sh" }.prefix(2)
        #expect(blocks.count == 2)
        #expect(blocks.first?.body.contains("apt-get install") == true)
        #expect(blocks.first?.body.contains("--size 4k") == true)
        #expect(blocks.last?.body == "swift test\n")
        // Every package .ci/run's own checks use is in the README's line.
        for package in ["ffmpeg", "xvfb", "xdotool", "imagemagick", "glslang-tools", "pngcheck", "parallel"] {
            #expect(blocks.first?.body.contains(" \(package)") == true, "\(package)")
        }
    }
}
