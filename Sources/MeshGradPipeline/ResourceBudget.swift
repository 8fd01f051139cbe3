import MeshGradCore
import MeshGradDocument

/// What a frame will allocate, computed before anything is: the canvas,
/// every layer's planned box (frames clipped to what reaches the canvas),
/// text masks and the largest glyph, blur scratch, tessellations (capped
/// at `Tessellation.maximumVertices`). Compared with ``MemoryLimit``, so
/// that a render too big for this process is refused in one line saying
/// how much it needs and which limit it hit, never killed in an
/// allocation.
public struct ResourceBudget: Sendable, Equatable {
    /// Bytes the frame needs at its peak (an upper estimate).
    public var bytes: UInt64
    /// What needs it, for the message: "a 8192×8192 scene".
    public var what: String
    /// What part of it the layers are, when that is worth saying.
    public var detail: String

    /// Bytes of one tessellated vertex with its share of the indices.
    static let bytesPerVertex = 44.0

    /// The budget of `document` at `time` on a `width × height` canvas.
    public init(_ document: GradientDocument, width: Int, height: Int, time: Double) {
        let pixels = Double(width) * Double(height)
        switch document.content {
        case .mesh(let mesh):
            // Streamed in bands: the tessellation and a few bands.
            let total = Self.tessellationBytes(mesh.mesh) + Double(width) * 64 * 16 * 16
            self.init(total, what: "a \(width)×\(height) mesh")
        case .scene(let scene):
            let canvas = pixels * 40
            let (kept, transient) = Self.layerBytes(scene, width: width, height: height, time: time)
            let layers = Self.clamped(kept + transient)
            self.init(
                canvas + kept + transient, what: "a \(width)×\(height) scene",
                detail: layers >= 100_000_000 ? " (its layers \(formatBytes(layers)) of it)" : "")
        }
    }

    /// An 8-bit image held whole, `copies` times (an output that is not
    /// streamed in bands: a lossy encoder's input and its own copy).
    public init(wholeImage width: Int, height: Int, copies: Int) {
        self.init(Double(width) * Double(height) * 4 * Double(copies), what: "a \(width)×\(height) image held whole")
    }

    init(_ bytes: Double, what: String, detail: String = "") {
        self.bytes = Self.clamped(bytes)
        self.what = what
        self.detail = detail
    }

    static func clamped(_ bytes: Double) -> UInt64 {
        bytes.isFinite && bytes < 1.8e19 ? UInt64(max(bytes, 0)) : UInt64.max
    }

    /// Vertices of a mesh's tessellation at the largest level it may get.
    static func tessellationBytes(_ mesh: MeshGradient, share: Int = Tessellation.maximumVertices) -> Double {
        let patches = (mesh.width - 1) * (mesh.height - 1)
        let side = Double(Tessellation.largestLevel(patches: patches, vertices: share) + 1)
        return Double(patches) * side * side * bytesPerVertex
    }

    /// Bytes the plan keeps for every layer (text masks, tessellations)
    /// and the most one layer's drawing adds while it is drawn (its mesh
    /// image, its shadow's blur, its largest glyph).
    static func layerBytes(_ scene: Scene, width: Int, height: Int, time: Double) -> (kept: Double, transient: Double) {
        let canvas = PixelBox(width: width, height: height)
        let scale = scene.pixelsPerPoint(width: width, height: height)
        var kept = 0.0
        var transient = 0.0
        if case .mesh(let mesh, _) = scene.background {
            kept += tessellationBytes(mesh, share: scene.tessellationShare)
            transient = Double(width) * Double(height) * 16
        }
        for layer in scene.layers {
            let state = layer.state(at: time)
            let layerScale = state.pixelsPerPoint(canvas: scale)
            guard
                let placed = ScenePlan.place(
                    layer, frame: state.drawnFrame(points: scene.points), canvas: canvas, scale: layerScale)
            else { continue }
            let area = Double(placed.box.width) * Double(placed.box.height)
            var drawing = 0.0
            if case .mesh(let mesh, _) = layer.fill {
                kept += tessellationBytes(mesh, share: scene.tessellationShare)
                drawing += area * 16
            }
            if let text = layer.text {
                kept += area * 4
                let glyph = text.size * layerScale * 1.5
                drawing += glyph * glyph * max(1, text.widthFactor)
            }
            if let material = layer.material {
                // Its backdrop, copied and blurred (MaterialPlan.backdropBox).
                let sigma = min(max(material.blurSigma * layerScale, 0), 16_384)
                let radius = sigma.isFinite ? Int((3 * sigma).rounded(.up)) : 0
                let area = MaterialPlan.backdropBox(of: placed.box, radius: radius, canvas: canvas)
                drawing += Double(area.width) * Double(area.height) * 48
            }
            if let shadow = placed.shadow {
                let source = shadow.sourceBox(of: placed.box, canvas: canvas).expanded(by: shadow.kernel.radius)
                drawing += Double(source.width) * Double(source.height) * 24
            }
            transient = max(transient, drawing)
        }
        return (kept, transient)
    }

    /// Throws when the budget is over `limit`: one line, with how much and
    /// which limit.
    public func check(against limit: MemoryLimit = .current(), label: String) throws(PipelineError) {
        guard bytes > limit.available else { return }
        let needed = bytes == .max ? "more memory than exists" : "about \(formatBytes(bytes))"
        throw PipelineError(
            "\(label): \(what) needs \(needed)\(detail) and the limit is \(limit.name), "
                + "\(formatBytes(limit.available)) usable; render it smaller")
    }
}
