import MeshGradCore
import MeshGradText

/// A scene's `"layout"`: `{"vstack" | "hstack" | "zstack": {"spacing": 8,
/// "alignment": "center", "padding": 16 | [top, leading, bottom, trailing],
/// "background": LAYER, "children": [NODE, ...]}}`, `{"spacer":
/// {"minLength": 8}}` or `{"layer": INDEX, "width": W, "height": H}`
/// (points). Lengths are checked here, as they are decoded: the layout is
/// computed when the document is read.
struct LayoutNodeValue: Decodable {
    var node: LayoutNode

    static let expected =
        #"expected {"vstack": {...}}, {"hstack": {...}}, {"zstack": {...}}, {"spacer": {...}} or {"layer": N}"#

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        if container.contains(JSONKey("layer")) {
            try container.rejectUnknownKeys(allowed: DocumentKeys.layoutLayer, context: "a layout layer")
            let index = try container.decode(Int.self, forKey: JSONKey("layer"))
            node = .layer(
                index: index, width: try Self.length(container, "width"), height: try Self.length(container, "height"))
            return
        }
        if container.contains(JSONKey("spacer")) {
            try container.rejectUnknownKeys(allowed: DocumentKeys.layoutSpacer, context: "a layout node")
            let spacer = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("spacer"))
            try spacer.rejectUnknownKeys(allowed: DocumentKeys.spacer, context: "a spacer")
            node = .spacer(minLength: try Self.length(spacer, "minLength") ?? LayoutDefaults.spacing)
            return
        }
        try container.rejectUnknownKeys(
            allowed: DocumentKeys.layoutStack, context: "a layout node")
        guard let axis = LayoutNode.Stack.Axis.allCases.first(where: { container.contains(JSONKey($0.rawValue)) }),
            container.allKeys.count == 1
        else {
            throw DocumentError(keyPath: formatCodingPath(decoder.codingPath), message: Self.expected)
        }
        let stack = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(axis.rawValue))
        try stack.rejectUnknownKeys(
            allowed: DocumentKeys.stack, context: "a stack")
        let alignmentName = try stack.decodeIfPresent(String.self, forKey: JSONKey("alignment")) ?? "center"
        guard let alignment = LayoutAlignment.names[alignmentName] else {
            throw DocumentError(
                keyPath: stack.path("alignment"),
                message: "\(SafeText.quoted(alignmentName)) is not an alignment; expected "
                    + LayoutAlignment.names.keys.sorted().joined(separator: ", "))
        }
        node = .stack(
            LayoutNode.Stack(
                axis: axis, spacing: try Self.length(stack, "spacing") ?? LayoutDefaults.spacing, alignment: alignment,
                padding: try Self.padding(stack),
                background: try stack.decodeIfPresent(Int.self, forKey: JSONKey("background")),
                children: try stack.decodeIfPresent([LayoutNodeValue].self, forKey: JSONKey("children"))?.map(\.node)
                    ?? []))
    }

    /// A length in points: finite, 0…``DocumentLimits/layoutLength``.
    static func length(_ container: KeyedDecodingContainer<JSONKey>, _ key: String) throws -> Double? {
        guard let value = try container.decodeIfPresent(Double.self, forKey: JSONKey(key)) else { return nil }
        guard value.isFinite, (0...DocumentLimits.layoutLength).contains(value) else {
            throw DocumentError(
                keyPath: container.path(key),
                message: "\(SafeText.number(value)) is out of range; expected points in 0…"
                    + DocumentCheck.format(DocumentLimits.layoutLength))
        }
        return value
    }

    /// `"padding"`: one length for every edge or `[top, leading, bottom,
    /// trailing]`.
    static func padding(_ container: KeyedDecodingContainer<JSONKey>) throws -> EdgeInsets {
        guard container.contains(JSONKey("padding")) else { return .zero }
        if let all = try? length(container, "padding") { return EdgeInsets(all) }
        let edges = try container.decode([Double].self, forKey: JSONKey("padding"))
        guard edges.count == 4, edges.allSatisfy({ $0.isFinite && (0...DocumentLimits.layoutLength).contains($0) })
        else {
            throw DocumentError(
                keyPath: container.path("padding"),
                message: "expected points or [top, leading, bottom, trailing] in 0…"
                    + DocumentCheck.format(DocumentLimits.layoutLength))
        }
        return EdgeInsets(top: edges[0], leading: edges[1], bottom: edges[2], trailing: edges[3])
    }
}

/// SwiftUI's defaults where a document says nothing.
enum LayoutDefaults {
    /// Between a stack's children, and a spacer's least length: the
    /// system spacing SwiftUI uses on iOS between most views (it adapts
    /// between texts; meshgrad does not).
    static let spacing = 8.0
}

extension SceneValue {
    /// The layout, checked (every layer it names exists, once; its depth
    /// and size bounded), then laid out: each text layer it holds is sized
    /// by its text, measured with FreeType.
    static func laidOut(_ scene: Scene, _ layout: SceneLayout, path: String) throws -> Scene {
        let root = layout.root
        guard root.depth <= DocumentLimits.layoutDepth else {
            throw DocumentError(
                keyPath: path, message: "nests \(root.depth) deep; expected at most \(DocumentLimits.layoutDepth)")
        }
        guard root.nodeCount <= DocumentLimits.layoutNodes else {
            throw DocumentError(
                keyPath: path, message: "has \(root.nodeCount) nodes; expected at most \(DocumentLimits.layoutNodes)")
        }
        var seen = Set<Int>()
        for index in root.layerIndices {
            guard scene.layers.indices.contains(index) else {
                throw DocumentError(
                    keyPath: path,
                    message: "names layer \(index); the scene has layers 0…\(scene.layers.count - 1)")
            }
            guard seen.insert(index).inserted else {
                throw DocumentError(keyPath: path, message: "names layer \(index) twice; a layer has one frame")
            }
        }
        var measure = TextMeasure(scene: scene)
        for index in seen { try measure.size(index, offered: nil) }
        // Every text is set once above: measuring again cannot fail.
        var laidOut = scene.laidOut(layout) { index, width in try? measure.size(index, offered: width) }
        laidOut.layout = layout
        return laidOut
    }
}

/// The texts of a scene measured as a layout offers them widths, each
/// (layer, width) once: a stack asks its children for their sizes at
/// several widths, and nested stacks ask again.
struct TextMeasure {
    let scene: Scene
    private var sizes: [Pair: SIMD2<Double>?] = [:]

    private struct Pair: Hashable {
        let index: Int
        let width: Double?
    }

    init(scene: Scene) { self.scene = scene }

    /// The size of layer `index`'s text in points, wrapped to `offered`
    /// when it wraps in a layout; nil for a layer without text.
    @discardableResult
    mutating func size(_ index: Int, offered: Double?) throws -> SIMD2<Double>? {
        guard let text = scene.layers[index].text else { return nil }
        let width = text.wrapsInLayout ? offered.map { max(0, $0) } : nil
        if let known = sizes[Pair(index: index, width: width)] { return known }
        do {
            let size = try text.sizeInPoints(wrapWidth: width)
            sizes[Pair(index: index, width: width)] = size
            return size
        } catch {
            throw DocumentError(keyPath: "layers[\(index)].text", message: "\(error)")
        }
    }
}

/// The JSON the writer saves a layout as.
func layoutText(_ node: LayoutNode) -> String {
    switch node {
    case .layer(let index, let width, let height):
        var text = "{\"layer\": \(index)"
        if let width { text += ", \"width\": \(formatNumber(width))" }
        if let height { text += ", \"height\": \(formatNumber(height))" }
        return text + "}"
    case .spacer(let minLength):
        return "{\"spacer\": {\"minLength\": \(formatNumber(minLength))}}"
    case .stack(let stack):
        let p = stack.padding
        var fields = [
            "\"spacing\": \(formatNumber(stack.spacing))", "\"alignment\": \"\(stack.alignment.name)\"",
            "\"padding\": [\([p.top, p.leading, p.bottom, p.trailing].map(formatNumber).joined(separator: ", "))]",
        ]
        if let background = stack.background { fields.append("\"background\": \(background)") }
        fields.append("\"children\": [" + stack.children.map(layoutText).joined(separator: ", ") + "]")
        return "{\"\(stack.axis.rawValue)\": {" + fields.joined(separator: ", ") + "}}"
    }
}

extension Scene {
    /// The scene laid out again by its own layout, as reading its document
    /// would lay it out (after an edit of a text, say: its frame follows
    /// its letters); itself when it has no layout, or when a text it holds
    /// cannot be set (the frames stay as they were until it can).
    public func laidOutAgain() -> Scene {
        guard let layout else { return self }
        return (try? SceneValue.laidOut(self, layout, path: "layout")) ?? self
    }
}
