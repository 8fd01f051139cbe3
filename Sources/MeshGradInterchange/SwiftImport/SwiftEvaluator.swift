import Foundation
import MeshGradCore

/// Gives expressions their meaning where the mesh needs one: a number, a
/// point, a color, an array. Names are followed to the file's `let`/`var`
/// declarations (the last one that reads as what is needed, since pasted
/// tutorials repeat snippets).
struct SwiftEvaluator {
    let source: SwiftSource
    let depth: Int

    static let maximumDepth = 24

    func error(_ message: String, at node: SwiftNode) -> SwiftImportError {
        source.error(message, at: node.token)
    }

    /// A call of a function the file does not define, named: the cause of
    /// the refusal is that name, not the value expected where it stands.
    func outsideCall(_ node: SwiftNode, expected what: String) -> SwiftImportError? {
        guard case .call(let callee, nil, let arguments) = node.expression, !callee.hasPrefix("."),
            source.functions[callee] == nil, callee.first?.isLowercase ?? false
        else { return nil }
        let shown = callee + (arguments.isEmpty ? "()" : "(…)")
        return error("“\(shown)” is defined outside this file; expected \(what) written in it", at: node)
    }

    /// A number, possibly moving with time.
    func term(_ node: SwiftNode) throws(SwiftImportError) -> Term {
        switch node.expression {
        case .term(let t):
            return t
        case .path(let names):
            if let last = names.last, last.hasPrefix("timeIntervalSince") { return .t }
            if let last = names.last, last == "pi", names.count == 2 || names.count == 1 { return .number(.pi) }
            if names.count == 1, let value = try parameterTerm(names[0], at: node) { return value }
            return try resolve(names, at: node, as: "a number") {
                (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.term(n)
            }
        case .member("pi"):
            return .number(.pi)
        case .call(let callee, _, let arguments):
            if ["Float", "Double", "CGFloat", "Float32", "Float64", "TimeInterval"].contains(callee),
                arguments.count == 1, arguments[0].label == nil
            {
                return try term(arguments[0].value)
            }
            if callee == "cos" || callee == "sin", arguments.count == 1 {
                let argument = try term(arguments[0].value)
                guard let result = callee == "cos" ? argument.cos() : argument.sin() else {
                    throw error("expected \(callee) of (a · time + b)", at: arguments[0].value)
                }
                return result
            }
            if source.functions[callee] != nil {
                return try returned(callee, arguments, at: node) {
                    (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.term(n)
                }
            }
            throw error("expected a number, found a call to \(callee)", at: node)
        default:
            throw error("expected a number", at: node)
        }
    }

    /// A constant number.
    func number(_ node: SwiftNode) throws(SwiftImportError) -> Double {
        let value = try term(node)
        guard value.isConstant else {
            throw error("expected a constant number, not one that moves with time", at: node)
        }
        return value.constant
    }

    func integer(_ node: SwiftNode, _ what: String) throws(SwiftImportError) -> Int {
        let value = try number(node)
        guard value.rounded() == value, abs(value) < 1e6 else {
            throw error("expected a whole number for \(what), found \(value)", at: node)
        }
        return Int(value)
    }

    func bool(_ node: SwiftNode) throws(SwiftImportError) -> Bool {
        switch node.expression {
        case .bool(let b): return b
        case .path(let names):
            return try resolve(names, at: node, as: "true or false") {
                (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.bool(n)
            }
        default: throw error("expected true or false", at: node)
        }
    }

    /// The elements of an array literal, or of the array a name holds.
    func array(_ node: SwiftNode, of what: String) throws(SwiftImportError) -> [SwiftNode] {
        switch node.expression {
        case .array(let elements): return elements
        case .call(let callee, nil, let arguments) where source.functions[callee] != nil:
            return try returned(callee, arguments, at: node) {
                (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.array(n, of: what)
            }
        case .path(let names):
            return try resolve(names, at: node, as: "an array of \(what)") {
                (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.array(n, of: what)
            }
        default:
            throw outsideCall(node, expected: "an array of \(what)") ?? error("expected an array of \(what)", at: node)
        }
    }

    /// A position, `SIMD2<Float>(x, y)`, `SIMD2(x, y)`, `.init(x, y)`,
    /// `CGPoint(x:y:)` or `[x, y]`; coordinates may move with time.
    func point(_ node: SwiftNode) throws(SwiftImportError) -> (Term, Term) {
        let expected = "a point: SIMD2<Float>(x, y), .init(x, y) or [x, y]"
        switch node.expression {
        case .array(let elements):
            guard elements.count == 2 else {
                throw error("expected \(expected) (an array of 2 numbers, found \(elements.count))", at: node)
            }
            return (try term(elements[0]), try term(elements[1]))
        case .call(let callee, _, let arguments) where ["SIMD2", ".init", "CGPoint", "UnitPoint"].contains(callee):
            guard arguments.count == 2, arguments.labels == ["_", "_"] || arguments.labels == ["x", "y"] else {
                throw error(
                    "expected \(expected), found arguments (\(arguments.labels.joined(separator: ":, ")):)", at: node)
            }
            return (try term(arguments[0].value), try term(arguments[1].value))
        case .path(let names):
            return try resolve(names, at: node, as: "a point") {
                (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.point(n)
            }
        default:
            throw error("expected \(expected)", at: node)
        }
    }

    func constantPoint(_ node: SwiftNode) throws(SwiftImportError) -> SIMD2<Double> {
        let (x, y) = try point(node)
        guard x.isConstant, y.isConstant else {
            throw error("expected a point that does not move with time", at: node)
        }
        return SIMD2(x.constant, y.constant)
    }

    /// `.init(position:leadingControlPoint:topControlPoint:trailingControlPoint:bottomControlPoint:)`
    /// (or `MeshGradient.BezierPoint(…)`).
    func bezierPoint(_ node: SwiftNode) throws(SwiftImportError) -> BezierPoint {
        let labels = [
            "position", "leadingControlPoint", "topControlPoint", "trailingControlPoint", "bottomControlPoint",
        ]
        switch node.expression {
        case .call(let callee, _, let arguments) where callee == ".init" || callee == "BezierPoint":
            guard Set(arguments.labels) == Set(labels), arguments.count == 5 else {
                throw error("expected a Bézier point with \(labels.map { $0 + ":" }.joined())", at: node)
            }
            var values: [SIMD2<Double>] = []
            for label in labels { values.append(try constantPoint(arguments.value(label)!)) }
            return BezierPoint(
                position: values[0], leading: values[1], top: values[2], trailing: values[3], bottom: values[4])
        case .path(let names):
            return try resolve(names, at: node, as: "a Bézier point") {
                (e: SwiftEvaluator, n: SwiftNode) throws(SwiftImportError) in try e.bezierPoint(n)
            }
        default:
            throw error("expected a Bézier point: .init(position:leadingControlPoint:…)", at: node)
        }
    }

    /// Follows a name to its declarations, innermost visible first
    /// (``SwiftSource/candidates(_:at:)``), and returns the first that reads
    /// as `what`; if none does, the first one's error.
    func resolve<T>(
        _ names: [String], at node: SwiftNode, as what: String,
        _ read: (SwiftEvaluator, SwiftNode) throws(SwiftImportError) -> T
    ) throws(SwiftImportError) -> T {
        let name = names.last!
        let starts = source.candidates(name, at: source.index(of: node.token))
        guard !starts.isEmpty else {
            throw error(
                "“\(names.joined(separator: "."))” is defined outside this file; expected \(what) written in it",
                at: node)
        }
        guard depth < Self.maximumDepth else {
            throw error("expected \(what); “\(name)” refers to itself", at: node)
        }
        var firstError: SwiftImportError?
        for start in starts {
            var parser = SwiftParser(source: source, index: start, depth: depth + 1)
            do {
                let value = try parser.expression()
                return try read(SwiftEvaluator(source: source, depth: depth + 1), value)
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError!
    }
}
