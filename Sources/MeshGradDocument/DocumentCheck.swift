import MeshGradCore

/// The validation layer between decoding and the model: every number a
/// decoded document holds is checked for finiteness and range
/// (``DocumentLimits``), and, at render time, what the numbers become once
/// combined with a time and a canvas (positions moved by waves and drift,
/// frames, text sizes and shadows scaled to pixels). A value that would
/// become infinite, NaN or too large for the renderers is refused with its
/// key path, before anything is drawn or allocated.
public enum DocumentCheck {
    /// The checks that need no time or canvas (run by
    /// ``GradientDocument/decode(_:folder:)``).
    public static func check(_ document: GradientDocument) throws(DocumentError) {
        var checker = Checker()
        checker.number(document.poster, "poster", limit: DocumentLimits.time, unit: "seconds")
        switch document.content {
        case .mesh(let mesh): checker.mesh(mesh.mesh, mesh.animation, path: "")
        case .scene(let scene): checker.scene(scene)
        }
        checker.vertexTotal(document.meshes)
        if let failure = checker.failure { throw failure }
    }

    /// The checks of `document` drawn at `time` on a `width × height`
    /// canvas: the time itself, every mesh position after its motion, every
    /// layer frame after its keyframes, text sizes and shadows in pixels.
    public static func check(
        _ document: GradientDocument, time: Double, width: Int, height: Int
    ) throws(DocumentError) {
        guard time.isFinite, abs(time) <= DocumentLimits.time else {
            throw DocumentError(
                keyPath: "time",
                message: "\(SafeText.number(time)) is out of range; expected seconds in "
                    + "±\(format(DocumentLimits.time))")
        }
        var checker = Checker()
        switch document.content {
        case .mesh(let mesh): checker.moved(mesh, time: time, path: "")
        case .scene(let scene): checker.scene(scene, time: time, width: width, height: height)
        }
        if let failure = checker.failure { throw failure }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}

/// Walks a document's model, naming each value by its key path; the first
/// problem is kept in ``failure``.
struct Checker {
    var failure: DocumentError?

    mutating func fail(_ path: String, _ message: String) {
        if failure == nil { failure = DocumentError(keyPath: path, message: message) }
    }

    func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : key.hasPrefix("[") ? path + key : path + "." + key
    }

    /// A finite number with `|value| ≤ limit`.
    mutating func number(_ value: Double, _ path: String, limit: Double, unit: String) {
        guard !(value.isFinite && abs(value) <= limit) else { return }
        let shown = SafeText.number(value)
        fail(path, "\(shown) is out of range; expected \(unit) in ±\(DocumentCheck.format(limit))")
    }

    /// A finite number in `range`.
    mutating func number(_ value: Double, _ path: String, in range: ClosedRange<Double>, unit: String) {
        guard !(value.isFinite && range.contains(value)) else { return }
        let shown = SafeText.number(value)
        fail(
            path,
            "\(shown) is out of range; expected \(unit) in "
                + "\(DocumentCheck.format(range.lowerBound))…\(DocumentCheck.format(range.upperBound))")
    }

    mutating func point(_ p: SIMD2<Double>, _ path: String, limit: Double = DocumentLimits.coordinate) {
        number(p.x, path + "[0]", limit: limit, unit: "a coordinate")
        number(p.y, path + "[1]", limit: limit, unit: "a coordinate")
    }

    mutating func count(_ n: Int, _ path: String, limit: Int, what: String) {
        if n > limit { fail(path, "has \(n) \(what); expected at most \(limit)") }
    }

    // MARK: Meshes

    mutating func mesh(_ mesh: MeshGradient, _ animation: MeshAnimation?, path: String) {
        locations(mesh.locations, path: path)
        if let animation { self.animation(animation, path: join(path, "animation")) }
    }

    mutating func locations(_ locations: MeshGradient.Locations, path: String) {
        switch locations {
        case .points(let points):
            for (i, p) in points.enumerated() { point(p, join(path, "points") + "[\(i)]") }
        case .bezierPoints(let points):
            for (i, p) in points.enumerated() {
                let base = join(path, "bezierPoints") + "[\(i)]"
                point(p.position, base + ".position")
                point(p.leading, base + ".leading")
                point(p.top, base + ".top")
                point(p.trailing, base + ".trailing")
                point(p.bottom, base + ".bottom")
            }
        }
    }

    mutating func animation(_ animation: MeshAnimation, path: String) {
        if let loop = animation.loop {
            number(loop, join(path, "loop"), limit: DocumentLimits.time, unit: "seconds")
        }
        count(animation.waves.count, join(path, "waves"), limit: DocumentLimits.keyframes, what: "waves")
        for (i, w) in animation.waves.enumerated() {
            for (axis, wave) in [("x", w.x), ("y", w.y)] {
                guard let wave else { continue }
                let base = join(path, "waves") + "[\(i)].\(axis)"
                if let b = wave.base {
                    number(b, base + ".base", limit: DocumentLimits.coordinate, unit: "a coordinate")
                }
                number(wave.amplitude, base + ".amplitude", limit: DocumentLimits.amplitude, unit: "an amplitude")
                number(
                    wave.frequency, base + ".frequency", limit: DocumentLimits.frequency,
                    unit: "radians per second")
                number(wave.phase, base + ".phase", limit: DocumentLimits.phase, unit: "radians")
            }
        }
        if let drift = animation.drift {
            number(drift.speed, join(path, "drift.speed"), limit: DocumentLimits.frequency, unit: "radians per second")
        }
        keyframes(animation.keyframes, path: join(path, "keyframes"))
    }

    mutating func keyframes(_ keyframes: [Keyframe], path: String) {
        count(keyframes.count, path, limit: DocumentLimits.keyframes, what: "keyframes")
        var total = 0.0
        for (i, k) in keyframes.enumerated() {
            let base = path + "[\(i)]"
            number(k.duration, base + ".duration", limit: DocumentLimits.time, unit: "seconds")
            easing(k.easing, base + ".easing")
            for (j, p) in (k.positions ?? []).enumerated() { point(p, base + ".points[\(j)]") }
            total += k.duration
        }
        if total > DocumentLimits.time {
            fail(
                path,
                "last \(DocumentCheck.format(total)) s; expected at most \(DocumentCheck.format(DocumentLimits.time)) s in all"
            )
        }
    }

    mutating func easing(_ easing: Easing, _ path: String) {
        guard case .spring(let response, let damping) = easing else { return }
        number(response, path + ".spring.response", limit: DocumentLimits.spring, unit: "seconds")
        number(damping, path + ".spring.dampingFraction", limit: DocumentLimits.spring, unit: "a fraction")
    }

    mutating func vertexTotal(_ meshes: [MeshGradient]) {
        let total = meshes.reduce(0) { $0 + $1.width * $1.height }
        if total > DocumentLimits.vertices {
            fail("", "has \(total) mesh vertices in all; expected at most \(DocumentLimits.vertices)")
        }
    }

    // MARK: Scenes

    mutating func scene(_ scene: Scene) {
        number(scene.points.x, "points[0]", in: DocumentLimits.points, unit: "points")
        number(scene.points.y, "points[1]", in: DocumentLimits.points, unit: "points")
        fill(scene.background, path: "background")
        count(scene.layers.count, "layers", limit: DocumentLimits.layers, what: "layers")
        for (i, layer) in scene.layers.enumerated() {
            self.layer(layer, path: "layers[\(i)]")
            // A shadow is drawn over the canvas it reaches: a blur wider
            // than the scene or an offset of several scenes is no shadow
            // on it, and would only cost memory.
            if let shadow = layer.shadow {
                let side = max(scene.points.x, scene.points.y)
                number(shadow.radius, "layers[\(i)].shadow.radius", in: 0...side, unit: "points (the scene's size)")
                point(shadow.offset, "layers[\(i)].shadow.offset", limit: 2 * side)
            }
        }
    }

    mutating func fill(_ fill: Fill, path: String) {
        switch fill {
        case .solid: break
        case .linearGradient(let gradient):
            point(gradient.start, path + ".linearGradient.start")
            point(gradient.end, path + ".linearGradient.end")
        case .mesh(let mesh, let animation): self.mesh(mesh, animation, path: path + ".mesh")
        case .image: break  // its size was checked as it was read
        }
    }

    mutating func rect(_ rect: UnitRect, _ path: String) {
        let limit = DocumentLimits.frame
        number(rect.x, path + "[0]", limit: limit, unit: "canvas widths")
        number(rect.y, path + "[1]", limit: limit, unit: "canvas heights")
        number(rect.width, path + "[2]", in: 0...limit, unit: "canvas widths")
        number(rect.height, path + "[3]", in: 0...limit, unit: "canvas heights")
    }

    mutating func layer(_ layer: Layer, path: String) {
        rect(layer.frame, path + ".frame")
        fill(layer.fill, path: path + ".fill")
        if let loop = layer.loop { number(loop, path + ".loop", limit: DocumentLimits.time, unit: "seconds") }
        if let shadow = layer.shadow {
            number(shadow.radius, path + ".shadow.radius", in: 0...DocumentLimits.shadowRadius, unit: "points")
            point(shadow.offset, path + ".shadow.offset", limit: DocumentLimits.shadowOffset)
        }
        if let text = layer.text { self.text(text, path: path + ".text") }
        shape(layer, path: path)
        motion(layer, path: path)
        count(layer.keyframes.count, path + ".keyframes", limit: DocumentLimits.keyframes, what: "keyframes")
        var total = 0.0
        for (k, keyframe) in layer.keyframes.enumerated() {
            let base = path + ".keyframes[\(k)]"
            number(keyframe.duration, base + ".duration", limit: DocumentLimits.time, unit: "seconds")
            easing(keyframe.easing, base + ".easing")
            if let frame = keyframe.frame { rect(frame, base + ".frame") }
            motion(keyframe, path: base)
            total += keyframe.span
        }
        if total > DocumentLimits.time {
            fail(
                path + ".keyframes",
                "last \(DocumentCheck.format(total)) s; expected at most \(DocumentCheck.format(DocumentLimits.time)) s in all"
            )
        }
    }

    mutating func text(_ text: TextMask, path: String) {
        number(text.size, path + ".size", in: 0...DocumentLimits.textSize, unit: "points")
        number(text.lineSpacing, path + ".lineSpacing", limit: DocumentLimits.textSize, unit: "points")
        number(text.widthFactor, path + ".width", in: DocumentLimits.widthFactor, unit: "a factor")
        if text.text.count > DocumentLimits.textLength {
            fail(path + ".string", "has \(text.text.count) characters; expected at most \(DocumentLimits.textLength)")
        }
        if let font = text.fontPath, font.utf8.count > DocumentLimits.fontPath {
            fail(
                path + ".font",
                "is \(font.utf8.count) bytes long; expected a path of at most \(DocumentLimits.fontPath)")
        }
    }

    // MARK: At a time, on a canvas

    /// The mesh after its motion at `time`: every position finite and in
    /// range (waves and drift add to what the document says).
    mutating func moved(_ mesh: AnimatedMesh, time: Double, path: String) {
        guard mesh.animation != nil else { return }
        let moved = mesh.mesh(at: time)
        let limit = 4 * DocumentLimits.coordinate
        let bad = moved.locations.positions.firstIndex {
            !($0.x.isFinite && $0.y.isFinite && abs($0.x) <= limit && abs($0.y) <= limit)
        }
        if let bad {
            fail(
                join(path, "animation"),
                "moves vertex \(bad) to \(SafeText.value("\(moved.locations.positions[bad])")) at \(time) s; "
                    + "expected positions in ±\(DocumentCheck.format(limit))")
        }
    }

    mutating func scene(_ scene: Scene, time: Double, width: Int, height: Int) {
        let scale = scene.pixelsPerPoint(width: width, height: height)
        if case .mesh(let mesh, let animation) = scene.background {
            moved(AnimatedMesh(mesh, animation: animation), time: time, path: "background.mesh")
        }
        for (i, layer) in scene.layers.enumerated() {
            let path = "layers[\(i)]"
            let state = layer.state(at: time)
            rect(state.frame, path + ".frame")
            if !state.opacity.isFinite { fail(path + ".opacity", "is not finite at \(time) s") }
            moved(state, scene: scene, time: time, path: path)
            let layerScale = state.pixelsPerPoint(canvas: scale)
            if case .mesh(let mesh, let animation) = layer.fill {
                moved(AnimatedMesh(mesh, animation: animation), time: time, path: path + ".fill.mesh")
            }
            if let text = layer.text {
                pixels(text.size * layerScale, path + ".text.size", limit: DocumentLimits.textPixels, width, height)
                pixels(
                    text.size * text.widthFactor * layerScale, path + ".text.width", limit: DocumentLimits.textPixels,
                    width, height)
            }
            strokePixels(layer, scale: layerScale, path: path, width, height)
            if let material = layer.material {
                pixels(
                    material.blurSigma * layerScale, path + ".fill.material", limit: DocumentLimits.materialPixels,
                    width, height)
            }
            if let shadow = layer.shadow {
                pixels(
                    shadow.radius * layerScale, path + ".shadow.radius", limit: DocumentLimits.shadowPixels, width,
                    height)
            }
        }
    }

    mutating func pixels(_ value: Double, _ path: String, limit: Double, _ width: Int, _ height: Int) {
        guard !(value.isFinite && value <= limit) else { return }
        fail(
            path,
            "is \(SafeText.value(DocumentCheck.format(value.rounded()))) pixels on a \(width)×\(height) canvas; "
                + "expected at most \(DocumentCheck.format(limit)) (render smaller, or make it smaller)")
    }
}
