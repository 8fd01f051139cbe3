/// Text from the user (a value in a document, a file name, a preset name)
/// made safe to print in a one-line message: control characters written as
/// escapes (`\n`, `\t`, `\u{1B}`), so that a value can neither break the
/// line nor send escape sequences to a terminal, and long values cut to
/// `limit` characters with an ellipsis, so that a 10 MB value does not
/// become a 10 MB message.
public enum SafeText {
    /// The longest value a message shows, in characters.
    public static let valueLimit = 60

    /// `text` escaped and truncated to `limit` characters (plus `…`).
    public static func value(_ text: some StringProtocol, limit: Int = valueLimit) -> String {
        var result = ""
        var shown = 0
        for character in text {
            if shown >= limit {
                result += "…"
                return result
            }
            result += escaped(character)
            shown += 1
        }
        return result
    }

    /// `text` in double quotes, escaped and truncated: `"#12\n34"`.
    public static func quoted(_ text: some StringProtocol, limit: Int = valueLimit) -> String {
        "\"" + value(text, limit: limit) + "\""
    }

    /// A number as a message shows it: whole numbers without a fraction
    /// (`2147483648`, `-1`), others as Swift prints them (`1e+308`, `1.5`).
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A whole message made one safe line: control characters escaped and
    /// the length capped (the last line of defence, applied where messages
    /// are printed; values inside are already escaped and cut).
    public static func line(_ text: some StringProtocol, limit: Int = 2000) -> String {
        value(text, limit: limit)
    }

    static func escaped(_ character: Character) -> String {
        var result = ""
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.properties.generalCategory == .format || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
