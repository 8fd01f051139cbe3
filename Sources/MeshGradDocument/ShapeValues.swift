import MeshGradCore

/// A layer's `"shape"`: `"rectangle"`, `"capsule"`, `"circle"` or
/// `{"roundedRectangle": {"cornerRadius": 12}}` (points).
struct ShapeValue: Decodable {
    var shape: LayerShape

    static let expected =
        #"expected "rectangle", "capsule", "circle" or {"roundedRectangle": {"cornerRadius": R}}"#

    init(from decoder: any Decoder) throws {
        let path = formatCodingPath(decoder.codingPath)
        if let container = try? decoder.container(keyedBy: JSONKey.self) {
            try container.rejectUnknownKeys(allowed: DocumentKeys.shape, context: "a shape")
            guard container.contains(JSONKey("roundedRectangle")) else {
                throw DocumentError(keyPath: path, message: Self.expected)
            }
            let rounded = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("roundedRectangle"))
            try rounded.rejectUnknownKeys(allowed: DocumentKeys.roundedRectangle, context: "a rounded rectangle")
            let radius = try rounded.decode(Double.self, forKey: JSONKey("cornerRadius"))
            guard radius >= 0 else {
                throw DocumentError(
                    keyPath: rounded.path("cornerRadius"), message: "\(radius) is not allowed; expected points ≥ 0")
            }
            shape = .roundedRectangle(cornerRadius: radius)
            return
        }
        guard let name = try? String(from: decoder) else { throw DocumentError(keyPath: path, message: Self.expected) }
        switch name {
        case "rectangle": shape = .roundedRectangle(cornerRadius: 0)
        case "capsule": shape = .capsule
        case "circle": shape = .circle
        default:
            throw DocumentError(
                keyPath: path, message: "\(SafeText.quoted(name)) is not a shape; \(Self.expected)")
        }
    }

    /// The JSON the writer saves `shape` as.
    static func text(_ shape: LayerShape) -> String {
        switch shape {
        case .roundedRectangle(let radius) where radius == 0: "\"rectangle\""
        case .roundedRectangle(let radius): "{\"roundedRectangle\": {\"cornerRadius\": \(formatNumber(radius))}}"
        case .capsule: "\"capsule\""
        case .circle: "\"circle\""
        }
    }
}

/// A layer's `"stroke"`: `{"color": "#ffffff80", "width": 1}` (points,
/// default 1).
struct StrokeValue: Decodable {
    var stroke: Stroke

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try container.rejectUnknownKeys(allowed: DocumentKeys.stroke, context: "a stroke")
        let width = try container.decodeIfPresent(Double.self, forKey: JSONKey("width")) ?? 1
        guard width >= 0 else {
            throw DocumentError(
                keyPath: container.path("width"), message: "\(width) is not allowed; expected points ≥ 0")
        }
        stroke = Stroke(color: try container.decode(ColorValue.self, forKey: JSONKey("color")).color, width: width)
    }

    static func text(_ stroke: Stroke) -> String {
        "{\"color\": \(formatColor(stroke.color)), \"width\": \(formatNumber(stroke.width))}"
    }
}

extension Checker {
    /// A shape's corner radius and a stroke's width, in points.
    mutating func shape(_ layer: Layer, path: String) {
        if case .roundedRectangle(let radius) = layer.shape {
            number(
                radius, path + ".shape.roundedRectangle.cornerRadius", in: 0...DocumentLimits.shapeLength,
                unit: "points")
        }
        if let stroke = layer.stroke {
            number(stroke.width, path + ".stroke.width", in: 0...DocumentLimits.strokeWidth, unit: "points")
        }
    }

    /// A stroke's width once scaled to the canvas: the layer's box grows
    /// by half of it.
    mutating func strokePixels(_ layer: Layer, scale: Double, path: String, _ width: Int, _ height: Int) {
        guard let stroke = layer.stroke else { return }
        pixels(stroke.width * scale, path + ".stroke.width", limit: DocumentLimits.strokePixels, width, height)
    }
}
