// A layer's shadow on the canvas (mesh-math §10).
//
// Twin of Shaders/shadow.frag (with blur.frag's twin, GaussianBlur.swift):
// the layer's alpha, blurred, shifted by the offset, in the shadow's
// premultiplied color, composited over the canvas.

extension SceneRenderer {
    /// The layer's alpha over the pixels whose shadow reaches the canvas,
    /// with the blur's reach of zeros around, blurred, shifted by the
    /// offset and drawn in the shadow's color.
    func drawShadow(
        _ shadow: ShadowPlan, of content: LayerSource, on canvas: SendablePointer<SIMD4<Float>>, plan: ScenePlan
    ) {
        let source = shadow.sourceBox(of: content.layer.box, canvas: plan.canvas)
        guard !source.isEmpty else { return }
        let area = source.expanded(by: shadow.kernel.radius)
        var alpha = CoverageMask(width: area.width, height: area.height)
        alpha.values.withUnsafeMutableBufferPointer { values in
            let out = SendablePointer(values.baseAddress!)
            forEachBand(of: source.y0..<source.y1) { rows in
                let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: source.width)
                defer { scratch.deallocate() }
                for y in rows {
                    content.colors(y: y, columns: source.x0..<source.x1, into: scratch)
                    let row = out.pointer + (y - area.y0) * area.width + (source.x0 - area.x0)
                    for i in 0..<source.width { row[i] = scratch[i].w }
                }
            }
        }
        let blurred = GaussianBlur(kernel: shadow.kernel, threadCount: threadCount).blurred(alpha)
        let placed = area.offset(by: shadow.offset)
        let clip = placed.intersection(plan.canvas)
        guard !clip.isEmpty else { return }
        let width = plan.width
        blurred.values.withUnsafeBufferPointer { values in
            let shade = SendablePointer(UnsafeMutablePointer(mutating: values.baseAddress!))
            forEachBand(of: clip.y0..<clip.y1) { rows in
                for y in rows {
                    let from = shade.pointer + (y - placed.y0) * area.width - placed.x0
                    let row = canvas.pointer + y * width
                    for x in clip.x0..<clip.x1 {
                        row[x] = compositeOver(shadow.color * from[x], row[x])
                    }
                }
            }
        }
    }
}
