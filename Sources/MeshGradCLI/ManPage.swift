/// The man page, meshgrad(1), in roff, made from the command table;
/// `Docs/meshgrad.1` is its output (a test keeps them equal).
enum ManPage {
    static func roff(_ commands: [CommandEntry]) -> String {
        var page = """
            .TH MESHGRAD 1 "" "meshgrad \(CLI.version)" "User Commands"
            .ad l
            .nh
            .SH NAME
            meshgrad \\- SwiftUI-style mesh gradients, rendered to files
            .SH SYNOPSIS

            """
        for command in commands {
            for form in command.usage {
                page += ".B meshgrad \(command.name)\n" + (form.isEmpty ? "" : escape(form) + "\n") + ".br\n"
            }
        }
        page += """
            .SH DESCRIPTION
            meshgrad renders SwiftUI-style mesh gradients and scenes (JSON documents or built-in presets)
            to PNG, PDF and video, prints the SwiftUI code that draws them, and previews them in a window.
            Every failure is one line on standard error. Exit status: 0 success, 1 bad input or a failed
            write, 2 a usage mistake; for a batch, the number of entries that failed.
            Every command takes
            .BR \\-\\-quiet ,
            .B \\-\\-verbose
            and
            .BR \\-\\-help .
            .SH COMMANDS

            """
        for command in commands {
            page += ".SS \(command.name)\n" + escape(command.summary) + ".\n"
            if !command.discussion.isEmpty {
                for paragraph in command.discussion.trimmed.components(separatedBy: "\n\n") {
                    page +=
                        ".PP\n"
                        + paragraph.split(separator: "\n").map { escape(String($0).trimmed) }.joined(separator: "\n")
                        + "\n"
                }
            }
            for item in command.arguments + command.options {
                page += ".TP\n.B " + escape(Help.label(item)) + "\n" + escape(item.help) + "\n"
            }
        }
        page += """
            .SH FILES
            The document format is described in Docs/document-format.md; its JSON Schema is printed by
            .BR "meshgrad schema" .
            .SH SEE ALSO
            .BR ffmpeg (1)

            """
        return page
    }

    /// Text as roff shows it: backslashes and dashes escaped, no line
    /// starting with a control character.
    static func escape<S: StringProtocol>(_ text: S) -> String {
        var out = String(text).replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        for (character, glyph) in [("×", "\\(mu"), ("≥", "\\(>="), ("≤", "\\(<="), ("…", "..."), ("−", "\\-")] {
            out = out.replacingOccurrences(of: character, with: glyph)
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}

/// `meshgrad man`: the man page, to read with `meshgrad man | man -l -`.
struct ManCommand: Command {
    static let name = "man"
    static let summary = "Print the man page (roff): meshgrad man | man -l -"
    static let usage = [""]
    static let discussion = """
        Prints meshgrad(1) in roff, made from the same table as --help. Install it with
          meshgrad man > ~/.local/share/man/man1/meshgrad.1
        (Docs/meshgrad.1 in the repository is the same page.)
        """
    static let options: [Option] = []

    static func run(_ arguments: Arguments, console: Console) throws {
        console.out.write(ManPage.roff(CLI.commands))
    }
}
