import MeshGradCore

extension Checker {
    /// A layer's offset (points) and scale.
    mutating func motion(_ layer: Layer, path: String) {
        point(layer.offset, path + ".offset", limit: DocumentLimits.layerOffset)
        number(layer.scale, path + ".scale", in: DocumentLimits.layerScale, unit: "a factor")
    }

    /// A keyframe's offset, scale and delay.
    mutating func motion(_ keyframe: LayerKeyframe, path: String) {
        if let offset = keyframe.offset { point(offset, path + ".offset", limit: DocumentLimits.layerOffset) }
        if let scale = keyframe.scale {
            number(scale, path + ".scale", in: DocumentLimits.layerScale, unit: "a factor")
        }
        number(keyframe.delay, path + ".delay", in: 0...DocumentLimits.time, unit: "seconds")
    }

    /// The layer's offset and scale at a time (a spring overshoots its
    /// targets, by at most their distance), and the frame they draw.
    mutating func moved(_ state: LayerState, scene: Scene, time: Double, path: String) {
        let offsetLimit = 4 * DocumentLimits.layerOffset
        if !(state.offset.x.isFinite && state.offset.y.isFinite && abs(state.offset.x) <= offsetLimit
            && abs(state.offset.y) <= offsetLimit)
        {
            fail(
                path + ".offset",
                "is out of range at \(time) s; expected points in ±\(DocumentCheck.format(offsetLimit))")
        }
        let scaleLimit = 4 * DocumentLimits.layerScale.upperBound
        if !(state.scale.isFinite && abs(state.scale) <= scaleLimit) {
            fail(
                path + ".scale",
                "is out of range at \(time) s; expected a factor in ±\(DocumentCheck.format(scaleLimit))")
        }
        guard failure == nil else { return }
        let drawn = state.drawnFrame(points: scene.points)
        let limit = DocumentLimits.frame * 4 * DocumentLimits.layerScale.upperBound
        for (value, key) in [(drawn.x, "[0]"), (drawn.y, "[1]"), (drawn.width, "[2]"), (drawn.height, "[3]")] {
            number(value, path + ".frame" + key, limit: limit, unit: "canvas sizes once offset and scaled")
        }
    }
}
