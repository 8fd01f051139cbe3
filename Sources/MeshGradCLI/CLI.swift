import Foundation
import MeshGradCore
import MeshGradExport

/// The `meshgrad` command line: parses the first word, hands the rest to a
/// command of the table (CommandTable.swift), and turns every failure into
/// one line on standard error and a non-zero exit status (1 for a failure,
/// 2 for a usage mistake). Nothing here knows how to render; it calls the
/// libraries.
public enum CLI {
    public static let version = "0.3.0"

    /// The commands, in the order `meshgrad --help` lists them. Adding a
    /// command is adding it here (see CommandTable.swift).
    static let commands: [CommandEntry] = [
        CommandEntry(RenderCommand.self), CommandEntry(AnimateCommand.self), CommandEntry(PreviewCommand.self),
        CommandEntry(CompareCommand.self), CommandEntry(CodeCommand.self), CommandEntry(ImportCommand.self),
        CommandEntry(PresetsCommand.self), CommandEntry(SizesCommand.self), CommandEntry(InfoCommand.self),
        CommandEntry(SchemaCommand.self), CommandEntry(CompletionsCommand.self), CommandEntry(ManCommand.self),
        CommandEntry(RandomCommand.self), CommandEntry(FitCommand.self),
    ]

    static func command(named name: String) -> CommandEntry? { commands.first { $0.name == name } }

    /// Runs `meshgrad` with `arguments` (without the program name) and
    /// returns the exit status.
    public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
        guard let first = arguments.first else {
            console.err.write(Help.overview(commands))
            return 2
        }
        switch first {
        case "--help", "-h":
            console.out.write(Help.overview(commands))
            return 0
        case "help":
            return help(Array(arguments.dropFirst()), console: console)
        case "--version":
            console.out.write("meshgrad \(version)\n")
            return 0
        default:
            break
        }
        guard let command = command(named: first) else {
            console.err.write("meshgrad: error: \(unknownCommand(first))\n")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if (rest.firstIndex(of: "--") ?? rest.endIndex) > (rest.firstIndex { $0 == "--help" || $0 == "-h" } ?? .max) {
            console.out.write(Help.text(for: command))
            return 0
        }
        var console = console
        do {
            let parsed = try Arguments(rest, entry: command)
            console.verbosity = try parsed.verbosity
            try command.run(parsed, console)
            return outputFailure(command: command.name, console: console)
        } catch let failure as BatchFailure {
            // Each failure was reported as it happened.
            return Int32(min(failure.count, 125))
        } catch let error as UsageError {
            console.err.write("meshgrad \(command.name): error: \(SafeText.line("\(error)"))\n")
            return 2
        } catch {
            // Stopped by a signal: the failure is the stop's doing (ffmpeg
            // killed), and the signal's status follows (see main.swift).
            if PendingOutputs.shared.isAbandoned { return 1 }
            console.err.write("meshgrad \(command.name): error: \(SafeText.line("\(error)"))\n")
            return 1
        }
    }

    /// 0, or 1 with one line when a write to standard output or error
    /// failed (a full disk, a closed stream): a command whose output was
    /// lost has not succeeded.
    static func outputFailure(command: String, console: Console) -> Int32 {
        let streams = [console.out, console.err].compactMap { $0 as? FileDescriptorOutput }
        guard let failure = streams.lazy.compactMap(\.failure).first else { return 0 }
        console.err.write("meshgrad \(command): error: write error: \(failure)\n")
        return 1
    }

    /// `meshgrad help [COMMAND]`: an unknown command is a usage mistake.
    static func help(_ words: [String], console: Console) -> Int32 {
        guard let name = words.first else {
            console.out.write(Help.overview(commands))
            return 0
        }
        guard words.count == 1 else {
            console.err.write("meshgrad help: error: expected one command name (see 'meshgrad --help')\n")
            return 2
        }
        guard let command = command(named: name) else {
            console.err.write("meshgrad help: error: \(unknownCommand(name))\n")
            return 2
        }
        console.out.write(Help.text(for: command))
        return 0
    }

    static func unknownCommand(_ name: String) -> String {
        let names = commands.map(\.name)
        let hint = Suggestion.closest(to: name, among: names).map { " (did you mean \($0)?)" } ?? ""
        return "unknown command \(SafeText.quoted(name))\(hint); expected one of \(names.joined(separator: ", ")) "
            + "(see 'meshgrad --help')"
    }
}

/// A failure that is not a usage mistake: bad input, a write that failed.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
