/// `--help`, the overview and the synopsis of Docs/command-line.md, made from the command
/// table (CommandTable.swift).
enum Help {
    /// Columns of the help text, and where option descriptions start.
    static let width = 96
    static let column = 26

    /// A command's full `--help`.
    static func text(for entry: CommandEntry) -> String {
        var text = ""
        for (k, line) in entry.usage.enumerated() {
            text += (k == 0 ? "USAGE: " : "       ") + "meshgrad \(entry.name) \(line)".trimmed + "\n"
        }
        if !entry.discussion.isEmpty { text += "\n" + entry.discussion.trimmed + "\n" }
        if !entry.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in entry.arguments { text += describe(argument.name, argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in entry.options { text += describe(label(option), option.help) }
        return text + "\n"
    }

    /// `-o, --output OUT`.
    static func label(_ option: Option) -> String {
        let shorts = option.aliases.filter { !$0.hasPrefix("--") }
        let longs = option.aliases.filter { $0.hasPrefix("--") }
        let names = (shorts + [option.name] + longs).joined(separator: ", ")
        return names + (option.valueName.map { " \($0)" } ?? "")
    }

    /// `  LABEL   help`, the help wrapped under itself.
    static func describe(_ label: String, _ help: String) -> String {
        let lines = wrap(help, width: width - column)
        var text = "  " + label
        if text.count + 2 > column {
            text += "\n" + String(repeating: " ", count: column)
        } else {
            text += String(repeating: " ", count: column - text.count)
        }
        text += lines.joined(separator: "\n" + String(repeating: " ", count: column)) + "\n"
        return text
    }

    /// Words into lines of at most `width` columns.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `meshgrad --help`.
    static func overview(_ commands: [CommandEntry]) -> String {
        var text = """
            meshgrad \(CLI.version): SwiftUI-style mesh gradients, rendered to files.

            USAGE: meshgrad <command> [options]

            COMMANDS:

            """
        for command in commands {
            text += "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

            Every command takes --quiet, --verbose and --help.
            Run 'meshgrad <command> --help' (or 'meshgrad help <command>') for a command's options.
            Example: meshgrad render --preset onboarding --size 4k -o wallpaper.png

            """
        return text
    }

    /// Every command's forms with every option, as Docs/command-line.md shows them:
    /// each command's first form carries the options no form names.
    static func synopsis(_ commands: [CommandEntry]) -> String {
        let nameWidth = (commands.map(\.name.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: "meshgrad ".count + nameWidth)
        var text = ""
        for command in commands {
            let head = "meshgrad " + command.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let named = Set(command.usage.flatMap(tokens))
            let rest = command.options.filter { option in
                !CommonOptions.all.contains { $0.name == option.name }
                    && !option.spellings.contains(where: named.contains)
            }.map { "[\($0.name)\($0.valueName.map { " \($0)" } ?? "")]" }
            for (k, form) in command.usage.enumerated() {
                let words = form.split(separator: " ").map(String.init) + (k == 0 ? rest : [])
                var line = head
                for word in words {
                    if line.count + 1 + word.count > width && line != head && line != indent {
                        text += line.trimmingTrailingSpaces + "\n"
                        line = indent
                    }
                    line += (line == head || line == indent ? "" : " ") + word
                }
                text += line.trimmingTrailingSpaces + "\n"
            }
        }
        text += "meshgrad <command> [--quiet|--verbose] [--help]\n"
        text += "meshgrad help [COMMAND]\n"
        text += "meshgrad --version\n"
        return text
    }

    /// The option names a usage line mentions.
    static func tokens(_ line: String) -> [String] {
        line.split(whereSeparator: { " []|".contains($0) }).map(String.init).filter { $0.hasPrefix("-") }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    var trimmed: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
