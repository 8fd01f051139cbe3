// The Swift code of seed tutorial 2 ("Animating Mesh Gradient on Text"):
// its final view assembled from the code blocks as published (the page
// prints `[SIMD2]` for `[SIMD2<Float>]`; kept as it is), one statement a line.
import SwiftUI

struct AnimatedMeshGradientText: View {
    @State private var positions: [SIMD2] = [
        SIMD2(0.0, 0.0), SIMD2(0.5, 0.0), SIMD2(1.0, 0.0),
        SIMD2(0.0, 0.5), SIMD2(0.45, 0.55), SIMD2(1.0, 0.5),
        SIMD2(0.0, 1.0), SIMD2(0.5, 1.0), SIMD2(1.0, 1.0)
    ]

    let colors: [Color] = [
        Color(red: 0.922, green: 0.000, blue: 0.000), Color(red: 1.000, green: 0.535, blue: 0.000),
        Color(red: 0.924, green: 0.915, blue: 0.000), Color(red: 1.000, green: 0.000, blue: 0.465),
        Color(red: 0.000, green: 0.749, blue: 1.000), Color(red: 0.000, green: 1.000, blue: 0.603),
        Color(red: 0.576, green: 0.000, blue: 1.000), Color(red: 1.000, green: 0.000, blue: 0.733),
        Color(red: 0.000, green: 0.980, blue: 0.864)
    ]

    var body: some View {
        LabelView()
            .foregroundColor(.clear)
            .background(TimelineView(.animation) { phase in
                MeshGradient(
                    width: 3,
                    height: 3,
                    locations: .points(animatedPositions(for: phase.date)),
                    colors: .colors(colors),
                    background: Color(red: 0.000, green: 0.000, blue: 0.000),
                    smoothsColors: true
                )
            })
            .mask(LabelView())
    }

    func animatedPositions(for date: Date) -> [SIMD2] {
        let phase = CGFloat(date.timeIntervalSince1970)
        var animatedPositions = positions
        animatedPositions[1].x = 0.5 + 0.4 * Float(cos(phase))
        animatedPositions[3].y = 0.5 + 0.3 * Float(cos(phase * 1.1))
        animatedPositions[4].y = 0.5 - 0.4 * Float(cos(phase * 0.9))
        animatedPositions[5].y = 0.5 - 0.2 * Float(cos(phase * 0.9))
        animatedPositions[7].x = 0.5 - 0.4 * Float(cos(phase * 1.2))
        return animatedPositions
    }
}

struct LabelView: View {
    var body: some View {
        Text("Meshing")
            .font(.system(size: 150))
            .bold()
            .fontWidth(.expanded)
    }
}
