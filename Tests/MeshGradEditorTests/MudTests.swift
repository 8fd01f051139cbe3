import Foundation
import MeshGradCore
import MeshGradPNG
import Testing

@testable import MeshGradEditor

/// Random harmonious meshes that designers keep: few muddy colors (dark
/// oranges and yellows: olive, khaki, brown), and a contact sheet of 24
/// seeds written for a person to look at.
@Suite struct MudTests {
    /// A vertex color reads as mud: Oklch hue 40–115°, lightness below
    /// 0.55, chroma above 0.04.
    static func isMuddy(_ color: RGBAColor) -> Bool {
        let lch = Oklch(color)
        return (40...115).contains(lch.hue) && lch.lightness < 0.55 && lch.chroma > 0.04
    }

    /// Seeds 1–200 (4×4, each seed's own harmony): at most 5 % have two or
    /// more muddy vertices.
    @Test func fewSeedsAreMuddy() {
        let muddy = (1...200).filter { seed in
            Randomizer(seed: UInt64(seed)).mesh(width: 4, height: 4).colors.filter(Self.isMuddy).count >= 2
        }
        print("mud: \(muddy.count) of 200 seeds with two or more muddy vertices (seeds \(muddy.prefix(10)))")
        #expect(muddy.count <= 10, "\(muddy)")
    }

    /// The shading keeps a band's hues in order and leaves the rest.
    @Test func shadingMovesOnlyDarkOrangesAndYellows() {
        #expect(MeshGenerator.shadeHue(80, lightness: 0.7) == 80)
        #expect(MeshGenerator.shadeHue(200, lightness: 0.3) == 200)
        #expect((20...32).contains(MeshGenerator.shadeHue(50, lightness: 0.4)))
        #expect((145...155).contains(MeshGenerator.shadeHue(100, lightness: 0.4)))
        #expect(MeshGenerator.shadeHue(45, lightness: 0.4) > MeshGenerator.shadeHue(60, lightness: 0.4))
    }

    /// Seeds 1–24 at 160×100, six across: written to the temporary folder
    /// (the path is printed) for a person to look at.
    @Test func aContactSheetOfTwentyFourSeeds() throws {
        let (cellWidth, cellHeight, columns) = (160, 100, 6)
        var sheet = RGBAImage<UInt8>(width: cellWidth * columns, height: cellHeight * 4)
        let renderer = CPURenderer()
        for seed in 1...24 {
            let mesh = Randomizer(seed: UInt64(seed)).mesh(width: 4, height: 4)
            let cell = renderer.render8(RenderPlan(mesh: mesh, width: cellWidth, height: cellHeight))
            let (left, top) = ((seed - 1) % columns * cellWidth, (seed - 1) / columns * cellHeight)
            for y in 0..<cellHeight {
                let from = y * cellWidth * 4
                let to = ((top + y) * sheet.width + left) * 4
                sheet.components.replaceSubrange(to..<(to + cellWidth * 4), with: cell.components[from..<(from + cellWidth * 4)])
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-random-seeds-1-24.png")
        try Data(PNGEncoder().encode(sheet)).write(to: url)
        print("contact sheet of seeds 1–24: \(url.path)")
        #expect(try PNGDecoder.decode(Array(Data(contentsOf: url))).width == cellWidth * columns)
    }
}
