import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradText
import Testing

/// What the CPU scene renderer computes, checked against values worked
/// out by hand: compositing, gradients with stop opacity, pixel-snapped
/// frames, text masks, shadows against an analytic Gaussian, keyframes.
@Suite struct SceneRendererTests {
    static func plan(_ scene: Scene, _ width: Int, _ height: Int, time: Double = 0) throws -> ScenePlan {
        try ScenePlan(scene: scene, width: width, height: height, time: time)
    }

    @Test func halfBlackOverlayHalvesWhite() throws {
        let scene = Scene(
            background: .solid(.white), layers: [Layer(fill: .solid(.black), opacity: 0.5)], points: SIMD2(10, 10))
        let image = SceneRenderer().renderFloat(try Self.plan(scene, 8, 8))
        for c in image.components.indices {
            #expect(abs(image.components[c] - (c % 4 == 3 ? 1 : 0.5)) < 1e-6)
        }
        let rounded = SceneRenderer().render8(try Self.plan(scene, 8, 8), dithers: false)
        #expect(rounded[3, 3] == SIMD4(128, 128, 128, 255))
    }

    /// Stops are interpolated premultiplied: a fade from red to clear stays
    /// red all the way, only its alpha falls (no darkening toward black).
    @Test func fadeToClearStaysRed() throws {
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        let gradient = LinearGradient(colors: [red, RGBAColor(red: 1, green: 0, blue: 0, alpha: 0)])
        let scene = Scene(layers: [Layer(fill: .linearGradient(gradient))], points: SIMD2(10, 100))
        let image = SceneRenderer().renderFloat(try Self.plan(scene, 4, 100))
        for y in [0, 25, 50, 75, 98] {
            let p = image[1, y]
            #expect(abs(p.x - 1) < 1e-5 && p.y == 0 && p.z == 0, "row \(y): \(p)")
            // Pixel centers: t = (y + 0.5) / 100.
            #expect(abs(p.w - (1 - (Float(y) + 0.5) / 100)) < 1e-5, "row \(y): alpha \(p.w)")
        }
    }

    /// A horizontal gradient with three uneven stops, at pixel centers.
    @Test func gradientStopsAtPixelCenters() throws {
        let gradient = LinearGradient(
            stops: [
                GradientStop(location: 0, color: .black), GradientStop(location: 0.25, color: .white),
                GradientStop(location: 1, color: .black),
            ], start: SIMD2(0, 0.5), end: SIMD2(1, 0.5))
        let scene = Scene(layers: [Layer(fill: .linearGradient(gradient))], points: SIMD2(100, 10))
        let image = SceneRenderer().renderFloat(try Self.plan(scene, 100, 2))
        for x in [0, 10, 24, 25, 60, 99] {
            let t = (Double(x) + 0.5) / 100
            let expected = t < 0.25 ? t / 0.25 : 1 - (t - 0.25) / 0.75
            #expect(abs(Double(image[x, 1].x) - expected) < 1e-5, "x \(x)")
        }
    }

    /// Frames land on whole pixels: two halves of an odd-width canvas meet
    /// with neither a seam nor a pixel drawn twice.
    @Test func neighbouringFramesShareAnEdge() throws {
        let half = RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let scene = Scene(
            layers: [
                Layer(frame: UnitRect(x: 0, y: 0, width: 0.5, height: 1), fill: .solid(half)),
                Layer(frame: UnitRect(x: 0.5, y: 0, width: 0.5, height: 1), fill: .solid(half)),
            ], points: SIMD2(101, 3))
        let image = SceneRenderer().renderFloat(try Self.plan(scene, 101, 3))
        for x in 0..<101 {
            #expect(abs(image[x, 1].w - 0.5) < 1e-6, "column \(x): alpha \(image[x, 1].w)")
        }
    }

    /// Gradient text: the mesh shows inside the letters, nothing around.
    @Test func textMaskCutsOutTheLetters() throws {
        let plan = try ScenePlan(scene: Presets.meshingTextScene.document.scene!, width: 490, height: 120, time: 1.4)
        let image = SceneRenderer().render8(plan)
        #expect(image[2, 2].w == 0 && image[487, 117].w == 0 && image[245, 5].w == 0)
        let opaque = stride(from: 3, to: image.components.count, by: 4).filter { image.components[$0] == 255 }.count
        let clear = stride(from: 3, to: image.components.count, by: 4).filter { image.components[$0] == 0 }.count
        let total = image.width * image.height
        // The letters cover a good part of the label, not all of it.
        #expect(opaque > total / 8 && clear > total / 3, "opaque \(opaque), clear \(clear) of \(total)")
        // The mask equals the text module's own coverage of that layout.
        let mask = plan.layers[0].mask!
        #expect(abs(mask.coveredArea - Double(opaque)) < Double(total) / 20)
    }

    /// The shadow of an opaque half-plane: at distance d outside its edge,
    /// a Gaussian of σ pixels leaves 0.5·erfc((d + ½)/(σ√2)) of the shadow
    /// color (d + ½: from the edge to the pixel's center), within the
    /// kernel's sampling and ±3σ truncation.
    @Test func shadowMatchesAnalyticGaussian() throws {
        let sigma = 6.0
        // Points = pixels here. The layer covers x ≥ 100 and overflows
        // the canvas on the other three sides: a straight edge.
        let scene = Scene(
            layers: [
                Layer(
                    frame: UnitRect(x: 0.5, y: -1, width: 2, height: 3), fill: .solid(.white),
                    shadow: Shadow(color: .black, radius: sigma))
            ], points: SIMD2(200, 40))
        let image = SceneRenderer().renderFloat(try Self.plan(scene, 200, 40))
        var worst = 0.0
        for d in 0..<Int(3 * sigma) {
            let x = 99 - d
            let expected = 0.5 * erfc((Double(d) + 0.5) / (sigma * 2.0.squareRoot()))
            worst = max(worst, abs(Double(image[x, 20].w) - expected))
            #expect(image[x, 20].x == 0, "the shadow is black")
        }
        #expect(worst < 0.004, "largest error against the analytic shadow: \(worst)")
        #expect(image[100, 20] == SIMD4(1, 1, 1, 1), "the layer covers its own shadow")
        #expect(image[99 - 3 * Int(sigma) - 1, 20].w == 0, "nothing past 3σ")
    }

    /// A shadow's offset moves it by whole pixels.
    @Test func shadowOffsetShiftsIt() throws {
        func shadowAlpha(offset: SIMD2<Double>) throws -> RGBAImage<Float> {
            let scene = Scene(
                layers: [
                    Layer(
                        frame: UnitRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2), fill: .solid(.white), opacity: 1,
                        shadow: Shadow(color: .black, radius: 2, offset: offset))
                ], points: SIMD2(50, 50))
            return SceneRenderer().renderFloat(try Self.plan(scene, 50, 50))
        }
        let still = try shadowAlpha(offset: .zero)
        let moved = try shadowAlpha(offset: SIMD2(7, 3))
        // Below and right of the layer, where neither image has the layer.
        for (x, y) in [(35, 34), (38, 36), (40, 31)] {
            #expect(abs(moved[x, y].w - still[x - 7, y - 3].w) < 1e-6, "(\(x), \(y))")
        }
    }

    /// The wallpaper's bars start at full height and step down over 4 s.
    @Test func keyframesMoveTheBars() throws {
        let scene = Presets.seWallpaper.document.scene!
        let start = try Self.plan(scene, 90, 667, time: 0)
        let end = try Self.plan(scene, 90, 667, time: 4)
        #expect(start.layers.allSatisfy { $0.box.y0 == 0 && $0.box.y1 == 667 })
        // The middle bar (drawn first) is 5 steps of 60 pt shorter.
        #expect(end.layers[0].box.height == 667 - 300)
        #expect(end.layers[0].box.x0 == 40 && end.layers[0].box.x1 == 50)
        let middle = try Self.plan(scene, 90, 667, time: 2)
        #expect(middle.layers[0].box.height == 667 - 150, "easeInOut is halfway at half time")
    }

    /// Point sizes scale with the canvas: a text twice as large on a canvas
    /// twice as large.
    @Test func textScalesWithTheCanvas() throws {
        let scene = Presets.meshingTextScene.document.scene!
        let small = try ScenePlan(scene: scene, width: 490, height: 120)
        let large = try ScenePlan(scene: scene, width: 980, height: 240)
        let ratio = large.layers[0].mask!.coveredArea / small.layers[0].mask!.coveredArea
        #expect(abs(ratio - 4) < 0.05, "covered area ratio \(ratio)")
    }

    @Test func missingFontNamesTheLayer() {
        let scene = Scene(
            layers: [
                Layer(fill: .solid(.white)),
                Layer(fill: .solid(.white), text: TextMask(text: "Hi", size: 10, fontPath: "/no/such/font.ttf")),
            ], points: SIMD2(10, 10))
        #expect {
            try ScenePlan(scene: scene, width: 10, height: 10)
        } throws: { error in
            "\(error)".hasPrefix("layers[1].text: ") && "\(error)".contains("/no/such/font.ttf")
        }
    }
}
