import Foundation
import Testing

@testable import MeshGradCLI

/// The README is true: every `sh` block that starts with `meshgrad` runs,
/// as it is written, and the samples it says a command prints are what the
/// command prints (a line `...` stands for any number of lines).
@Suite struct ReadmeTests {
    static var readme: String {
        (try? String(
            contentsOf: CommandTableTests.repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }

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

    static var examples: [String] {
        blocks(readme).filter { $0.info == "sh" && $0.body.hasPrefix("meshgrad ") }.map(\.body)
    }

    @Test func thereAreExamplesToRun() {
        #expect(Self.examples.count >= 1)
    }

    @Test(arguments: 0..<examples.count)
    func everyExampleRuns(index: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-readme-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let block = Self.examples[index]
        let result = try shell("set -euo pipefail\n" + block, in: dir)
        #expect(result.status == 0, "\(block)\n\(result.err)")
        #expect(!result.err.contains("error:"), "\(result.err)")
    }

    /// "`meshgrad code --preset NAME` prints:" (or "begins:") and the block
    /// after it.
    static var samples: [(command: [String], sample: String)] {
        blocks(readme).compactMap { block in
            guard
                block.before.hasSuffix("prints:") || block.before.hasSuffix("begins:")
                    || (block.before.hasSuffix("):") && block.before.contains("` prints ("))
            else { return nil }
            // The last command named before "prints" or "begins".
            let sentence = block.before.components(separatedBy: ". ").last ?? ""
            let parts = sentence.components(separatedBy: "`")
            guard let command = parts.last(where: { $0.hasPrefix("meshgrad ") }) else { return nil }
            return (command.split(separator: " ").dropFirst().map(String.init), block.body)
        }
    }

    @Test func thereAreSamplesToCheck() {
        #expect(Self.samples.count >= 2)
    }

    @Test(arguments: 0..<samples.count)
    func samplesAreTheRealOutput(index: Int) {
        let (command, sample) = Self.samples[index]
        let result = CLITests().run(command)
        #expect(result.status == 0, "\(command): \(result.err)")
        #expect(
            Self.matches(sample: sample, output: result.out),
            "README's sample of meshgrad \(command.joined(separator: " ")) is not its output:\n\(result.out)")
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
