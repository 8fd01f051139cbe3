import MeshGradCore

/// How a view animates a `@State` Bool: `withAnimation(CURVE) { NAME.toggle() }`
/// (or `NAME = true`), usually in `.onAppear`. The mesh read with the state
/// as declared is the rest state at t = 0; read with it flipped, the state
/// the animation moves to; the curve's duration and easing become the
/// keyframe between them, and `.repeatForever(autoreverses:)` a loop.
struct StateAnimation: Equatable {
    var duration: Double
    var easing: Easing
    var repeats = false
    var autoreverses = true

    /// SwiftUI's duration for a curve given without one.
    static let defaultDuration = 0.35

    init(duration: Double, easing: Easing) {
        self.duration = duration
        self.easing = easing
    }

    /// The animation of `state` in `source`, if a `withAnimation` changes it.
    static func find(for state: String, in source: SwiftSource) -> StateAnimation? {
        for (i, token) in source.tokens.enumerated() where token.isIdentifier("withAnimation") {
            // `withAnimation { … }`: SwiftUI's default curve.
            if source.token(i + 1).isSymbol("{") {
                if changes(state, in: source, body: i + 1) {
                    return StateAnimation(easing: .easeInOut)
                }
                continue
            }
            guard source.token(i + 1).isSymbol("(") else { continue }
            var parser = SwiftParser(source: source, index: i + 1, depth: 0)
            guard let arguments = try? parser.argumentList(), source.token(parser.index).isSymbol("{"),
                changes(state, in: source, body: parser.index)
            else { continue }
            guard let curve = arguments.first(where: { $0.label == nil }) else {
                return StateAnimation(easing: .easeInOut)
            }
            return StateAnimation(curve.value)
        }
        return nil
    }

    /// Whether the closure at `body` sets `state`: `state.toggle()`,
    /// `self.state.toggle()` or `state = …`.
    static func changes(_ state: String, in source: SwiftSource, body: Int) -> Bool {
        var depth = 0
        var i = body
        while i < source.tokens.count {
            let t = source.tokens[i]
            if t.isSymbol("{") { depth += 1 }
            if t.isSymbol("}") {
                depth -= 1
                if depth == 0 { return false }
            }
            if t.isIdentifier(state), !source.token(i - 1).isSymbol(".") || source.token(i - 2).isIdentifier("self") {
                let next = source.token(i + 1)
                if (next.isSymbol(".") && source.token(i + 2).isIdentifier("toggle"))
                    || (next.isSymbol("=") && !source.token(i + 2).isSymbol("="))
                {
                    return true
                }
            }
            i += 1
        }
        return false
    }

    /// A curve: `.easeInOut(duration: 2)`, `.linear`, `Animation.easeOut(…)`,
    /// each optionally `.repeatForever(autoreverses:)` (or `.speed`, `.delay`,
    /// read past); nil for one the document has no easing for.
    init?(_ node: SwiftNode) {
        guard case .call(let name, let receiver, let arguments) = node.expression else {
            guard case .member(let name) = node.expression, let easing = Self.easing(name, []) else { return nil }
            self.init(easing: easing)
            return
        }
        if let receiver, name == "repeatForever" || name == "repeatCount" || name == "speed" || name == "delay" {
            guard var base = StateAnimation(receiver) else { return nil }
            if name == "repeatForever" {
                base.repeats = true
                if case .bool(let value)? = arguments.first(where: { $0.label == "autoreverses" })?.value.expression {
                    base.autoreverses = value
                }
            }
            self = base
            return
        }
        let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
        guard let easing = Self.easing(bare, arguments) else { return nil }
        guard case .spring = easing else {
            var duration = Self.defaultDuration
            if case .term(let term)? = arguments.value("duration")?.expression, term.isConstant, term.constant > 0 {
                duration = term.constant
            }
            self.init(duration: duration, easing: easing)
            return
        }
        self.init(easing: easing)
    }

    /// A curve that sets its own duration: a spring runs until it settles
    /// (as the document's spring keyframe without a duration), a timing
    /// curve SwiftUI's default.
    init(easing: Easing) {
        guard case .spring(let response, let damping) = easing else {
            self.init(duration: Self.defaultDuration, easing: easing)
            return
        }
        self.init(duration: springSettlingDuration(response: response, dampingFraction: damping), easing: easing)
    }

    static func easing(_ name: String, _ arguments: [SwiftArgument]) -> Easing? {
        switch name {
        case "linear": .linear
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        case "easeInOut", "default": .easeInOut
        default: SpringCurve.easing(name, arguments)
        }
    }

    /// Keyframes from `rest` to `moved` and, autoreversing, back; a loop
    /// when it repeats.
    func keyframes(rest: MeshGradient, moved: MeshGradient) -> (keyframes: [Keyframe], loop: Double?) {
        let there = Keyframe(
            duration: duration, easing: easing, positions: moved.locations.positions, colors: moved.colors,
            background: moved.background)
        let back = Keyframe(
            duration: duration, easing: easing, positions: rest.locations.positions, colors: rest.colors,
            background: rest.background)
        guard repeats else { return ([there], nil) }
        return autoreverses ? ([there, back], 2 * duration) : ([there], duration)
    }
}
