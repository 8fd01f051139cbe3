import MeshGradCore

/// `[x, y]`: a position in the unit square.
struct PointValue: Decodable {
    var point: SIMD2<Double>

    init(from decoder: any Decoder) throws {
        // Formatted only for an error: every point and color passes here.
        let codingPath = decoder.codingPath
        var path: String { formatCodingPath(codingPath) }
        var container: any UnkeyedDecodingContainer
        do {
            container = try decoder.unkeyedContainer()
        } catch {
            throw DocumentError(keyPath: path, message: "\(describeFound(error)); expected [x, y]")
        }
        var numbers: [Double] = []
        while !container.isAtEnd {
            do {
                numbers.append(try container.decode(Double.self))
            } catch {
                throw DocumentError(
                    keyPath: path + "[\(numbers.count)]", message: "\(describeFound(error)); expected a number")
            }
        }
        guard numbers.count == 2 else {
            throw DocumentError(keyPath: path, message: "has \(numbers.count) numbers; expected [x, y]")
        }
        point = SIMD2(numbers[0], numbers[1])
    }
}

/// A vertex with explicit handles:
/// `{"position": [x, y], "leading": …, "top": …, "trailing": …, "bottom": …}`.
struct BezierPointValue: Decodable {
    var position: SIMD2<Double>
    var handles: [String: SIMD2<Double>]

    static let handleNames = ["leading", "top", "trailing", "bottom"]

    init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<JSONKey>
        do {
            container = try decoder.container(keyedBy: JSONKey.self)
        } catch {
            throw DocumentError(
                keyPath: formatCodingPath(decoder.codingPath),
                message: "\(describeFound(error)); expected {\"position\": [x, y], \"leading\": [x, y], …}")
        }
        try container.rejectUnknownKeys(allowed: DocumentKeys.bezierPoint, context: "a Bézier point")
        guard container.contains(JSONKey("position")) else {
            throw DocumentError(keyPath: container.path("position"), message: "missing; expected [x, y]")
        }
        position = try container.decode(PointValue.self, forKey: JSONKey("position")).point
        handles = [:]
        for name in Self.handleNames {
            if let handle = try container.decodeIfPresent(PointValue.self, forKey: JSONKey(name)) {
                handles[name] = handle.point
            }
        }
    }

    /// The point, with handles that point out of the grid defaulting to the
    /// vertex itself; a handle toward a neighbour is required.
    func resolve(column c: Int, row r: Int, width: Int, height: Int, keyPath: String) throws -> BezierPoint {
        let needed = ["leading": c > 0, "trailing": c < width - 1, "top": r > 0, "bottom": r < height - 1]
        for name in Self.handleNames where needed[name]! && handles[name] == nil {
            throw DocumentError(
                keyPath: keyPath + ".\(name)",
                message: "missing; vertex (\(c), \(r)) has a neighbour on that side, so expected [x, y]")
        }
        return BezierPoint(
            position: position, leading: handles["leading"] ?? position, top: handles["top"] ?? position,
            trailing: handles["trailing"] ?? position, bottom: handles["bottom"] ?? position)
    }
}

/// A color: `"#RRGGBB"`, `"#RRGGBBAA"`, `[r, g, b]` or `[r, g, b, a]`
/// with components in 0…1 (sRGB), or CSS Color 4's `color(display-p3 …)`,
/// `color(rec2020 …)`, `color(srgb-linear …)`, `color(srgb …)` and
/// `oklch(L C H)` (``CSSColor``).
struct ColorValue: Decodable {
    var color: RGBAColor

    static let expected =
        "expected \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b] or [r, g, b, a] with components in 0…1, \"color(display-p3 r g b)\" (or srgb, srgb-linear, rec2020; \"/ a\" for alpha) or \"oklch(L C H)\""

    init(from decoder: any Decoder) throws {
        // Formatted only for an error: every point and color passes here.
        let codingPath = decoder.codingPath
        var path: String { formatCodingPath(codingPath) }
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let color = RGBAColor(hex: text) ?? CSSColor.parse(text) else {
                throw DocumentError(keyPath: path, message: "\(SafeText.quoted(text)) is not a color; \(Self.expected)")
            }
            self.color = color
            return
        }
        var container: any UnkeyedDecodingContainer
        do {
            container = try decoder.unkeyedContainer()
        } catch {
            throw DocumentError(keyPath: path, message: "\(describeFound(error)); \(Self.expected)")
        }
        var components: [Double] = []
        while !container.isAtEnd {
            let index = components.count
            let value: Double
            do {
                value = try container.decode(Double.self)
            } catch {
                throw DocumentError(
                    keyPath: path + "[\(index)]", message: "\(describeFound(error)); expected a number in 0…1")
            }
            guard (0...1).contains(value) else {
                throw DocumentError(
                    keyPath: path + "[\(index)]", message: "\(value) is out of range; expected a number in 0…1")
            }
            components.append(value)
        }
        guard components.count == 3 || components.count == 4 else {
            throw DocumentError(keyPath: path, message: "has \(components.count) components; \(Self.expected)")
        }
        color = RGBAColor(
            red: components[0], green: components[1], blue: components[2],
            alpha: components.count == 4 ? components[3] : 1)
    }
}
