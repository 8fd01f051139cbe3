import Foundation
import MeshGradCore
import Testing

@testable import MeshGradDocument

/// Decoding documents, and every way a document can be wrong, with the
/// message a user sees.
@Suite struct DocumentTests {
    static let valid = """
        {
          "width": 3,
          "height": 3,
          "points": [[0, 0], [0.5, 0], [1, 0],
                     [0, 0.5], [0.45, 0.55], [1, 0.5],
                     [0, 1], [0.5, 1], [1, 1]],
          "colors": ["#EB0000", "#FF8800", "#ECE900",
                     "#FF0077", "#00BFFF", "#00FF9A",
                     "#9300FF", "#FF00BB", [0, 0.98, 0.864]],
          "background": "#000000",
          "smoothsColors": true,
          "colorSpace": "device"
        }
        """

    @Test func decodesTheFormatsExample() throws {
        let document = try GradientDocument.decode(Self.valid)
        let mesh = document.animatedMesh!.mesh
        #expect(mesh.width == 3 && mesh.height == 3)
        #expect(mesh.locations.positions[4] == SIMD2(0.45, 0.55))
        #expect(mesh.colors[0] == RGBAColor(red8: 0xEB, green8: 0, blue8: 0))
        #expect(mesh.colors[8] == RGBAColor(red: 0, green: 0.98, blue: 0.864))
        #expect(mesh.background == .black)
        #expect(mesh.smoothsColors && mesh.colorSpace == .device)
        #expect(document.size == nil)
    }

    @Test func defaultsMatchSwiftUI() throws {
        let document = try GradientDocument.decode(
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#fff","#000","#fff","#000"]}"##
                .replacingOccurrences(of: "#fff", with: "#ffffff").replacingOccurrences(of: "#000", with: "#000000"))
        #expect(document.animatedMesh!.mesh.background == .clear)
        #expect(document.animatedMesh!.mesh.smoothsColors)
        #expect(document.animatedMesh!.mesh.colorSpace == .device)
    }

    @Test func decodesBezierPointsAndSize() throws {
        let text = """
            {"width": 2, "height": 2,
             "bezierPoints": [
               {"position": [0, 0], "trailing": [0.3, 0.1], "bottom": [0, 0.3]},
               {"position": [1, 0], "leading": [0.7, -0.1], "bottom": [1, 0.3]},
               {"position": [0, 1], "trailing": [0.3, 1], "top": [0, 0.7]},
               {"position": [1, 1], "leading": [0.7, 1], "top": [1, 0.7]}],
             "colors": ["#ff0000", "#00ff00", "#0000ff", "#ffffffcc"],
             "size": [800, 600]}
            """
        let document = try GradientDocument.decode(text)
        guard case .bezierPoints(let points) = document.animatedMesh!.mesh.locations else {
            Issue.record("expected bezierPoints")
            return
        }
        #expect(points[0].trailing == SIMD2(0.3, 0.1))
        #expect(points[0].leading == points[0].position)  // out of the grid: defaults to the vertex
        #expect(document.animatedMesh!.mesh.colors[3].alpha == 0xcc / 255.0)
        #expect(document.size == CanvasSize(width: 800, height: 600))
    }

    @Test func jsonTextRoundTrips() throws {
        for preset in Presets.all {
            let text = preset.document.jsonText()
            #expect(try GradientDocument.decode(text) == preset.document, "\(preset.name)")
        }
        var document = try GradientDocument.decode(Self.valid)
        document.size = CanvasSize(width: 10, height: 20)
        document[.document]!.mesh.colors[1] = RGBAColor(red: 0.1234, green: 0.5, blue: 1, alpha: 0.25)
        #expect(try GradientDocument.decode(document.jsonText()) == document)
    }

    /// Written documents are for people to edit: every line sits two spaces
    /// deeper than the line that opened its object or array, however deep
    /// (a scene's mesh layer's animation is four levels down).
    @Test(arguments: Presets.all.map(\.name))
    func jsonTextIsIndentedByNesting(name: String) {
        let text = Presets.named(name)!.document.jsonText()
        var open = 0
        for (number, line) in text.split(separator: "\n").enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.first == "}" || trimmed.first == "]" { open -= 1 }
            #expect(line.count - trimmed.count == 2 * open, "\(name), line \(number + 1): \(line)")
            if trimmed.last == "{" || trimmed.last == "[" { open += 1 }
        }
        #expect(open == 0)
    }

    // MARK: - Bad input, one case per message

    static let errorCases: [(name: String, json: String, message: String)] = [
        (
            "point count",
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1]], "colors": ["#000000","#000000","#000000","#000000"]}"##,
            "points: has 3 entries; expected width × height = 4"
        ),
        (
            "color count", ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000"]}"##,
            "colors: has 1 entries; expected width × height = 4"
        ),
        (
            "width too small", ##"{"width": 1, "height": 2, "points": [], "colors": []}"##,
            "width: 1 is not allowed; expected an integer ≥ 2"
        ),
        (
            "width not integer", ##"{"width": 2.5, "height": 2, "points": [], "colors": []}"##,
            "width: 2.5 is not allowed; expected an integer ≥ 2"
        ),
        (
            "width is a string", ##"{"width": "3", "height": 2, "points": [], "colors": []}"##,
            "width: found a string; expected an integer ≥ 2"
        ),
        (
            "bad hex",
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000","#12G456","#000000","#000000"]}"##,
            ##"colors[1]: "#12G456" is not a color; expected "#RRGGBB", "#RRGGBBAA", [r, g, b] or [r, g, b, a] with components in 0…1"##
        ),
        (
            "component out of range",
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000",[0, 2, 0],"#000000","#000000"]}"##,
            "colors[1][1]: 2.0 is out of range; expected a number in 0…1"
        ),
        (
            "NaN", ##"{"width": 2, "height": 2, "points": [[0,0],[NaN,0],[0,1],[1,1]], "colors": []}"##,
            "line 1, column 45: points[1][0]: NaN is not a finite number; expected a finite number"
        ),
        (
            "infinite", "{\"width\": 2, \"height\": 2,\n \"points\": [[0,0],[1e999,0],[0,1],[1,1]], \"colors\": []}",
            "line 2, column 20: points[1][0]: 1e999 is not a finite number; expected a finite number"
        ),
        (
            "negative infinity", ##"{"width": 2, "height": 2, "points": [[0,-Infinity]], "colors": []}"##,
            "line 1, column 41: points[0][1]: -Infinity is not a finite number; expected a finite number"
        ),
        (
            "unknown key",
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000","#000000","#000000","#000000"], "smoothColors": false}"##,
            ##"smoothColors: unknown key in the document (did you mean "smoothsColors"?); expected one of width, height, points, bezierPoints, colors, background, smoothsColors, colorSpace, size"##
        ),
        (
            "unknown color space",
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000","#000000","#000000","#000000"], "colorSpace": "linear"}"##,
            ##"colorSpace: "linear" is not a color space; expected "device" or "perceptual""##
        ),
        ("empty", "  \n", "the document is empty; expected a JSON object with width, height, points and colors"),
        (
            "invalid JSON", "{\n  \"width\": 2,\n  \"height\" 2\n}",
            "line 3, column 12: unexpected '2'; expected ':' after the key \"height\""
        ),
        (
            "trailing comma", "{\"width\": 2, \"height\": 2, \"points\": [[0,0],],}",
            "line 1, column 44: points: a trailing ',' before ']' is not allowed in JSON"
        ),
        ("unclosed", "{\"width\": 2", "line 1, column 12: the file ends inside an object; expected '}'"),
        ("not an object", "[1, 2]", "found an array; expected an object"),
        (
            "missing colors", ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]]}"##,
            "colors: missing; expected 4 colors"
        ),
        (
            "both locations", ##"{"width": 2, "height": 2, "points": [], "bezierPoints": [], "colors": []}"##,
            "has both points and bezierPoints; expected one of them"
        ),
        (
            "point arity", ##"{"width": 2, "height": 2, "points": [[0,0],[1,0,3],[0,1],[1,1]], "colors": []}"##,
            "points[1]: has 3 numbers; expected [x, y]"
        ),
        (
            "missing handle",
            ##"{"width": 2, "height": 2, "bezierPoints": [{"position": [0,0]}, {"position": [1,0], "leading": [0.6,0], "bottom": [1,0.3]}, {"position": [0,1], "trailing": [0.3,1], "top": [0,0.6]}, {"position": [1,1], "leading": [0.6,1], "top": [1,0.6]}], "colors": ["#000000","#000000","#000000","#000000"]}"##,
            "bezierPoints[0].trailing: missing; vertex (0, 0) has a neighbour on that side, so expected [x, y]"
        ),
        (
            "bad size",
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000","#000000","#000000","#000000"], "size": [0, 100]}"##,
            "size: size 0x100 is out of range; expected each side in 1…65536"
        ),
    ]

    @Test(arguments: errorCases.map(\.name))
    func reportsBadInput(name: String) {
        let testCase = Self.errorCases.first { $0.name == name }!
        do {
            _ = try GradientDocument.decode(testCase.json)
            Issue.record("\(name): decoded without error")
        } catch {
            #expect(error.description.contains(testCase.message), "\(name): got \(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func fileErrorsNameTheFile() throws {
        do {
            _ = try GradientDocument.load(path: "/nonexistent/spec.json")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.description == "/nonexistent/spec.json: no such file")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-doc-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data("{\n  \"width\": 2,\n  \"height\" 2\n}".utf8).write(to: file)
        do {
            _ = try GradientDocument.load(path: file.path)
            Issue.record("loaded a broken file")
        } catch {
            #expect(error.description == "\(file.path):3:12: unexpected '2'; expected ':' after the key \"height\"")
        }
        do {
            _ = try GradientDocument.load(path: directory.path)
            Issue.record("loaded a folder")
        } catch {
            #expect(error.description.hasSuffix("is a folder; expected a JSON document"))
        }
    }

    @Test func canvasSizes() throws {
        #expect(try CanvasSize(parsing: "4k") == CanvasSize(width: 3840, height: 2160))
        #expect(try CanvasSize(parsing: "8K") == CanvasSize(width: 7680, height: 4320))
        #expect(try CanvasSize(parsing: "333x517") == CanvasSize(width: 333, height: 517))
        #expect(try CanvasSize(parsing: "1920×1080") == CanvasSize(width: 1920, height: 1080))
        #expect(throws: SizeError.self) { try CanvasSize(parsing: "big") }
        #expect(throws: SizeError.self) { try CanvasSize(parsing: "0x10") }
        #expect(throws: SizeError.self) { try CanvasSize(parsing: "100000x10") }
    }
}

@Suite struct AnimationDocumentTests {
    @Test func decodesEveryKindOfMotion() throws {
        let text = """
            {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
             "colors": ["#000000", "#ff0000", "#00ff00", "#0000ff"],
             "animation": {
               "loop": 6,
               "waves": [{"vertex": 1, "x": {"amplitude": -0.1, "frequency": 0.8, "phase": 1.5}}],
               "drift": {"seed": 3, "amplitude": 0.5, "speed": 0.4},
               "keyframes": [
                 {"duration": 2, "easing": "easeOut", "colors": ["#ffffff", "#ff0000", "#00ff00", "#0000ff"]},
                 {"duration": 1, "easing": {"spring": {"response": 0.6, "dampingFraction": 0.7}}, "background": "#123456"}
               ]}}
            """
        let animation = try #require(try GradientDocument.decode(text).animatedMesh?.animation)
        #expect(animation.loop == 6)
        #expect(animation.waves == [VertexWaves(vertex: 1, x: Wave(amplitude: -0.1, frequency: 0.8, phase: 1.5))])
        #expect(animation.drift == Drift(seed: 3, amplitude: 0.5, speed: 0.4))
        #expect(animation.keyframes.count == 2)
        #expect(animation.keyframes[0].easing == .easeOut)
        #expect(animation.keyframes[1].easing == .spring(response: 0.6, dampingFraction: 0.7))
        #expect(animation.keyframes[1].background == RGBAColor(hex: "#123456"))
    }

    @Test func animatedPresetsRoundTrip() throws {
        for preset in Presets.all where preset.document.animatedMesh?.animation != nil {
            #expect(try GradientDocument.decode(preset.document.jsonText()) == preset.document, "\(preset.name)")
        }
    }

    static let errorCases: [(json: String, message: String)] = [
        (#""animation": {"loop": -1}"#, "animation.loop: -1.0 is not allowed; expected a positive number of seconds"),
        (
            #""animation": {"waves": [{"vertex": 9, "x": {"amplitude": 1, "frequency": 1}}]}"#,
            "animation.waves[0].vertex: 9 is out of range; expected 0…3"
        ),
        (#""animation": {"waves": [{"vertex": 1}]}"#, "animation.waves[0]: moves nothing; expected \"x\" or \"y\""),
        (
            #""animation": {"waves": [{"vertex": 1, "x": {"amplitude": 1}}]}"#,
            "animation.waves[0].x.frequency: missing; expected a number"
        ),
        (#""animation": {"drift": {"amplitude": 2}}"#, "animation.drift.amplitude: 2.0 is out of range; expected 0…1"),
        (
            #""animation": {"keyframes": [{"duration": 0}]}"#,
            "animation.keyframes[0].duration: 0.0 is not allowed; expected seconds > 0"
        ),
        (
            #""animation": {"keyframes": [{"duration": 1, "easing": "bouncy"}]}"#,
            #"animation.keyframes[0].easing: "bouncy" is not an easing"#
        ),
        (
            #""animation": {"keyframes": [{"duration": 1, "points": [[0,0]]}]}"#,
            "animation.keyframes[0].points: has 1 entries; expected width × height = 4"
        ),
        (
            #""animation": {"loop": 1, "keyframes": [{"duration": 2}]}"#,
            "animation.loop: 1.0 s is shorter than the keyframes (2.0 s)"
        ),
        (#""animation": {"speed": 2}"#, #"animation.speed: unknown key in animation"#),
    ]

    @Test(arguments: 0..<errorCases.count)
    func reportsBadAnimations(index: Int) {
        let testCase = Self.errorCases[index]
        let text =
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000","#000000","#000000","#000000"], "##
            + testCase.json + "}"
        do {
            _ = try GradientDocument.decode(text)
            Issue.record("decoded: \(testCase.json)")
        } catch {
            #expect(error.description.contains(testCase.message), "got \(error.description)")
        }
    }
}

/// Scene documents: the names their keys take, each wrong one a one-line
/// message with its key path.
@Suite struct SceneDocumentErrorTests {
    static let errorCases: [(json: String, message: String)] = [
        (
            ##"{"frame": [0, 0, 1, 1], "fill": "#ffffff", "text": {"string": "Hi", "size": 20, "weight": "black"}}"##,
            #"layers[0].text.weight: "black" is not a weight; expected regular, bold or heavy"#
        ),
        (
            ##"{"frame": [0, 0, 1, 1], "fill": "#ffffff", "text": {"string": "Hi", "size": 20, "alignment": "justified"}}"##,
            #"layers[0].text.alignment: "justified" is not an alignment; expected leading, center or trailing"#
        ),
        (
            ##"{"frame": [0, 0, 1, 1], "fill": {"linearGradient": {"colors": ["#000000", "#ffffff"], "colorSpace": "lab"}}}"##,
            #"layers[0].fill.linearGradient.colorSpace: "lab" is not a color space; expected "device" or "perceptual""#
        ),
    ]

    @Test(arguments: 0..<errorCases.count)
    func reportsBadNames(index: Int) {
        let testCase = Self.errorCases[index]
        let text = ##"{"size": [100, 100], "background": "#000000", "layers": ["## + testCase.json + "]}"
        do {
            _ = try GradientDocument.decode(text)
            Issue.record("decoded: \(testCase.json)")
        } catch {
            #expect(error.description.contains(testCase.message), "got \(error.description)")
        }
    }
}

/// `Presets.named` builds only the preset asked for, from a table of names:
/// each name there is its preset's own, once, in the listing's order.
@Suite struct PresetTableTests {
    @Test func namesAreThePresetsOwn() {
        let built = Presets.makers.map { ($0.name, $0.make().name) }
        #expect(built.allSatisfy { $0.0 == $0.1 }, "\(built)")
        #expect(Set(Presets.names).count == Presets.names.count)
        #expect(Presets.all.map(\.name) == Presets.names)
        for name in Presets.names {
            #expect(Presets.named(name.uppercased())?.name == name)
        }
        #expect(Presets.named("no-such-preset") == nil)
    }
}
