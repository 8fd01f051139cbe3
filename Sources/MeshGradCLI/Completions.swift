import MeshGradDocument

/// Shell completion scripts made from the command table: subcommands,
/// each command's options, and their values (choices, presets, sizes,
/// files by extension).
enum Completions {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String, commands: [CommandEntry]) -> String? {
        switch shell {
        case "bash": bash(commands)
        case "zsh": zsh(commands)
        case "fish": fish(commands)
        default: nil
        }
    }

    /// The words a value may be, for the shells that take a word list.
    static func words(_ completion: Completion) -> [String]? {
        switch completion {
        case .choices(let words): words
        case .presets: Presets.names
        case .sizes: CanvasSize.named.map(\.name)
        case .none, .files, .folders: nil
        }
    }

    static let topLevel = ["help", "--help", "--version"]

    // MARK: bash

    static func bash(_ commands: [CommandEntry]) -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var script = """
            # bash completion for meshgrad: source it, or save it as
            # /usr/share/bash-completion/completions/meshgrad (meshgrad completions bash).
            _meshgrad_add() {
                local word
                while IFS= read -r word; do [ -n "$word" ] && COMPREPLY+=("$word"); done
            }
            _meshgrad_files() {
                local ext
                _meshgrad_add < <(compgen -d -- "$cur")
                if [ $# -eq 0 ]; then _meshgrad_add < <(compgen -f -- "$cur"); return; fi
                for ext in "$@"; do _meshgrad_add < <(compgen -f -X "!*.$ext" -- "$cur"); done
            }
            _meshgrad() {
                local cur prev command
                COMPREPLY=()
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    _meshgrad_add < <(compgen -W "\(names) \(topLevel.joined(separator: " "))" -- "$cur")
                    return
                fi
                command="${COMP_WORDS[1]}"
                case "$command" in
                help) [ "$COMP_CWORD" -eq 2 ] && _meshgrad_add < <(compgen -W "\(names)" -- "$cur") ;;

            """
        for command in commands {
            script += "    \(command.name))\n        case \"$prev\" in\n"
            for option in command.options where !option.isFlag {
                script += "        \(option.spellings.joined(separator: "|")))\n"
                script += "            " + bashValue(option.completion) + "\n            return ;;\n"
            }
            script += "        esac\n"
            let spellings = command.options.flatMap(\.spellings).joined(separator: " ")
            script += "        if [[ \"$cur\" == -* ]]; then\n"
            script += "            _meshgrad_add < <(compgen -W \"\(spellings)\" -- \"$cur\")\n"
            script += "        else\n            "
            script += (command.arguments.first.map { bashValue($0.completion) } ?? ":") + "\n"
            script += "        fi ;;\n"
        }
        script += """
                esac
            }
            complete -o filenames -F _meshgrad meshgrad

            """
        return script
    }

    static func bashValue(_ completion: Completion) -> String {
        switch completion {
        case .files(let extensions): "_meshgrad_files \(extensions.joined(separator: " "))"
        case .folders: "_meshgrad_add < <(compgen -d -- \"$cur\")"
        case .none: ":"
        default: "_meshgrad_add < <(compgen -W \"\(words(completion)!.joined(separator: " "))\" -- \"$cur\")"
        }
    }

    // MARK: zsh

    static func zsh(_ commands: [CommandEntry]) -> String {
        func quoted(_ text: String) -> String {
            let clean = firstSentence(text).replacingOccurrences(of: "'", with: "'\\''")
                .replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
                .replacingOccurrences(of: ":", with: "\\:")
            return clean
        }
        var script =
            "#compdef meshgrad\n# zsh completion for meshgrad (meshgrad completions zsh): save as _meshgrad in $fpath.\n"
        script += "_meshgrad() {\n    local -a commands\n    commands=(\n"
        for command in commands { script += "        '\(command.name):\(quoted(command.summary))'\n" }
        script +=
            "    )\n    if (( CURRENT == 2 )); then\n        _describe 'command' commands\n        return\n    fi\n"
        script += "    local command=$words[2]\n    shift words\n    (( CURRENT-- ))\n    case $command in\n"
        script += "    help) _describe 'command' commands ;;\n"
        for command in commands {
            script += "    \(command.name))\n        _arguments -s \\\n"
            for option in command.options {
                let exclusive = option.spellings.count > 1 ? "'(\(option.spellings.joined(separator: " ")))'" : ""
                let names =
                    option.spellings.count > 1 ? "{\(option.spellings.joined(separator: ","))}" : option.name
                let repeated = option.repeats ? "'*'" : ""
                var spec = "\(repeated)\(exclusive)\(names)'[\(quoted(option.help))]"
                if let valueName = option.valueName {
                    spec += ":\(valueName.replacingOccurrences(of: ":", with: "\\:")):\(zshValue(option.completion))"
                }
                script += "            \(spec)' \\\n"
            }
            for argument in command.arguments {
                script +=
                    "            '\(argument.repeats ? "*" : "1"):\(argument.name):\(zshValue(argument.completion))' \\\n"
            }
            script += "            && return 0 ;;\n"
        }
        script += "    esac\n}\n_meshgrad \"$@\"\n"
        return script
    }

    static func zshValue(_ completion: Completion) -> String {
        switch completion {
        case .files(let extensions) where !extensions.isEmpty:
            "_files -g \"*.(\(extensions.joined(separator: "|")))\""
        case .files: "_files"
        case .folders: "_files -/"
        case .none: " "
        default: "(\(words(completion)!.joined(separator: " ")))"
        }
    }

    // MARK: fish

    static func fish(_ commands: [CommandEntry]) -> String {
        func quoted(_ text: String) -> String {
            "'"
                + firstSentence(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                    of: "'", with: "\\'") + "'"
        }
        let names = commands.map(\.name).joined(separator: " ")
        var script =
            "# fish completion for meshgrad (meshgrad completions fish): save in ~/.config/fish/completions/meshgrad.fish\n"
        script += "complete -c meshgrad -f\n"
        script +=
            "complete -c meshgrad -n 'not __fish_seen_subcommand_from \(names) help' -a help -d 'Show a command\\'s help'\n"
        for command in commands {
            script +=
                "complete -c meshgrad -n 'not __fish_seen_subcommand_from \(names) help' -a \(command.name) -d \(quoted(command.summary))\n"
        }
        script += "complete -c meshgrad -n '__fish_seen_subcommand_from help' -a '\(names)'\n"
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                var line = "complete -c meshgrad \(condition)"
                for spelling in option.spellings {
                    line += spelling.hasPrefix("--") ? " -l \(spelling.dropFirst(2))" : " -s \(spelling.dropFirst())"
                }
                if !option.isFlag { line += " -r" + fishValue(option.completion) }
                script += line + " -d \(quoted(option.help))\n"
            }
            if let argument = command.arguments.first {
                script += "complete -c meshgrad \(condition)\(fishValue(argument.completion))\n"
            }
        }
        return script
    }

    static func fishValue(_ completion: Completion) -> String {
        switch completion {
        case .files, .folders: " -F"
        case .none: ""
        default: " -a '\(words(completion)!.joined(separator: " "))'"
        }
    }

    static func firstSentence(_ text: String) -> String {
        let end = text.range(of: ". ").map { String(text[..<$0.lowerBound]) } ?? text
        return end.hasSuffix(".") ? String(end.dropLast()) : end
    }
}

/// `meshgrad completions SHELL`.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script (bash, zsh or fish)"
    static let usage = ["bash|zsh|fish"]
    static let discussion = """
        Prints a script that completes meshgrad's commands, options and their values:
          source <(meshgrad completions bash)                    # bash, this shell
          meshgrad completions bash > ~/.local/share/bash-completion/completions/meshgrad
          meshgrad completions zsh > "${fpath[1]}/_meshgrad"     # zsh
          meshgrad completions fish > ~/.config/fish/completions/meshgrad.fish
        """
    static let arguments = [Option.argument("SHELL", "bash, zsh or fish.", complete: .choices(Completions.shells))]
    static let options: [Option] = []

    static func run(_ arguments: Arguments, console: Console) throws {
        guard let shell = arguments.positionals.first else {
            throw UsageError(command: name, message: "no shell given; expected bash, zsh or fish")
        }
        guard let script = Completions.script(for: shell, commands: CLI.commands) else {
            let hint = Suggestion.closest(to: shell, among: Completions.shells).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError(command: name, message: "unknown shell \"\(shell)\"\(hint); expected bash, zsh or fish")
        }
        console.out.write(script)
    }
}
