/// Where colors are interpolated, as SwiftUI's `Gradient.ColorSpace`.
public enum ColorSpace: String, Hashable, Sendable, CaseIterable {
    /// The sRGB-encoded values as given (SwiftUI's default).
    case device
    /// Oklab (mesh-math §5): perceptually even blends, no muddy middles.
    case perceptual
}
