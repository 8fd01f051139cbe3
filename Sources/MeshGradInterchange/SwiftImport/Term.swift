import Foundation

/// A number as the tutorials compute their points: a constant, plus a
/// multiple of time, plus at most one cosine of time
/// (`constant + time·t + amplitude·cos(frequency·t + phase)`). Arithmetic
/// folds literals exactly the way Swift would (`0.5 + 0.4 * x` stays
/// `0.5`, `0.4`), so a document read from code equals one typed in.
struct Term: Hashable, Sendable {
    struct Cosine: Hashable, Sendable {
        var amplitude: Double
        var frequency: Double
        var phase: Double
    }

    var constant: Double
    var time: Double = 0
    var cosine: Cosine?

    static func number(_ value: Double) -> Term { Term(constant: value) }
    static let t = Term(constant: 0, time: 1)

    /// Whether every part is a finite number (an overflow or a division by
    /// zero is not).
    var isFinite: Bool {
        constant.isFinite && time.isFinite
            && (cosine.map { $0.amplitude.isFinite && $0.frequency.isFinite && $0.phase.isFinite } ?? true)
    }

    /// A plain number: no time in it.
    var isConstant: Bool { time == 0 && cosine == nil }

    static func + (a: Term, b: Term) -> Term? {
        if a.cosine != nil && b.cosine != nil { return nil }
        return Term(constant: a.constant + b.constant, time: a.time + b.time, cosine: a.cosine ?? b.cosine)
    }

    static prefix func - (a: Term) -> Term {
        Term(
            constant: -a.constant, time: -a.time,
            cosine: a.cosine.map { Cosine(amplitude: -$0.amplitude, frequency: $0.frequency, phase: $0.phase) })
    }

    /// Scales by a constant (`nil` when neither factor is one).
    static func * (a: Term, b: Term) -> Term? {
        if b.isConstant { return a.scaled(by: b.constant) }
        if a.isConstant { return b.scaled(by: a.constant) }
        return nil
    }

    static func / (a: Term, b: Term) -> Term? {
        guard b.isConstant else { return nil }
        if a.isConstant { return .number(a.constant / b.constant) }
        return Term(
            constant: a.constant / b.constant, time: a.time / b.constant,
            cosine: a.cosine.map {
                Cosine(amplitude: $0.amplitude / b.constant, frequency: $0.frequency, phase: $0.phase)
            })
    }

    private func scaled(by k: Double) -> Term {
        // Multiplying by exactly 1 keeps every bit, as Swift's own would.
        Term(
            constant: constant * k, time: time * k,
            cosine: cosine.map { Cosine(amplitude: $0.amplitude * k, frequency: $0.frequency, phase: $0.phase) })
    }

    /// `cos(self)`; nil unless the argument is `a·t + b`.
    func cos() -> Term? {
        guard cosine == nil else { return nil }
        if time == 0 { return .number(Foundation.cos(constant)) }
        return Term(constant: 0, cosine: Cosine(amplitude: 1, frequency: time, phase: constant))
    }

    /// `sin(x) = cos(x − π/2)`.
    func sin() -> Term? {
        guard cosine == nil else { return nil }
        if time == 0 { return .number(Foundation.sin(constant)) }
        return Term(constant: 0, cosine: Cosine(amplitude: 1, frequency: time, phase: constant - .pi / 2))
    }
}
