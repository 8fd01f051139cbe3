import MeshGradCore

extension MeshGradient {
    /// The same picture on a `width × height` grid, as far as a grid that
    /// size can hold it: each new vertex sits where the old surface puts
    /// its evenly spaced parameter, and takes the old surface's color
    /// there. Handles are inferred on the new grid.
    public func resampled(width newWidth: Int, height newHeight: Int) -> MeshGradient {
        precondition(newWidth >= 2 && newHeight >= 2)
        let nets = PatchNets(self)
        var positions: [SIMD2<Double>] = []
        var colors: [RGBAColor] = []
        for r in 0..<newHeight {
            for c in 0..<newWidth {
                let s = Double(c) / Double(newWidth - 1) * Double(width - 1)
                let t = Double(r) / Double(newHeight - 1) * Double(height - 1)
                let column = min(Int(s), width - 2)
                let row = min(Int(t), height - 2)
                let k = row * (width - 1) + column
                let u = s - Double(column)
                let v = t - Double(row)
                positions.append(nets.geometry[k].evaluate(u: u, v: v))
                colors.append(RGBAColor(finishColor(nets.colors[k].evaluate(u: u, v: v), in: colorSpace)))
            }
        }
        return MeshGradient(
            width: newWidth, height: newHeight, locations: .points(positions), colors: colors, background: background,
            smoothsColors: smoothsColors, colorSpace: colorSpace)
    }
}
