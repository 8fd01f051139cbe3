import MeshGradCore
import MeshGradDocument

/// The edits the preview's panels make: exact values instead of key steps.
extension Editor {
    // MARK: - Color

    /// The selected vertex's color, or the background's (an invisible
    /// background reads as black, the color it turns into when edited).
    public var selectedColor: RGBAColor? {
        guard let selection, let mesh = mesh?.mesh else { return nil }
        switch selection {
        case .background: return mesh.background
        case .vertex(let i), .handle(let i, _): return i < mesh.colors.count ? mesh.colors[i] : nil
        }
    }

    /// Sets the selected vertex's color (or the background), rounded to
    /// 8 bits per component: what a picker or a hex field means, and what
    /// the file can then say as `#RRGGBB`.
    public mutating func setSelectedColor(_ color: RGBAColor) {
        guard let selection else { return }
        let rounded = color.rounded8
        editMesh { document in
            switch selection {
            case .background: document.mesh.background = rounded
            case .vertex(let i), .handle(let i, _):
                if i < document.mesh.colors.count { document.mesh.colors[i] = rounded }
            }
        }
    }

    // MARK: - Mesh settings

    public mutating func setSmoothColors(_ on: Bool) {
        editMesh { $0.mesh.smoothsColors = on }
    }

    public mutating func setColorSpace(_ space: ColorSpace) {
        editMesh { $0.mesh.colorSpace = space }
    }

    /// Resamples onto a `width × height` grid (each within 2…``maximumGrid``).
    /// Waves and keyframes name vertices of the old grid, so they are
    /// dropped; drift stays (`replaceMesh`).
    public mutating func resizeGrid(width: Int, height: Int) {
        guard let mesh = mesh?.mesh else { return }
        let w = min(max(width, 2), Self.maximumGrid)
        let h = min(max(height, 2), Self.maximumGrid)
        guard w != mesh.width || h != mesh.height else { return }
        replaceMesh(with: mesh.resampled(width: w, height: h).colorsRounded8)
        selection = nil
        group = []
    }

    /// The document's canvas size (`"size"`); nil removes it.
    public mutating func setCanvasSize(_ size: CanvasSize?) {
        edit { $0.size = size }
    }

    /// The canvas size with the width typed and the height that keeps the
    /// current size's aspect ratio (the panel's aspect lock): `1920x1080`
    /// locked and given `1280x1280` (or `1280`) becomes `1280x720`. With no
    /// current size the typed one is taken as it is.
    public mutating func setCanvasSize(keepingAspectOf size: CanvasSize) {
        guard let current = document.size, current.width > 0 else { return setCanvasSize(size) }
        let height = (Double(size.width) * Double(current.height) / Double(current.width)).rounded()
        let side = Double(CanvasSize.maximumSide)
        setCanvasSize(CanvasSize(width: size.width, height: Int(min(max(height, 1), side))))
    }

    /// The animation's loop length in seconds; nil or ≤ 0: no loop.
    public mutating func setLoop(_ seconds: Double?) {
        editMesh { mesh in
            guard var animation = mesh.animation else { return }
            animation.loop = seconds.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            mesh.animation = animation
        }
    }

    // MARK: - Handles

    /// Whether the edited mesh has explicit handles (`bezierPoints`).
    public var hasExplicitHandles: Bool {
        if case .bezierPoints = mesh?.mesh.locations { return true }
        return false
    }

    /// Turns a `points` mesh into `bezierPoints` with every handle where it
    /// was inferred: the picture does not change.
    public mutating func makeHandlesExplicit() {
        editMesh { document in
            guard case .points = document.mesh.locations else { return }
            document.mesh.locations = .bezierPoints(document.mesh.bezierPoints)
        }
    }

    /// Drops the handles: back to `points`, handles inferred again.
    public mutating func reinferHandles() {
        editMesh { document in
            guard case .bezierPoints(let points) = document.mesh.locations else { return }
            document.mesh.locations = .points(points.map(\.position))
        }
    }
}

extension MeshGradient {
    /// The same mesh, its colors and background rounded to 8 bits: what
    /// the editor makes (resampled grids, random meshes) is saved as
    /// `#RRGGBB`, not as 16-digit fractions.
    public var colorsRounded8: MeshGradient { mappingColors(\.rounded8) }
}

extension RGBAColor {
    /// Each component rounded to the nearest of 256 levels.
    public var rounded8: RGBAColor {
        func r(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded() / 255 }
        return RGBAColor(red: r(red), green: r(green), blue: r(blue), alpha: r(alpha))
    }
}
