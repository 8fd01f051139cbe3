import Foundation

/// The `meshgrad` command line: parses the first word, hands the rest to a
/// command, and turns every failure into one line on standard error and a
/// non-zero exit status (1 for a failure, 2 for a usage mistake). Nothing
/// here knows how to render; it calls the libraries.
public enum CLI {
    public static let version = "0.1.0"

    /// The commands, in the order `meshgrad --help` lists them.
    static let commands: [CommandEntry] = [
        CommandEntry(RenderCommand.self), CommandEntry(AnimateCommand.self), CommandEntry(PreviewCommand.self),
        CommandEntry(CompareCommand.self), CommandEntry(CodeCommand.self), CommandEntry(ImportCommand.self),
        CommandEntry(PresetsCommand.self), CommandEntry(SizesCommand.self), CommandEntry(InfoCommand.self),
        CommandEntry(RandomCommand.self), CommandEntry(FitCommand.self),
    ]

    /// Runs `meshgrad` with `arguments` (without the program name) and
    /// returns the exit status.
    public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
        guard let first = arguments.first else {
            console.err.write(overview)
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                console.out.write(command.help)
            } else {
                console.out.write(overview)
            }
            return 0
        case "--version":
            console.out.write("meshgrad \(version)\n")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name).joined(separator: ", ")
            console.err.write(
                "meshgrad: error: unknown command \"\(first)\"; expected one of \(names) (see 'meshgrad --help')\n")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out.write(command.help)
            return 0
        }
        do {
            try command.run(rest, console)
            return 0
        } catch let failure as BatchFailure {
            // Each failure was reported as it happened.
            return Int32(min(failure.count, 125))
        } catch let error as UsageError {
            console.err.write("meshgrad \(command.name): error: \(error)\n")
            return 2
        } catch {
            console.err.write("meshgrad \(command.name): error: \(error)\n")
            return 1
        }
    }

    static var overview: String {
        var text = """
            meshgrad \(version): SwiftUI-style mesh gradients, rendered to files.

            USAGE: meshgrad <command> [options]

            COMMANDS:

            """
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

            Run 'meshgrad <command> --help' for a command's options.
            Example: meshgrad render --preset onboarding --size 4k -o wallpaper.png

            """
        return text
    }
}

/// One `meshgrad` subcommand.
protocol Command: SendableMetatype {
    static var name: String { get }
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    static func run(_ arguments: [String], console: Console) throws
}

/// A command as the dispatcher sees it.
struct CommandEntry: Sendable {
    var name: String
    var summary: String
    var help: String
    var run: @Sendable ([String], Console) throws -> Void

    init<C: Command>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        help = C.help
        run = { try C.run($0, console: $1) }
    }
}

/// A failure that is not a usage mistake: bad input, a write that failed.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
