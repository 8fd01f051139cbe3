/// The few shapes of Swift expression a mesh gradient is written with,
/// kept close to the source; what they mean (a point, a color, an array of
/// them) is decided where they are used, since `.red` and `.points(…)`
/// read alike.
indirect enum SwiftExpression: Sendable {
    /// Arithmetic, folded: literals, `Float(…)`, `cos(…)`, time.
    case term(Term)
    case array([SwiftNode])
    /// `callee(arguments)`, on `receiver` when written `receiver.callee(…)`;
    /// an implicit member call (`.points(…)`, `.init(…)`) has a callee
    /// starting with `.`.
    case call(callee: String, receiver: SwiftNode?, arguments: [SwiftArgument])
    /// `.red`: an implicit member.
    case member(String)
    /// `a.b.c` (or a plain name): identifiers joined by dots.
    case path([String])
    case bool(Bool)
    case string(String)
}

/// An expression and the token it starts at, for messages.
struct SwiftNode: Sendable {
    var expression: SwiftExpression
    var token: SwiftToken
}

struct SwiftArgument: Sendable {
    var label: String?
    var value: SwiftNode
}

extension [SwiftArgument] {
    var labels: [String] { map { $0.label ?? "_" } }

    func value(_ label: String) -> SwiftNode? {
        first { $0.label == label }?.value
    }
}
