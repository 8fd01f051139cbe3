extension SwiftEvaluator {
    /// The points returned by a function such as the tutorials'
    /// `animatedPositions(for:)`: a copy of an array, coordinates assigned
    /// (`p[5].x = 0.33 + 0.1 * Float(cos(phase * 0.8))`), returned. Each
    /// statement must be one of those (or a `let` of the time); anything
    /// else is reported, not skipped.
    func motionFunction(
        _ name: String, _ arguments: [SwiftArgument], at node: SwiftNode
    ) throws(SwiftImportError)
        -> VertexList
    {
        try calling(name, arguments, at: node) { (body: Int) throws(SwiftImportError) -> VertexList in
            try motionBody(name, body, at: node)
        }
    }

    private func motionBody(_ name: String, _ body: Int, at node: SwiftNode) throws(SwiftImportError) -> VertexList {
        var parser = SwiftParser(source: source, index: body + 1, depth: depth + 1)
        var locals: [String: VertexList] = [:]
        while true {
            let start = parser.current
            if start.isSymbol("}") || parser.atEnd {
                throw error("expected “return” with the points at the end of \(name)(…)", at: node)
            }
            if start.isSymbol(";") {
                parser.index += 1
            } else if start.isIdentifier("let") || start.isIdentifier("var") {
                try declaration(&parser, into: &locals)
            } else if start.isIdentifier("return") {
                parser.index += 1
                let value = try parser.expression()
                if case .path(let names) = value.expression, names.count == 1, let list = locals[names[0]] {
                    return list
                }
                return try vertexList(value)
            } else if start.kind == .identifier, locals[start.text] != nil, parser.peek(1).isSymbol("[") {
                try assignment(&parser, into: &locals)
            } else {
                throw source.error(
                    "expected a let, an assignment such as \(locals.keys.first ?? "points")[i].x = a + b * cos(phase * f), or return; found \(describe(start))",
                    at: start)
            }
        }
    }

    /// `let phase = CGFloat(date.timeIntervalSince1970)` (the time, read
    /// where it is used) or `var p = initialPositions` (the points).
    private func declaration(
        _ parser: inout SwiftParser, into locals: inout [String: VertexList]
    )
        throws(SwiftImportError)
    {
        let name = parser.peek(1)
        guard name.kind == .identifier else { throw source.error("expected a name", at: name) }
        parser.index += 2
        if parser.current.isSymbol(":") {
            while !parser.atEnd, !parser.current.isSymbol("="), parser.current.line == name.line { parser.index += 1 }
        }
        try parser.expect("=", "“=” and a value for \(name.text)")
        let value = try parser.expression()
        if let list = try? vertexList(value) {
            locals[name.text] = list
        } else {
            _ = try term(value)  // the time, or another number: must read
        }
    }

    /// `p[i].x = …`, `p[i].y = …` or `p[i] = point`.
    private func assignment(
        _ parser: inout SwiftParser, into locals: inout [String: VertexList]
    )
        throws(SwiftImportError)
    {
        let target = parser.current
        parser.index += 1
        try parser.expect("[", "“[index]” after \(target.text)")
        let indexNode = try parser.expression()
        let vertex = try integer(indexNode, "the point's index")
        try parser.expect("]", "“]”")
        guard let count = locals[target.text]?.count, (0..<count).contains(vertex) else {
            throw error("expected an index from 0 to \((locals[target.text]?.count ?? 1) - 1)", at: indexNode)
        }
        var axis: String?
        if parser.current.isSymbol(".") {
            let member = parser.peek(1)
            guard member.isIdentifier("x") || member.isIdentifier("y") else {
                throw source.error("expected .x or .y", at: member)
            }
            axis = member.text
            parser.index += 2
        }
        try parser.expect("=", "“=”")
        let valueNode = try parser.expression()
        let value: (Term, Term)
        if axis == nil {
            value = try point(valueNode)
        } else {
            let t = try term(valueNode)
            guard t.time == 0 else {
                throw error("expected a constant plus a cosine of time; time itself grows without bound", at: valueNode)
            }
            value = (t, t)
        }
        locals[target.text]!.assign(vertex, axis: axis, value)
    }

    /// The points of a `locations:`/`points:` argument: an array of points
    /// (literal or by name) or a call to a function returning them.
    func vertexList(_ node: SwiftNode) throws(SwiftImportError) -> VertexList {
        if case .call(let callee, _, let arguments) = node.expression, source.functions[callee] != nil,
            !["SIMD2", "Color"].contains(callee)
        {
            return try motionFunction(callee, arguments, at: node)
        }
        let elements = try array(node, of: "points")
        var points: [(Term, Term)] = []
        for element in elements {
            let p = try point(element)
            for c in [p.0, p.1] where c.time != 0 {
                throw error("expected a constant plus a cosine of time; time itself grows without bound", at: element)
            }
            points.append(p)
        }
        return VertexList(points)
    }
}
