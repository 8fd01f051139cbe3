/// A hand-written command-line parser driven by the command table
/// (CommandTable.swift): enough for meshgrad's commands, and strict. Every
/// option must be in the command's table; values may follow as the next
/// word (`--size 4k`) or after `=` (`--size=4k`); `--` ends the options;
/// `-` alone is a positional (standard input or output). Mistakes become a
/// ``UsageError`` that names the command, with a suggestion for a typo.
struct Arguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var setFlags: Set<String> = []
    private(set) var positionals: [String] = []
    let command: String

    init(_ words: [String], entry: CommandEntry) throws(UsageError) {
        command = entry.name
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
            var spelling = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                spelling = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = entry.option(spelling) else {
                let names = entry.options.flatMap(\.spellings).filter { $0.hasPrefix("--") }
                let hint = Suggestion.closest(to: spelling, among: names).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError(command: command, message: "unknown option \(spelling)\(hint)")
            }
            let name = option.name
            if option.isFlag {
                guard inlineValue == nil else {
                    throw UsageError(command: command, message: "\(name) takes no value")
                }
                setFlags.insert(name)
                continue
            }
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
            if !option.repeats, values[name] != nil {
                throw UsageError(command: command, message: "\(name) is given more than once")
            }
            values[name, default: []].append(value)
        }
        let maximum = entry.maximumPositionals
        if positionals.count > maximum {
            let extra = positionals[maximum]
            throw UsageError(
                command: command,
                message: maximum == 0 ? "unexpected argument \"\(extra)\"" : "unexpected extra argument \"\(extra)\"")
        }
    }

    /// The value of a valued option (its last, for a repeatable one).
    func value(_ name: String) throws(UsageError) -> String? { values[name]?.last }

    /// Whether an option was given at all, flag or value.
    func given(_ name: String) -> Bool { setFlags.contains(name) || values[name] != nil }

    func flag(_ name: String) -> Bool { setFlags.contains(name) }

    /// `--quiet`, `--verbose`, or neither.
    var verbosity: Verbosity {
        get throws(UsageError) {
            switch (flag("--quiet"), flag("--verbose")) {
            case (true, true):
                throw UsageError(command: command, message: "--quiet and --verbose contradict; expected one of them")
            case (true, false): return .quiet
            case (false, true): return .verbose
            case (false, false): return .normal
            }
        }
    }

    /// A valued option parsed by `parse`, which returns nil for bad text.
    func value<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = try value(name) else { return nil }
        guard let parsed = parse(text) else {
            throw UsageError(command: command, message: "\(name) \"\(text)\" is not valid; expected \(expected)")
        }
        return parsed
    }

    /// A usage error when `option` was given although it cannot apply.
    func refuse(_ option: String, because reason: String) throws(UsageError) {
        if given(option) { throw UsageError(command: command, message: "\(option) cannot apply: \(reason)") }
    }
}

/// A mistake in how a command was called. Exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var command: String
    var message: String
    var description: String { "\(message) (see 'meshgrad \(command) --help')" }
}

/// Did-you-mean: the closest known word to a mistyped one, if it is close.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first else { return nil }
        // A prefix (`--comp` for `--compression`) or a typo or two.
        if let prefix = candidates.first(where: { $0.hasPrefix(word) && word.count >= 3 }) { return prefix }
        return best.1 <= max(1, min(2, word.count / 3)) ? best.0 : nil
    }

    /// Levenshtein distance, with a swap of neighbours counting once.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = row
        }
        return previous[b.count]
    }
}
