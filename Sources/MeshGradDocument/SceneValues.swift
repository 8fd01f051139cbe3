import MeshGradCore

/// A scene document's keys:
/// `{"size": [...], "points": [w, h], "background": FILL, "layers": [LAYER, ...]}`.
struct SceneValue {
    var scene: Scene

    init(_ container: KeyedDecodingContainer<JSONKey>) throws {
        var points = SIMD2<Double>(1000, 1000)
        if container.contains(JSONKey("points")) {
            let pair = try container.decode(PointValue.self, forKey: JSONKey("points")).point
            guard pair.x > 0, pair.y > 0 else {
                throw DocumentError(
                    keyPath: container.path("points"), message: "expected [width, height] in points, both > 0")
            }
            points = pair
        }
        let background =
            try container.decodeIfPresent(FillValue.self, forKey: JSONKey("background"))?.fill ?? .solid(.clear)
        let layers = try container.decode([LayerValue].self, forKey: JSONKey("layers")).map(\.layer)
        scene = Scene(background: background, layers: layers, points: points)
        if container.contains(JSONKey("layout")) {
            let layout = SceneLayout(root: try container.decode(LayoutNodeValue.self, forKey: JSONKey("layout")).node)
            scene = try Self.laidOut(scene, layout, path: container.path("layout"))
        }
    }
}

/// `"#RRGGBB"` or `[r, g, b, a]` (a solid color), `{"linearGradient": {...}}`,
/// `{"mesh": {...}}` or `{"image": "photo.jpg", "contentMode": "fill"}`.
struct FillValue: Decodable {
    var fill: Fill

    static let expected =
        #"expected a color, {"gradient": COLOR}, {"linearGradient": {...}}, {"mesh": {...}} or {"image": PATH}"#

    init(from decoder: any Decoder) throws {
        // Formatted only for an error: every point and color passes here.
        let codingPath = decoder.codingPath
        var path: String { formatCodingPath(codingPath) }
        if let container = try? decoder.container(keyedBy: JSONKey.self) {
            if container.contains(JSONKey("image")) {
                try container.rejectUnknownKeys(allowed: DocumentKeys.imageFill, context: "an image fill")
                fill = .image(try ImageFillValue(container, folder: decoder.userInfo[.documentFolder] as? String).image)
                return
            }
            try container.rejectUnknownKeys(allowed: DocumentKeys.fill, context: "a fill")
            if container.contains(JSONKey("gradient")) {
                let color = try container.decode(ColorValue.self, forKey: JSONKey("gradient")).color
                fill = .linearGradient(LinearGradient.colorGradient(color))
                return
            }
            if container.contains(JSONKey("linearGradient")) {
                fill = .linearGradient(
                    try container.decode(LinearGradientValue.self, forKey: JSONKey("linearGradient")).gradient)
                return
            }
            if container.contains(JSONKey("mesh")) {
                let mesh = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("mesh"))
                try mesh.rejectUnknownKeys(
                    allowed: DocumentKeys.mesh, context: "a mesh fill")
                let value = try MeshValue(mesh)
                fill = .mesh(value.mesh, value.animation)
                return
            }
            throw DocumentError(keyPath: path, message: Self.expected)
        }
        do {
            fill = .solid(try ColorValue(from: decoder).color)
        } catch let error as DocumentError {
            throw DocumentError(
                keyPath: error.keyPath,
                message: error.message.replacingOccurrences(of: ColorValue.expected, with: Self.expected))
        }
    }
}

/// `{"colors": [...]}` or `{"stops": [{"location": 0, "color": ...}, ...]}`,
/// with optional `"start"`, `"end"` (unit points of the frame) and
/// `"colorSpace"`.
struct LinearGradientValue: Decodable {
    var gradient: LinearGradient

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(
            allowed: DocumentKeys.linearGradient, context: "a linear gradient")
        var stops: [GradientStop]
        if container.contains(JSONKey("stops")) {
            stops = try container.decode([StopValue].self, forKey: JSONKey("stops")).map(\.stop)
        } else if container.contains(JSONKey("colors")) {
            let colors = try container.decode([ColorValue].self, forKey: JSONKey("colors")).map(\.color)
            stops = LinearGradient(colors: colors).stops
        } else {
            throw DocumentError(keyPath: container.path("colors"), message: "missing; expected colors or stops")
        }
        guard (2...LinearGradient.maximumStops).contains(stops.count) else {
            throw DocumentError(
                keyPath: container.path(""),
                message: "has \(stops.count) stops; expected 2…\(LinearGradient.maximumStops)")
        }
        let space = try container.decodeColorSpace()
        gradient = LinearGradient(
            stops: stops,
            start: try container.decodeIfPresent(PointValue.self, forKey: JSONKey("start"))?.point ?? SIMD2(0.5, 0),
            end: try container.decodeIfPresent(PointValue.self, forKey: JSONKey("end"))?.point ?? SIMD2(0.5, 1),
            colorSpace: space)
    }
}

struct StopValue: Decodable {
    var stop: GradientStop

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.gradientStop, context: "a gradient stop")
        let location = try container.decode(Double.self, forKey: JSONKey("location"))
        guard (0...1).contains(location) else {
            throw DocumentError(
                keyPath: container.path("location"), message: "\(location) is out of range; expected 0…1")
        }
        stop = GradientStop(
            location: location, color: try container.decode(ColorValue.self, forKey: JSONKey("color")).color)
    }
}

/// `[x, y, width, height]` in unit coordinates of the canvas.
struct RectValue: Decodable {
    var rect: UnitRect

    init(from decoder: any Decoder) throws {
        // Formatted only for an error: every point and color passes here.
        let codingPath = decoder.codingPath
        var path: String { formatCodingPath(codingPath) }
        let numbers = try [Double](from: decoder)
        guard numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 else {
            throw DocumentError(keyPath: path, message: "expected [x, y, width, height] with width and height ≥ 0")
        }
        rect = UnitRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// One layer: `{"frame": [x, y, w, h], "fill": FILL, "opacity": 1,
/// "shadow": {...}, "text": {...}, "keyframes": [...], "loop": S,
/// "shape": SHAPE, "stroke": {...}}` (`fill` may be left out when there is
/// a stroke).
struct LayerValue: Decodable {
    var layer: Layer

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(
            allowed: DocumentKeys.layer, context: "a layer")
        // A stroked outline needs no fill.
        let stroke = try container.decodeIfPresent(StrokeValue.self, forKey: JSONKey("stroke"))?.stroke
        guard container.contains(JSONKey("fill")) || stroke != nil else {
            throw DocumentError(keyPath: container.path("fill"), message: "missing; \(FillValue.expected)")
        }
        let material = try MaterialValue.material(container)
        let opacity = try container.decodeIfPresent(Double.self, forKey: JSONKey("opacity")) ?? 1
        guard (0...1).contains(opacity) else {
            throw DocumentError(keyPath: container.path("opacity"), message: "\(opacity) is out of range; expected 0…1")
        }
        let loop = try container.decodeIfPresent(Double.self, forKey: JSONKey("loop"))
        if let loop, !(loop > 0) {
            throw DocumentError(
                keyPath: container.path("loop"), message: "\(loop) is not allowed; expected seconds > 0")
        }
        layer = Layer(
            frame: try container.decodeIfPresent(RectValue.self, forKey: JSONKey("frame"))?.rect ?? .full,
            fill: material == nil
                ? try container.decodeIfPresent(FillValue.self, forKey: JSONKey("fill"))?.fill ?? .solid(.clear)
                : .solid(.clear),
            opacity: opacity,
            shadow: try container.decodeIfPresent(ShadowValue.self, forKey: JSONKey("shadow"))?.shadow,
            text: try IconValue.text(container),
            keyframes: try container.decodeIfPresent([LayerKeyframeValue].self, forKey: JSONKey("keyframes"))?.map(
                \.keyframe) ?? [],
            loop: loop,
            shape: try container.decodeIfPresent(ShapeValue.self, forKey: JSONKey("shape"))?.shape,
            stroke: stroke,
            offset: try container.decodeIfPresent(PointValue.self, forKey: JSONKey("offset"))?.point ?? .zero,
            scale: try container.decodeScale() ?? 1)
        layer.material = material
        layer.name = try container.decodeIfPresent(String.self, forKey: JSONKey("name"))
        if let name = layer.name, name.count > 200 {
            throw DocumentError(
                keyPath: container.path("name"), message: "is \(name.count) characters long; expected at most 200")
        }
        layer.locked = try container.decodeIfPresent(Bool.self, forKey: JSONKey("locked")) ?? false
    }
}

/// `{"color": "#0000001a", "radius": 5, "offset": [0, 2]}` (points).
struct ShadowValue: Decodable {
    var shadow: Shadow

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.shadow, context: "a shadow")
        let radius = try container.decodeIfPresent(Double.self, forKey: JSONKey("radius")) ?? 5
        guard radius >= 0 else {
            throw DocumentError(
                keyPath: container.path("radius"), message: "\(radius) is not allowed; expected points ≥ 0")
        }
        shadow = Shadow(
            color: try container.decodeIfPresent(ColorValue.self, forKey: JSONKey("color"))?.color
                ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.33),
            radius: radius,
            offset: try container.decodeIfPresent(PointValue.self, forKey: JSONKey("offset"))?.point ?? .zero)
    }
}

/// `{"string": "Happy\nMeshing!", "size": 48, "weight": "heavy",
/// "width": "expanded", "alignment": "center", "lineSpacing": 0, "font": "/path.ttf",
/// "fixedSize": {"horizontal": false, "vertical": true}}`.
struct TextValue: Decodable {
    var text: TextMask

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(
            allowed: DocumentKeys.text,
            context: "a text")
        let string = try container.decode(String.self, forKey: JSONKey("string"))
        guard !string.isEmpty else {
            throw DocumentError(keyPath: container.path("string"), message: "is empty; expected some text")
        }
        let style = try container.decodeTextStyle()
        let size =
            try style.flatMap { style in
                try container.decodeIfPresent(Double.self, forKey: JSONKey("size")) ?? style.size
            }
            ?? container.decode(Double.self, forKey: JSONKey("size"))
        guard size > 0 else {
            throw DocumentError(keyPath: container.path("size"), message: "\(size) is not allowed; expected points > 0")
        }
        let weight = try container.decodeName(
            "weight", default: style?.weight ?? TextMask.Weight.regular, noun: "a weight",
            expected: "regular, bold or heavy")
        var widthFactor = 1.0
        if container.contains(JSONKey("width")) {
            if let name = try? container.decode(String.self, forKey: JSONKey("width")) {
                let names = ["standard": 1.0, "expanded": 1.25, "condensed": 0.85, "compressed": 0.75]
                guard let factor = names[name] else {
                    throw DocumentError(
                        keyPath: container.path("width"),
                        message:
                            "\(SafeText.quoted(name)) is not a width; expected standard, expanded, condensed, compressed or a factor"
                    )
                }
                widthFactor = factor
            } else {
                widthFactor = try container.decode(Double.self, forKey: JSONKey("width"))
                guard widthFactor > 0 else {
                    throw DocumentError(
                        keyPath: container.path("width"),
                        message: "\(widthFactor) is not allowed; expected a factor > 0")
                }
            }
        }
        let alignment = try container.decodeName(
            "alignment", default: TextMask.Alignment.center, noun: "an alignment",
            expected: "leading, center or trailing")
        text = TextMask(
            text: string, size: size, weight: weight, widthFactor: widthFactor, alignment: alignment,
            lineSpacing: try container.decodeIfPresent(Double.self, forKey: JSONKey("lineSpacing")) ?? 0,
            fontPath: try container.decodeIfPresent(String.self, forKey: JSONKey("font")))
        text.style = style
        text.fixedSize = try TextFixedSizeValue.decode(container)
    }
}

/// `{"duration": 4, "easing": "easeInOut", "frame": [...], "opacity": 1,
/// "offset": [0, 0], "scale": 1, "delay": 0.3}`; a spring's `duration`
/// defaults to the time it takes to settle.
struct LayerKeyframeValue: Decodable {
    var keyframe: LayerKeyframe

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(
            allowed: DocumentKeys.layerKeyframe, context: "a layer keyframe"
        )
        let easing = try container.decodeIfPresent(EasingValue.self, forKey: JSONKey("easing"))?.easing ?? .easeInOut
        let duration = try Self.duration(container, easing: easing)
        let delay = try container.decodeIfPresent(Double.self, forKey: JSONKey("delay")) ?? 0
        guard delay >= 0 else {
            throw DocumentError(
                keyPath: container.path("delay"), message: "\(delay) is not allowed; expected seconds ≥ 0")
        }
        keyframe = LayerKeyframe(
            duration: duration, easing: easing,
            frame: try container.decodeIfPresent(RectValue.self, forKey: JSONKey("frame"))?.rect,
            opacity: try container.decodeIfPresent(Double.self, forKey: JSONKey("opacity")),
            offset: try container.decodeIfPresent(PointValue.self, forKey: JSONKey("offset"))?.point,
            scale: try container.decodeScale(), delay: delay)
    }
}

extension LayerKeyframeValue {
    /// The keyframe's `duration`: required for a timing curve; for a
    /// spring, by default the time it takes to settle within 0.1 % of its
    /// target (``springSettlingDuration(response:dampingFraction:epsilon:)``),
    /// so that it ends at rest, as SwiftUI's spring does, rather than cut.
    static func duration(_ container: KeyedDecodingContainer<JSONKey>, easing: Easing) throws -> Double {
        if !container.contains(JSONKey("duration")), case .spring(let response, let damping) = easing,
            response > 0, damping > 0
        {
            let settling = springSettlingDuration(response: response, dampingFraction: damping)
            if settling.isFinite, settling > 0 { return settling }
        }
        let duration = try container.decode(Double.self, forKey: JSONKey("duration"))
        guard duration > 0 else {
            throw DocumentError(
                keyPath: container.path("duration"), message: "\(duration) is not allowed; expected seconds > 0")
        }
        return duration
    }
}

extension KeyedDecodingContainer where Key == JSONKey {
    /// A layer's or keyframe's `"scale"`: a factor ≥ 0.
    func decodeScale() throws -> Double? {
        guard let scale = try decodeIfPresent(Double.self, forKey: JSONKey("scale")) else { return nil }
        guard scale >= 0 else {
            throw DocumentError(keyPath: path("scale"), message: "\(scale) is not allowed; expected a factor ≥ 0")
        }
        return scale
    }
}
