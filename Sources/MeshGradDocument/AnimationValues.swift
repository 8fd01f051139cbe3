import MeshGradCore

/// The document's `animation` object:
/// `{"loop": S, "waves": [...], "drift": {...}, "keyframes": [...]}`, all
/// optional. Decoded with the same key-path errors as the rest.
struct AnimationValue: Decodable {
    var animation: MeshAnimation

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.animation, context: "animation")
        var animation = MeshAnimation()
        animation.loop = try container.decodeIfPresent(Double.self, forKey: JSONKey("loop"))
        animation.waves = try container.decodeIfPresent([WavesValue].self, forKey: JSONKey("waves"))?.map(\.waves) ?? []
        animation.drift = try container.decodeIfPresent(DriftValue.self, forKey: JSONKey("drift"))?.drift
        animation.keyframes =
            try container.decodeIfPresent([KeyframeValue].self, forKey: JSONKey("keyframes"))?.map(\.keyframe) ?? []
        self.animation = animation
    }
}

/// `{"vertex": 5, "x": {"amplitude": 0.1, "frequency": 0.8, "phase": 0}, "y": {...}}`
struct WavesValue: Decodable {
    var waves: VertexWaves

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.wave, context: "a wave")
        guard container.contains(JSONKey("vertex")) else {
            throw DocumentError(
                keyPath: container.path("vertex"), message: "missing; expected the row-major vertex index")
        }
        let vertex = try container.decodeInteger(
            "vertex", in: 0...Double(DocumentLimits.vertices), expected: "the row-major vertex index, an integer ≥ 0")!
        let x = try container.decodeIfPresent(WaveValue.self, forKey: JSONKey("x"))?.wave
        let y = try container.decodeIfPresent(WaveValue.self, forKey: JSONKey("y"))?.wave
        guard x != nil || y != nil else {
            throw DocumentError(keyPath: container.path(""), message: "moves nothing; expected \"x\" or \"y\"")
        }
        waves = VertexWaves(vertex: vertex, x: x, y: y)
    }
}

/// `{"base": B, "amplitude": A, "frequency": F, "phase": P}`: B + A·cos(F·t + P),
/// B defaulting to the vertex's own coordinate.
struct WaveValue: Decodable {
    var wave: Wave

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.waveAxis, context: "a wave")
        for key in ["amplitude", "frequency"] where !container.contains(JSONKey(key)) {
            throw DocumentError(keyPath: container.path(key), message: "missing; expected a number")
        }
        wave = Wave(
            base: try container.decodeIfPresent(Double.self, forKey: JSONKey("base")),
            amplitude: try container.decode(Double.self, forKey: JSONKey("amplitude")),
            frequency: try container.decode(Double.self, forKey: JSONKey("frequency")),
            phase: try container.decodeIfPresent(Double.self, forKey: JSONKey("phase")) ?? 0)
    }
}

/// `{"seed": 7, "amplitude": 0.6, "speed": 0.5}`
struct DriftValue: Decodable {
    var drift: Drift

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.drift, context: "drift")
        // Seeds up to 2^53, the integers a JSON number holds exactly.
        let seed =
            try container.decodeInteger("seed", in: 0...Double(1 << 53), expected: "an integer in 0…2^53")
            .map { UInt64($0) } ?? 1
        drift = Drift(
            seed: seed, amplitude: try container.decodeIfPresent(Double.self, forKey: JSONKey("amplitude")) ?? 0.5,
            speed: try container.decodeIfPresent(Double.self, forKey: JSONKey("speed")) ?? 0.5)
    }
}

/// `{"duration": 2, "easing": "easeInOut", "points": [...], "colors": [...], "background": ...}`
struct KeyframeValue: Decodable {
    var keyframe: Keyframe

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(
            allowed: DocumentKeys.keyframe, context: "a keyframe")
        guard container.contains(JSONKey("duration")) else {
            throw DocumentError(keyPath: container.path("duration"), message: "missing; expected seconds > 0")
        }
        keyframe = Keyframe(
            duration: try container.decode(Double.self, forKey: JSONKey("duration")),
            easing: try container.decodeIfPresent(EasingValue.self, forKey: JSONKey("easing"))?.easing ?? .easeInOut,
            positions: try container.decodeIfPresent([PointValue].self, forKey: JSONKey("points"))?.map(\.point),
            colors: try container.decodeIfPresent([ColorValue].self, forKey: JSONKey("colors"))?.map(\.color),
            background: try container.decodeIfPresent(ColorValue.self, forKey: JSONKey("background"))?.color)
    }
}

/// `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"` or
/// `{"spring": {"response": 0.6, "dampingFraction": 0.8}}`.
struct EasingValue: Decodable {
    var easing: Easing

    static let expected =
        #"expected "linear", "easeIn", "easeOut", "easeInOut" or {"spring": {"response": R, "dampingFraction": D}}"#

    init(from decoder: any Decoder) throws {
        // Formatted only for an error: every point and color passes here.
        let codingPath = decoder.codingPath
        var path: String { formatCodingPath(codingPath) }
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            let names: [String: Easing] = [
                "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
            ]
            guard let easing = names[name] else {
                throw DocumentError(
                    keyPath: path, message: "\(SafeText.quoted(name)) is not an easing; \(Self.expected)")
            }
            self.easing = easing
            return
        }
        let container: KeyedDecodingContainer<JSONKey>
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch {
            throw DocumentError(keyPath: path, message: "\(describeFound(error)); \(Self.expected)")
        }
        try container.rejectUnknownKeys(allowed: DocumentKeys.easing, context: "an easing")
        guard container.contains(JSONKey("spring")) else {
            throw DocumentError(keyPath: path, message: Self.expected)
        }
        let spring = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("spring"))
        try spring.rejectUnknownKeys(allowed: DocumentKeys.spring, context: "a spring")
        easing = .spring(
            response: try spring.decodeIfPresent(Double.self, forKey: JSONKey("response")) ?? 0.55,
            dampingFraction: try spring.decodeIfPresent(Double.self, forKey: JSONKey("dampingFraction")) ?? 0.825)
    }
}
