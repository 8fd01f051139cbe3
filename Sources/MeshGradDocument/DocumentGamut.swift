import MeshGradCore

extension AnimatedMesh {
    /// Every color the mesh can show: its vertices, its background and
    /// every keyframe's.
    public var allColors: [RGBAColor] {
        var colors = mesh.colors + [mesh.background]
        for keyframe in animation?.keyframes ?? [] {
            colors += (keyframe.colors ?? []) + (keyframe.background.map { [$0] } ?? [])
        }
        return colors
    }

    /// The narrowest gamut holding every color (BT.2020 for one outside
    /// even it: mapped into it).
    public var narrowestGamut: ColorGamut {
        allColors.reduce(ColorGamut.sRGB) { widest, color in
            widest.widening(to: color.alpha > 0 ? ColorGamut.narrowest(holding: color) ?? .rec2020 : .sRGB)
        }
    }

    /// The mesh with every color `transform`ed, drawn in device mode: what
    /// the renderers draw for `WideColor`.
    public func mappingColors(_ transform: (RGBAColor) -> RGBAColor) -> AnimatedMesh {
        var copy = self
        copy.mesh.colors = mesh.colors.map(transform)
        copy.mesh.background = transform(mesh.background)
        copy.mesh.colorSpace = .device
        if var animation {
            animation.keyframes = animation.keyframes.map { keyframe in
                var k = keyframe
                k.colors = keyframe.colors?.map(transform)
                k.background = keyframe.background.map(transform)
                return k
            }
            copy.animation = animation
        }
        return copy
    }
}
