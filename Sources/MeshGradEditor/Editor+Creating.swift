import MeshGradCore

extension Editor {
    /// The mesh replaced by one fitted to a photo (or made elsewhere), as
    /// one undoable step; its waves and keyframes named the old grid's
    /// vertices, so only drift is kept.
    public mutating func replaceMesh(with mesh: MeshGradient) {
        editMesh { document in
            document.mesh = mesh
            if let animation = document.animation {
                document.animation = animation.drift.map { MeshAnimation(drift: $0, loop: animation.loop) }
            }
        }
    }

    /// Grain on (a fine monochrome grain, amount 0.06) or off, as one
    /// undoable step.
    public mutating func toggleGrain() {
        edit { document in document.grain = document.grain == nil ? Grain() : nil }
    }

    /// The grain's amount (0 turns it off), as one step of a gesture.
    public mutating func setGrainAmount(_ amount: Double) {
        edit { document in
            guard amount > 0 else {
                document.grain = nil
                return
            }
            var grain = document.grain ?? Grain()
            grain.amount = min(1, amount)
            document.grain = grain
        }
    }
}
