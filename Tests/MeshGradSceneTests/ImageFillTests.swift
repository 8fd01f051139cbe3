import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import MeshGradText
import Testing

/// An image fill: placed as SwiftUI's resizable Image (stretch, fill,
/// fit), resampled by the tent filter of mesh-math §10c, read and written
/// with the document, refused with its key path when the file is missing.
@Suite struct ImageFillTests {
    /// One row of gray levels, opaque.
    static func row(_ levels: [UInt8]) -> LayerImage {
        var image = RGBAImage<UInt8>(width: levels.count, height: 1)
        for (x, v) in levels.enumerated() { image[x, 0] = SIMD4(v, v, v, 255) }
        return LayerImage(source: "row.png", pixels: ImagePixels(image), contentMode: .stretch)
    }

    func levels(_ image: RGBAImage<Float>) -> [Float] { (0..<image.width).map { image[$0, 0].x } }

    @Test func atItsOwnSizeThePictureIsCopied() {
        var picture = RGBAImage<UInt8>(width: 5, height: 3)
        for i in 0..<15 { picture[i % 5, i / 5] = SIMD4(UInt8(i * 17), UInt8(255 - i * 9), UInt8(i * 3), 255) }
        let image = LayerImage(source: "p.png", pixels: ImagePixels(picture), contentMode: .stretch)
        let out = image.resampled(frame: SIMD4(2, 1, 5, 3), box: PixelBox(x0: 2, y0: 1, x1: 7, y1: 4))
        for y in 0..<3 {
            for x in 0..<5 {
                let v = out[x, y] * 255
                #expect(SIMD4<UInt8>(v.rounded(.toNearestOrEven)) == picture[x, y], "(\(x), \(y))")
            }
        }
    }

    @Test func enlargedItIsInterpolatedBilinearly() {
        let out = Self.row([0, 255]).resampled(frame: SIMD4(0, 0, 4, 1), box: PixelBox(x0: 0, y0: 0, x1: 4, y1: 1))
        #expect(levels(out) == [0, 0.25, 0.75, 1])
    }

    @Test func reducedItIsAveragedOverTheFootprint() {
        let stripes = Self.row([0, 255, 0, 255, 0, 255, 0, 255])
        let out = stripes.resampled(frame: SIMD4(0, 0, 4, 1), box: PixelBox(x0: 0, y0: 0, x1: 4, y1: 1))
        // Tent weights 1/8, 3/8, 3/8, 1/8 over four pixels: half the light.
        for (i, v) in levels(out).enumerated().dropFirst().dropLast() {
            #expect(abs(v - 0.5) < 1e-6, "pixel \(i): \(v)")
        }
    }

    @Test func fitCentersItClearAroundAndFillCropsIt() {
        var wide = Self.row([0, 100, 200, 255])  // 4 × 1
        wide.contentMode = .fit
        let frame = SIMD4<Double>(0, 0, 8, 8)
        #expect(wide.placement(in: frame) == SIMD4(0, 3, 8, 2))
        let fitted = wide.resampled(frame: frame, box: PixelBox(x0: 0, y0: 0, x1: 8, y1: 8))
        #expect(fitted[3, 2].w == 0 && fitted[3, 3].w == 1 && fitted[3, 4].w == 1 && fitted[3, 5].w == 0)
        wide.contentMode = .fill
        #expect(wide.placement(in: frame) == SIMD4(-12, 0, 32, 8))
        let filled = wide.resampled(frame: frame, box: PixelBox(x0: 0, y0: 0, x1: 8, y1: 8))
        // The middle of the picture (its two middle pixels) across the frame.
        #expect((0..<8).allSatisfy { filled[$0, 0].w == 1 } && filled[0, 7].x < filled[7, 7].x)
        #expect(abs(filled[0, 0].x - 100.0 / 255) < 0.05 && abs(filled[7, 0].x - 200.0 / 255) < 0.05)
    }

    @Test func translucentEdgesDoNotDarken() {
        var picture = RGBAImage<UInt8>(width: 2, height: 1)
        picture[0, 0] = SIMD4(255, 0, 0, 255)
        picture[1, 0] = SIMD4(0, 0, 0, 0)  // clear black
        let image = LayerImage(source: "p.png", pixels: ImagePixels(picture), contentMode: .stretch)
        let out = image.resampled(frame: SIMD4(0, 0, 4, 1), box: PixelBox(x0: 0, y0: 0, x1: 4, y1: 1))
        // Premultiplied filtering: where red fades out it stays red.
        #expect(abs(out[2, 0].w - 0.25) < 1e-6 && out[2, 0].x == 1)
    }

    @Test func aSceneWithAPictureRoundTripsThroughItsFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("image-fill-\(UUID())")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var picture = RGBAImage<UInt8>(width: 3, height: 2)
        for i in 0..<6 { picture[i % 3, i / 3] = SIMD4(UInt8(40 * i), 90, 200, 255) }
        try Data(PNGEncoder().encode(picture)).write(to: dir.appendingPathComponent("pictures/p.png"))
        let text = #"""
            {"size": [300, 200], "layers": [{"frame": [0.1, 0.1, 0.5, 0.5], "fill": {"image": "pictures/p.png", "contentMode": "fit"}}]}
            """#
        let spec = dir.appendingPathComponent("scene.json")
        try Data(text.utf8).write(to: spec)
        let document = try GradientDocument.load(path: spec.path)
        guard case .image(let image)? = document.scene?.layers.first?.fill else {
            Issue.record("no image fill: \(String(describing: document.scene?.layers.first?.fill))")
            return
        }
        #expect(image.source == "pictures/p.png" && image.contentMode == .fit && image.pixels.image == picture)
        let written = document.jsonText()
        #expect(
            written.contains(#""image": "pictures/p.png""#) && written.contains(#""contentMode": "fit""#), "\(written)")
        #expect(try GradientDocument.decode(Array(written.utf8), folder: dir.path) == document)
        let code = document.swiftUICode()
        #expect(code.contains("Image(\"p\")") && code.contains(".scaledToFit()"), "\(code)")
    }

    @Test func aMissingPictureIsTheDocumentsErrorAtItsKeyPath() throws {
        let text = ##"{"layers": [{"fill": "#000000"}, {"fill": {"image": "nowhere/p.png"}}]}"##
        #expect {
            _ = try GradientDocument.decode(Array(text.utf8), folder: "/nonexistent")
        } throws: { error in
            let said = "\(error)"
            return said.contains("layers[1].fill.image") && said.contains("no such file")
        }
        let badMode = #"{"layers": [{"fill": {"image": "p.png", "contentMode": "cover"}}]}"#
        #expect {
            _ = try GradientDocument.decode(Array(badMode.utf8))
        } throws: { "\($0)".contains("contentMode") && "\($0)".contains("stretch, fill or fit") }
    }
}

extension ImageFillTests {
    @Test func savedElsewhereAPicturesPathStillNamesTheFile() {
        let picture = ImagePixels(RGBAImage<UInt8>(width: 1, height: 1))
        func layer(_ source: String) -> Layer {
            Layer(fill: .image(LayerImage(source: source, pixels: picture)))
        }
        let document = GradientDocument(
            scene: Scene(layers: [layer("pics/a.png"), layer("/abs/b.png"), layer("../c.png")]))
        let moved = document.rebasingImagePaths(from: "/work/designs", to: "/work/designs/v2")
        let sources = moved.scene!.layers.map { layer -> String in
            guard case .image(let image) = layer.fill else { return "" }
            return image.source
        }
        #expect(sources == ["/work/designs/pics/a.png", "/abs/b.png", "/work/c.png"])
        let back = moved.rebasingImagePaths(from: "/work/designs/v2", to: "/work")
        #expect(
            back.scene!.layers.map { layer -> String in
                guard case .image(let image) = layer.fill else { return "" }
                return image.source
            } == ["/work/designs/pics/a.png", "/abs/b.png", "/work/c.png"])
        let inside = document.rebasingImagePaths(from: "/work/designs", to: "/work")
        guard case .image(let first) = inside.scene!.layers[0].fill else {
            Issue.record("not an image")
            return
        }
        #expect(first.source == "designs/pics/a.png")
        #expect(document.rebasingImagePaths(from: "/x", to: "/x/") == document)
    }
}
