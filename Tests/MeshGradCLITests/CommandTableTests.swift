import Foundation
import MeshGradDocument
import MeshGradPNG
import MeshGradTestSupport
import Testing

@testable import MeshGradCLI

/// The command table and what is made from it: help, the synopsis in
/// Docs/command-line.md, the man page, shell completions; did-you-mean,
/// `help nope`, --quiet and --verbose on every command, and options that
/// cannot apply.
@Suite struct CommandTableTests {
    func run(_ arguments: String...) -> CLITests.Result { CLITests().run(arguments) }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyOptionOfTheHelpParsesAndEveryParsedOptionIsInTheHelp() {
        for command in CLI.commands {
            let help = run(command.name, "--help").out
            for option in command.options {
                #expect(help.contains(Help.label(option)), "\(command.name): \(option.name)")
            }
            // Every spelling is unique within the command.
            let spellings = command.options.flatMap(\.spellings)
            #expect(Set(spellings).count == spellings.count, "\(command.name)")
            #expect(command.option("--quiet") != nil && command.option("--verbose") != nil)
        }
    }

    /// The synopsis in Docs/command-line.md is the table's: it sits
    /// between two marker comments, and a stale one is rewritten (the test
    /// fails until it is run again and the change committed).
    @Test func theSynopsisInDocsIsTheTables() throws {
        let file = Self.repository.appendingPathComponent("Docs/command-line.md")
        let page = try String(contentsOf: file, encoding: .utf8)
        let synopsis = "```\n" + Help.synopsis(CLI.commands) + "```\n"
        let start = try #require(page.range(of: Self.synopsisStart + "\n")).upperBound
        let end = try #require(page.range(of: Self.synopsisEnd, range: start..<page.endIndex)).lowerBound
        let current = String(page[start..<end])
        if current != synopsis {
            try page.replacingCharacters(in: start..<end, with: synopsis).write(
                to: file, atomically: true, encoding: .utf8)
            Issue.record("Docs/command-line.md's synopsis differed from the command table and was rewritten; run again")
        }
    }

    /// The markers around the synopsis in Docs/command-line.md.
    static let synopsisStart = "<!-- synopsis: made from the command table by CommandTableTests -->"
    static let synopsisEnd = "<!-- end of synopsis -->"

    @Test func theManPageInDocsIsTheTables() throws {
        let page = ManPage.roff(CLI.commands)
        let file = Self.repository.appendingPathComponent("Docs/meshgrad.1")
        let committed = try? String(contentsOf: file, encoding: .utf8)
        if committed != page {
            try page.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Docs/meshgrad.1 was out of date and has been rewritten; run the test again")
        }
        #expect(run("man").out == page)
        // man(1) reads it without a warning, where man is installed.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") {
            let result = try shell("groff -k -man -Tutf8 -z \(file.path) 2>&1")
            #expect(
                result.status == 0 && !result.out.contains("invalid") && !result.out.contains("error"), "\(result.out)")
        }
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        let result = run("help", "nope")
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("meshgrad help: error: unknown command \"nope\""))
        #expect(run("help", "render").out == run("render", "--help").out)
        #expect(run("help").status == 0)
    }

    @Test func typosGetASuggestion() {
        let option = run("render", "--preset", "aurora", "-o", "x.png", "--sise", "4k")
        #expect(option.status == 2)
        #expect(option.err.contains("unknown option --sise (did you mean --size?)"), "\(option.err)")
        let command = run("rendr", "--preset", "aurora")
        #expect(command.status == 2)
        #expect(command.err.contains("unknown command \"rendr\" (did you mean render?)"), "\(command.err)")
        let preset = run("code", "--preset", "auroa")
        #expect(preset.err.contains("(did you mean \"aurora\"?)"), "\(preset.err)")
        let flag = run("animate", "--preset", "aurora", "-o", "x.mp4", "--no-lop")
        #expect(flag.err.contains("did you mean --no-loop?"), "\(flag.err)")
        // Nothing close: no guess.
        #expect(!run("render", "--zzzzzz").err.contains("did you mean"))
    }

    @Test(arguments: CLI.commands.map(\.name))
    func everyCommandTakesQuietAndVerbose(command: String) {
        for flag in ["--quiet", "--verbose", "-q", "-v"] {
            // Parsed (an unknown option would be "unknown option").
            let result = CLITests().run([command, flag, "--definitely-not-an-option"])
            #expect(result.err.contains("unknown option --definitely-not-an-option"), "\(command) \(flag)")
        }
        #expect(CLITests().run([command, "--quiet", "--verbose"]).err.contains("contradict"))
    }

    @Test func quietSilencesTheSummaryAndVerboseSaysWhatWasWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-table-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["render", "--preset", "aurora", "--preset", "lava", "--size", "16x16", "-o", dir.path]
        let normal = CLITests().run(args)
        #expect(normal.err == "meshgrad render: 2 of 2 rendered\n")
        try FileManager.default.removeItem(at: dir)
        let quiet = CLITests().run(args + ["--quiet"])
        #expect(quiet.status == 0 && quiet.err.isEmpty, "\(quiet.err)")
        try FileManager.default.removeItem(at: dir)
        let verbose = CLITests().run(args + ["--verbose"])
        #expect(verbose.err.contains("meshgrad render: backend "), "\(verbose.err)")
        #expect(verbose.err.contains("wrote \(dir.path)/aurora.png"), "\(verbose.err)")
        // Errors are never silenced.
        let failing = CLITests().run(["render", "--preset", "nope", "-o", "x.png", "--quiet"])
        #expect(failing.status == 1 && failing.err.contains("unknown preset"))
    }

    static let cannotApply: [[String]] = [
        ["render", "--preset", "aurora", "-o", "a/", "--preset", "lava", "--jobs", "2", "--backend", "gl"],
        ["render", "--preset", "aurora", "-o", "x.png", "--jobs", "2"],
        ["render", "--preset", "aurora", "-o", "x.png", "--shard", "0/2"],
        ["render", "--preset", "aurora", "-o", "x.pdf", "--depth", "16"],
        ["render", "--preset", "aurora", "-o", "x.png", "--quality", "80"],
        ["render", "--manifest", "jobs.jsonl", "-o", "x.png"],
        ["presets", "aurora", "--json"],
        ["animate", "--preset", "aurora", "-o", "x.mp4", "--format", "webm"],
        ["animate", "--preset", "aurora", "-o", "frames/", "--codec", "h264"],
    ]

    @Test(arguments: 0..<cannotApply.count)
    func optionsThatCannotApplySaySo(index: Int) {
        let result = CLITests().run(Self.cannotApply[index])
        #expect(result.status == 2, "\(Self.cannotApply[index]): \(result.err)")
        #expect(result.err.contains("cannot apply"), "\(result.err)")
    }

    // MARK: - Completions

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let script = run("completions", "bash").out
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-compl-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try script.write(to: dir.appendingPathComponent("meshgrad.bash"), atomically: true, encoding: .utf8)
        for name in ["my.json", "clip.png", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data()))
        }
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try shell(
                """
                cd '\(dir.path)' && source ./meshgrad.bash && COMP_WORDS=(\(array)) && COMP_CWORD=\(words.count - 1) \
                && _meshgrad && printf '%s\\n' "${COMPREPLY[@]}"
                """)
            #expect(result.status == 0, "\(result.err)")
            return result.out.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try complete(["meshgrad", "re"]) == ["render"])
        #expect(try complete(["meshgrad", "c"]) == ["code", "compare", "completions"])
        #expect(try complete(["meshgrad", "render", "--si"]) == ["--size"])
        #expect(try complete(["meshgrad", "render", "--sk"]) == ["--skip-existing"])
        #expect(try complete(["meshgrad", "animate", "--q"]) == ["--quality", "--quiet"])
        #expect(try complete(["meshgrad", "render", "--preset", "au"]) == ["aurora"])
        #expect(try complete(["meshgrad", "render", "--backend", ""]) == ["auto", "cpu", "gl"])
        #expect(try complete(["meshgrad", "render", "--size", "iphone-16-pro"]).contains("iphone-16-pro-max"))
        #expect(try complete(["meshgrad", "render", ""]) == ["my.json"])
        #expect(try complete(["meshgrad", "preview", "--screenshot", ""]) == ["clip.png"])
        #expect(try complete(["meshgrad", "help", "ani"]) == ["animate"])
        #expect(try complete(["meshgrad", "completions", ""]) == ["bash", "fish", "zsh"])
    }

    @Test func zshAndFishScriptsAreValid() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-compl-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (shellName, check) in [("zsh", "zsh -n"), ("fish", "fish --no-execute")] {
            let result = run("completions", shellName)
            #expect(result.status == 0)
            #expect(result.out.contains("render") && result.out.contains("skip-existing"))
            let file = dir.appendingPathComponent("meshgrad.\(shellName)")
            try result.out.write(to: file, atomically: true, encoding: .utf8)
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shellName)") else {
                Issue.record("\(shellName) is not installed (.ci/run installs it)")
                continue
            }
            let checked = try shell("\(check) '\(file.path)' 2>&1")
            #expect(checked.status == 0, "\(shellName): \(checked.out)")
        }
        #expect(run("completions", "tcsh").status == 2)
        #expect(run("completions", "bsh").err.contains("did you mean bash?"))
    }
}

/// Runs a bash script with the meshgrad binary first on PATH.
func shell(_ script: String, environment: [String: String] = [:], in directory: URL? = nil) throws -> CLITests.Result {
    var env = environment
    env["PATH"] =
        CLITests.binary.deletingLastPathComponent().path + ":"
        + (environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let run = try ChildProcess.shell(script, environment: env, in: directory)
    return CLITests.Result(status: run.status, out: run.out, err: run.err)
}
