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
    public var narrowestGamut: ColorGamut { ColorGamut.narrowest(holdingAll: allColors) }

    /// The gamut an output of this mesh is written in: the one asked for,
    /// else BT.2020 for HDR, else the narrowest holding its colors.
    public func outputGamut(asked: ColorGamut?, hdr: HDRTransfer?) -> ColorGamut {
        asked ?? (hdr != nil ? .rec2020 : narrowestGamut)
    }

    /// How this mesh is drawn into `gamut` (and `hdr`): its `WideColor` and
    /// the mesh the renderers draw for it (every color moved, keyframes'
    /// too, in device mode); nil where it needs none, an sRGB output of a
    /// mesh inside sRGB, drawn as it is.
    public func wideColor(in gamut: ColorGamut, hdr: HDRTransfer?) -> (color: WideColor, moved: AnimatedMesh)? {
        guard gamut != .sRGB || hdr != nil || narrowestGamut != .sRGB else { return nil }
        let wide = WideColor(colors: allColors, space: mesh.colorSpace, gamut: gamut, hdr: hdr)
        var moved = self
        moved.mesh = wide.rendered(mesh)
        moved.animation?.keyframes = (animation?.keyframes ?? []).map { keyframe in
            var k = keyframe
            k.colors = keyframe.colors?.map(wide.rendered)
            k.background = keyframe.background.map(wide.rendered)
            return k
        }
        return (wide, moved)
    }
}
