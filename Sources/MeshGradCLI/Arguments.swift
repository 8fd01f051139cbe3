/// A hand-written command-line parser: enough for meshgrad's commands, and
/// strict. Every option must be known to the command; values may follow as
/// the next word (`--size 4k`) or after `=` (`--size=4k`); `--` ends the
/// options. Mistakes become a ``UsageError`` that names the command.
struct Arguments {
    /// What a command accepts.
    struct Spec {
        /// Options that take a value, by long name, with their short aliases.
        var valued: [String: [String]] = [:]
        /// Options without a value.
        var flags: [String: [String]] = [:]
        /// The most positional arguments accepted.
        var maximumPositionals = 0
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var setFlags: Set<String> = []
    private(set) var positionals: [String] = []
    let command: String

    init(_ words: [String], spec: Spec, command: String) throws(UsageError) {
        self.command = command
        var aliases: [String: String] = [:]
        for (name, short) in spec.valued { for s in short { aliases[s] = name } }
        for (name, short) in spec.flags { for s in short { aliases[s] = name } }

        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var name = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            name = aliases[name] ?? name
            if spec.valued[name] != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else {
                        throw UsageError(command: command, message: "\(name) needs a value")
                    }
                    value = words[index]
                    index += 1
                }
                values[name, default: []].append(value)
            } else if spec.flags[name] != nil {
                guard inlineValue == nil else {
                    throw UsageError(command: command, message: "\(name) takes no value")
                }
                setFlags.insert(name)
            } else {
                throw UsageError(command: command, message: "unknown option \(name)")
            }
        }
        if positionals.count > spec.maximumPositionals {
            let extra = positionals[spec.maximumPositionals]
            throw UsageError(
                command: command,
                message: spec.maximumPositionals == 0
                    ? "unexpected argument \"\(extra)\"" : "unexpected extra argument \"\(extra)\"")
        }
    }

    /// The value of a valued option given at most once.
    func value(_ name: String) throws(UsageError) -> String? {
        guard let all = values[name] else { return nil }
        guard all.count == 1 else { throw UsageError(command: command, message: "\(name) is given more than once") }
        return all[0]
    }

    func flag(_ name: String) -> Bool { setFlags.contains(name) }

    /// A valued option parsed by `parse`, which returns nil for bad text.
    func value<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = try value(name) else { return nil }
        guard let parsed = parse(text) else {
            throw UsageError(command: command, message: "\(name) \"\(text)\" is not valid; expected \(expected)")
        }
        return parsed
    }
}

/// A mistake in how a command was called. Exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var command: String
    var message: String
    var description: String { "\(message) (see 'meshgrad \(command) --help')" }
}
