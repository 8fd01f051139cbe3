// The command table: every command's arguments and options, declared once.
// Parsing (Arguments), `--help` (Help), the synopsis in Docs/command-line.md (a test keeps it),
// shell completions (Completions) and the man page (ManPage) are all made
// from it, so they cannot disagree.
//
// To add a command:
//   1. Write `struct FooCommand: Command` in FooCommand.swift with `name`,
//      `summary`, `usage` (the synopsis lines after "meshgrad foo"),
//      `discussion` (the prose of its --help), `arguments` and `options`
//      (arrays of `Option`, below), and `run(_ arguments: Arguments, console:)`.
//   2. Add `FooCommand.self` to `CLI.commands` (CLI.swift).
//   3. Run `swift test --filter CommandTableTests`: it rewrites the synopsis
//      in Docs/command-line.md and `Docs/meshgrad.1` when they differ (run
//      it again to see it pass).
// To add an option: append an `Option` to the command's `options`, e.g.
//      .value("--size", "SIZE", "Width x height or a name.", complete: .sizes)
//      .flag("--no-dither", "Round instead of dithering.")
// then read it in `run` with `arguments.value("--size")` / `arguments.flag(...)`.
// `--quiet`, `--verbose` and `--help` are added to every command here;
// nothing else needs to know about a new option.

/// What a shell may offer for an option's value or an argument.
enum Completion: Sendable, Equatable {
    case none
    /// Files, optionally only those with these extensions (and folders).
    case files([String])
    case folders
    case choices([String])
    /// The built-in presets' names.
    case presets
    /// The named sizes (`meshgrad sizes`).
    case sizes
}

/// One option or positional argument of a command.
struct Option: Sendable {
    /// `--size`, or for a positional its placeholder (`SPEC.json`).
    var name: String
    /// Other spellings (`-o`, `--quality`).
    var aliases: [String] = []
    /// The value's placeholder (`SIZE`); nil for a flag.
    var valueName: String?
    var help: String
    var completion: Completion = .none
    /// May be given several times (`--preset A --preset B`).
    var repeats = false

    var isFlag: Bool { valueName == nil }
    var isPositional: Bool { !name.hasPrefix("-") }
    var spellings: [String] { [name] + aliases }

    static func flag(_ name: String, aliases: [String] = [], _ help: String) -> Option {
        Option(name: name, aliases: aliases, valueName: nil, help: help)
    }

    static func value(
        _ name: String, aliases: [String] = [], _ valueName: String, _ help: String, complete: Completion = .none,
        repeats: Bool = false
    ) -> Option {
        Option(name: name, aliases: aliases, valueName: valueName, help: help, completion: complete, repeats: repeats)
    }

    /// A positional argument; `repeats` for any number of them.
    static func argument(
        _ name: String, _ help: String, complete: Completion = .none, repeats: Bool = false
    )
        -> Option
    {
        Option(name: name, valueName: name, help: help, completion: complete, repeats: repeats)
    }
}

/// One `meshgrad` subcommand, as the table declares it.
protocol Command: SendableMetatype {
    static var name: String { get }
    static var summary: String { get }
    /// Synopsis lines after `meshgrad NAME` (the first is the main form).
    static var usage: [String] { get }
    /// The prose of `--help` between the usage and the arguments.
    static var discussion: String { get }
    static var arguments: [Option] { get }
    static var options: [Option] { get }
    static func run(_ arguments: Arguments, console: Console) throws
}

extension Command {
    static var discussion: String { "" }
    static var arguments: [Option] { [] }
}

/// The options every command takes, after its own.
enum CommonOptions {
    static let all: [Option] = [
        .flag("--quiet", aliases: ["-q"], "Only errors on standard error: no notes, progress or summaries."),
        .flag("--verbose", aliases: ["-v"], "Also say what is chosen and written (backend, shard, files)."),
        .flag("--help", aliases: ["-h"], "Show this help."),
    ]
}

/// A command as the dispatcher sees it: its table and how to run it.
struct CommandEntry: Sendable {
    var name: String
    var summary: String
    var usage: [String]
    var discussion: String
    var arguments: [Option]
    /// The command's own options, then the common ones.
    var options: [Option]
    var run: @Sendable (Arguments, Console) throws -> Void

    init<C: Command>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        usage = C.usage
        discussion = C.discussion
        arguments = C.arguments
        options = C.options + CommonOptions.all
        run = { try C.run($0, console: $1) }
    }

    /// The option spelled `spelling` (a name or an alias).
    func option(_ spelling: String) -> Option? {
        options.first { $0.spellings.contains(spelling) }
    }

    var maximumPositionals: Int {
        arguments.contains(where: \.repeats) ? .max : arguments.count
    }
}

/// The `--source` pair most drawing commands take: a document or a preset.
enum SourceOptions {
    static let argument = Option.argument(
        "SPEC.json", "A gradient document (Docs/document-format.md); - reads standard input.",
        complete: .files(["json"]))
    static let preset = Option.value(
        "--preset", "NAME", "A built-in gradient instead ('meshgrad presets' lists them).", complete: .presets)
}
