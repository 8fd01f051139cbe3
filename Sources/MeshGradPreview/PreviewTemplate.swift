import MeshGradCore
import MeshGradDocument

/// What `meshgrad preview NEW.json` starts from: the 3×3 mesh of Apple's
/// own MeshGradient example (red, purple, indigo / orange, white, blue /
/// yellow, green, mint), the picture the Meshing app's users know, ready
/// to be dragged and recolored.
public enum PreviewTemplate {
    public static var document: GradientDocument {
        let hex = [
            "#FF3B30", "#AF52DE", "#5856D6",
            "#FF9500", "#FFFFFF", "#007AFF",
            "#FFCC00", "#34C759", "#00C7BE",
        ]
        return GradientDocument(
            mesh: MeshGradient(
                width: 3, height: 3,
                locations: .points([
                    SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(1, 0),
                    SIMD2(0, 0.5), SIMD2(0.5, 0.5), SIMD2(1, 0.5),
                    SIMD2(0, 1), SIMD2(0.5, 1), SIMD2(1, 1),
                ]),
                colors: hex.map { RGBAColor(hex: $0)! }))
    }
}
