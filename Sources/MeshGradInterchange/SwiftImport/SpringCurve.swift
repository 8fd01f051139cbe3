import Foundation
import MeshGradCore

/// SwiftUI's spring animations as the document's spring easing (response,
/// damping fraction). Defaults are SwiftUI's documented ones; the newer
/// forms (`duration`, `bounce`) convert as SwiftUI's `Spring` does: the
/// duration is the response, a bounce b ≥ 0 is a damping fraction of 1 − b,
/// a negative one 1 / (1 + b).
enum SpringCurve {
    /// The easing of `.spring(…)`, `.bouncy`, `.interpolatingSpring(…)`,
    /// …; nil for a name that is no spring or a spring that never settles.
    static func easing(_ name: String, _ arguments: [SwiftArgument]) -> Easing? {
        let value = { (label: String) -> Double? in
            guard case .term(let term)? = arguments.value(label)?.expression, term.isConstant else { return nil }
            return term.constant
        }
        let spring: (response: Double, damping: Double)?
        switch name {
        case "spring" where value("duration") != nil || value("bounce") != nil,
            "interpolatingSpring" where value("stiffness") == nil:
            spring = bounced(duration: value("duration") ?? 0.5, bounce: value("bounce") ?? 0)
        case "spring":
            spring = (value("response") ?? 0.5, value("dampingFraction") ?? 0.825)
        case "interactiveSpring":
            spring = (value("response") ?? 0.15, value("dampingFraction") ?? 0.86)
        case "interpolatingSpring":
            spring = stiffness(value("stiffness") ?? 0, damping: value("damping") ?? 0, mass: value("mass") ?? 1)
        case "smooth", "snappy", "bouncy":
            let base = ["smooth": 0.0, "snappy": 0.15, "bouncy": 0.3][name]!
            spring = bounced(duration: value("duration") ?? 0.5, bounce: base + (value("extraBounce") ?? 0))
        default:
            spring = nil
        }
        guard let spring, spring.response > 0, spring.response <= 1000, spring.damping > 0, spring.damping <= 1000
        else { return nil }
        return .spring(response: spring.response, dampingFraction: spring.damping)
    }

    private static func bounced(duration: Double, bounce: Double) -> (Double, Double)? {
        guard bounce > -1, bounce < 1 else { return nil }
        return (duration, bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// A spring given by stiffness and damping (a mass-spring-damper).
    private static func stiffness(_ k: Double, damping c: Double, mass m: Double) -> (Double, Double)? {
        guard k > 0, m > 0 else { return nil }
        return (2 * Double.pi * (m / k).squareRoot(), c / (2 * (k * m).squareRoot()))
    }
}
