import Foundation
import MeshGradCore
import MeshGradDocument

// How the editor writes colors: `#RRGGBB` (or `#RRGGBBAA`) wherever a color
// is exact to 8 bits, otherwise each component rounded to 4 decimals. A
// color picked or nudged in the editor is already 8-bit; this is for the
// colors a file brought with it (`[0, 0.7499941855892089, 0.50455676]`),
// which the editor would otherwise write back with 16 digits nobody can
// read. Four decimals move a component by at most 0.00005, a fiftieth of
// an 8-bit level. Only the editor rounds: `meshgrad random`, `fit` and the
// library write colors exactly.

extension RGBAColor {
    /// The color as the editor saves it: unchanged when exact to 8 bits,
    /// else each component rounded to 4 decimals.
    public var roundedForSaving: RGBAColor {
        if exact8BitComponents != nil { return self }
        let rounded = vector.indices.map { i in (vector[i] * 10_000).rounded() / 10_000 }
        return RGBAColor(SIMD4(rounded[0], rounded[1], rounded[2], rounded[3]))
    }
}

extension GradientDocument {
    /// The JSON text the editor saves: ``withColorsRoundedForSaving``.
    public var savedText: String { withColorsRoundedForSaving.jsonText() }

    /// The document with every color it holds (mesh colors and
    /// backgrounds, keyframes, fills, gradient stops, shadows, strokes) as the
    /// editor saves them.
    public var withColorsRoundedForSaving: GradientDocument {
        var copy = self
        switch content {
        case .mesh(let animated):
            copy.content = .mesh(
                AnimatedMesh(animated.mesh.roundedForSaving, animation: animated.animation?.roundedForSaving))
        case .scene(var scene):
            scene.background = scene.background.roundedForSaving
            scene.layers = scene.layers.map { layer in
                var layer = layer
                layer.fill = layer.fill.roundedForSaving
                layer.shadow = layer.shadow.map { shadow in
                    var shadow = shadow
                    shadow.color = shadow.color.roundedForSaving
                    return shadow
                }
                layer.stroke = layer.stroke.map { stroke in
                    var stroke = stroke
                    stroke.color = stroke.color.roundedForSaving
                    return stroke
                }
                return layer
            }
            copy.content = .scene(scene)
        }
        return copy
    }
}

extension MeshGradient {
    fileprivate var roundedForSaving: MeshGradient { mappingColors(\.roundedForSaving) }
}

extension MeshAnimation {
    fileprivate var roundedForSaving: MeshAnimation {
        var copy = self
        for i in copy.keyframes.indices {
            copy.keyframes[i].colors = copy.keyframes[i].colors?.map(\.roundedForSaving)
            copy.keyframes[i].background = copy.keyframes[i].background?.roundedForSaving
        }
        return copy
    }
}

extension Fill {
    fileprivate var roundedForSaving: Fill {
        switch self {
        case .solid(let color): return .solid(color.roundedForSaving)
        case .linearGradient(var gradient):
            for i in gradient.stops.indices { gradient.stops[i].color = gradient.stops[i].color.roundedForSaving }
            return .linearGradient(gradient)
        case .mesh(let mesh, let animation): return .mesh(mesh.roundedForSaving, animation?.roundedForSaving)
        case .image: return self
        }
    }
}
