import MeshGradCore
import MeshGradDocument

/// The preview window's editing model, with no window in it: a document,
/// a selection, and every edit as an undoable step. Dragging is one step
/// however many moves it makes (`beginGesture` … `endGesture`).
///
/// The editor edits one mesh: a mesh document's own, or a scene's mesh
/// layer (``target``, the first mesh layer unless chosen). A scene with no
/// mesh layer has nothing to edit: every geometry and color edit is then
/// a no-op, and ``mesh`` is nil.
public struct Editor: Sendable {
    public private(set) var document: GradientDocument
    /// Which of the document's meshes the edits change; nil when the
    /// document has none (a scene of gradients and solids).
    public internal(set) var target: GradientDocument.MeshTarget?
    public var selection: Selection?
    /// Vertices chosen together (shift-click, a marquee): group moves,
    /// nudges and alignment act on all of them (``movedVertices``). Empty
    /// or one vertex: the ``selection`` alone.
    public var group: Set<Int> = []
    private var undoStack: [GradientDocument] = []
    private var redoStack: [GradientDocument] = []
    private var gestureStart: GradientDocument?
    /// Edits since the document was opened, saved or reloaded.
    public private(set) var hasUnsavedChanges = false

    /// The furthest outside the unit square a point may be dragged: far
    /// enough for any design, near enough that nothing overflows.
    public static let positionLimit = 4.0

    public init(document: GradientDocument) {
        self.document = document
        target = document.defaultMeshTarget
    }

    /// The mesh being edited (see ``target``).
    public var mesh: AnimatedMesh? { target.flatMap { document[$0] } }

    /// Edits a scene's mesh layer `index` from now on; false (and no
    /// change) when that layer is not a mesh.
    @discardableResult
    public mutating func select(layer index: Int) -> Bool {
        guard document[.layer(index)] != nil else { return false }
        target = .layer(index)
        selection = nil
        group = []
        return true
    }

    /// Applies one edit of the edited mesh as one undoable step; nothing
    /// when there is no mesh to edit.
    public mutating func editMesh(_ change: (inout AnimatedMesh) -> Void) {
        guard let target else { return }
        edit { document in
            guard var mesh = document[target] else { return }
            change(&mesh)
            document[target] = mesh
        }
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Applies one edit as one undoable step (no step if nothing changed).
    public mutating func edit(_ change: (inout GradientDocument) -> Void) {
        var copy = document
        change(&copy)
        guard copy != document else { return }
        if gestureStart == nil {
            undoStack.append(document)
            redoStack.removeAll()
        }
        document = copy
        hasUnsavedChanges = true
    }

    /// Starts a gesture (a drag): its edits become one undo step.
    public mutating func beginGesture() {
        gestureStart = document
    }

    public mutating func endGesture() {
        guard let start = gestureStart else { return }
        gestureStart = nil
        if start != document {
            undoStack.append(start)
            redoStack.removeAll()
        }
    }

    @discardableResult
    public mutating func undo() -> Bool {
        endGesture()
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(document)
        document = previous
        hasUnsavedChanges = true
        clampSelection()
        return true
    }

    @discardableResult
    public mutating func redo() -> Bool {
        endGesture()
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(document)
        document = next
        hasUnsavedChanges = true
        clampSelection()
        return true
    }

    /// The file changed on disk: take its contents as the new state, as an
    /// undoable step (so a reload never destroys what was on screen).
    public mutating func reload(_ fresh: GradientDocument) {
        guard fresh != document else { return }
        endGesture()
        undoStack.append(document)
        redoStack.removeAll()
        document = fresh
        clampSelection()
    }

    /// The document was written to disk.
    public mutating func markSaved() { hasUnsavedChanges = false }

    /// After an undo or a reload: keep editing the same mesh if the
    /// document still has it, else its default one; drop a selection that
    /// no longer names a vertex.
    private mutating func clampSelection() {
        if target.flatMap({ document[$0] }) == nil { target = document.defaultMeshTarget }
        guard let mesh = mesh?.mesh else {
            selection = nil
        group = []
            return
        }
        if let v = selection?.vertex, v >= mesh.width * mesh.height { selection = nil }
        group = group.filter { $0 < mesh.width * mesh.height }
    }

    // MARK: - Geometry

    /// Moves vertex `index` (or the selected handle) to `position`,
    /// clamped to ±``positionLimit``; non-finite input is ignored. A
    /// vertex of a `bezierPoints` mesh takes its handles along unless
    /// `withHandles` is false. Moving a handle of a `points` mesh (an
    /// inferred one) turns it into `bezierPoints`, every other handle kept
    /// where it was inferred, so nothing but that handle's curve moves.
    public mutating func move(_ target: Selection, to position: SIMD2<Double>, withHandles: Bool = true) {
        guard position.x.isFinite, position.y.isFinite else { return }
        let p = position.clamped(
            lowerBound: SIMD2(repeating: -Self.positionLimit), upperBound: SIMD2(repeating: Self.positionLimit))
        editMesh { document in
            if case .handle = target, case .points = document.mesh.locations {
                document.mesh.locations = .bezierPoints(document.mesh.bezierPoints)
            }
            switch (target, document.mesh.locations) {
            case (.vertex(let i), .points(var points)):
                points[i] = p
                document.mesh.locations = .points(points)
            case (.vertex(let i), .bezierPoints(var points)):
                if withHandles {
                    points[i] = points[i].moved(by: p - points[i].position, limit: Self.positionLimit)
                } else {
                    points[i].position = p
                }
                document.mesh.locations = .bezierPoints(points)
            case (.handle(let i, let handle), .bezierPoints(var points)):
                switch handle {
                case .leading: points[i].leading = p
                case .top: points[i].top = p
                case .trailing: points[i].trailing = p
                case .bottom: points[i].bottom = p
                }
                document.mesh.locations = .bezierPoints(points)
            default:
                break
            }
        }
    }

    /// The position of a vertex or handle.
    public func position(of target: Selection) -> SIMD2<Double>? {
        guard let mesh = mesh?.mesh else { return nil }
        switch (target, mesh.locations) {
        case (.vertex(let i), _): return mesh.locations.positions[i]
        case (.handle(let i, let handle), _):
            // Inferred handles for `points`: where they are drawn.
            let point = mesh.bezierPoints[i]
            switch handle {
            case .leading: return point.leading
            case .top: return point.top
            case .trailing: return point.trailing
            case .bottom: return point.bottom
            }
        case (.background, _): return nil
        }
    }

    /// Moves the selection (every vertex of a group) by `delta` (unit
    /// coordinates).
    public mutating func nudge(by delta: SIMD2<Double>) {
        if group.count > 1 { return moveGroup(by: delta) }
        guard let selection, let p = position(of: selection) else { return }
        move(selection, to: p + delta)
    }

    // MARK: - Color

    /// Changes the selected vertex's color (or the background) in Oklch:
    /// hue in degrees, lightness and chroma in their own units.
    public mutating func adjustColor(hue: Double = 0, lightness: Double = 0, chroma: Double = 0) {
        guard let selection else { return }
        editMesh { document in
            func adjusted(_ color: RGBAColor) -> RGBAColor {
                var lch = Oklch(color)
                lch.hue = (lch.hue + hue + 360).truncatingRemainder(dividingBy: 360)
                lch.lightness = min(max(lch.lightness + lightness, 0), 1)
                lch.chroma = min(max(lch.chroma + chroma, 0), 0.37)
                // 8 bits, as a picker would: the file then says `#RRGGBB`.
                return lch.color(alpha: color.alpha).rounded8
            }
            switch selection {
            case .background:
                document.mesh.background = adjusted(
                    document.mesh.background.alpha == 0 ? .black : document.mesh.background)
            case .vertex(let i), .handle(let i, _):
                document.mesh.colors[i] = adjusted(document.mesh.colors[i])
            }
        }
    }

    public mutating func toggleSmoothColors() {
        editMesh { $0.mesh.smoothsColors.toggle() }
    }

    public mutating func toggleColorSpace() {
        editMesh { $0.mesh.colorSpace = $0.mesh.colorSpace == .device ? .perceptual : .device }
    }

    // MARK: - Whole mesh

    /// Grids from 2×2 to this.
    public static let maximumGrid = 8

    /// Resamples the gradient onto a grid `delta` vertices larger (or
    /// smaller) each way, within 2…``maximumGrid``. Waves and keyframes
    /// name vertices of the old grid, so they are dropped; drift stays.
    public mutating func resizeGrid(by delta: Int) {
        guard let mesh = mesh?.mesh else { return }
        resizeGrid(width: mesh.width + delta, height: mesh.height + delta)
    }

    /// A new harmonious mesh of the current size (`harmony` nil: the seed
    /// picks one). A theme in words (`Theme`, as `meshgrad random --theme`) sets the
    /// hues and ranges when it names something.
    public mutating func randomize(seed: UInt64, harmony: Harmony? = nil, theme: Theme? = nil) {
        guard let mesh = mesh?.mesh else { return }
        var settings = GeneratorSettings(width: mesh.width, height: mesh.height, seed: seed, harmony: harmony)
        if let theme, !theme.isEmpty { settings = theme.settings(settings) }
        replaceMesh(with: MeshGenerator(settings).mesh().colorsRounded8)
    }
}
