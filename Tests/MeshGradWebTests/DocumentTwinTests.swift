import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

/// The JavaScript document reader and colors (Sources/MeshGradWeb/JavaScript/
/// Document/ and Color/) against Swift's: every color form the format
/// takes, read to the same extended sRGB (within 1e-9: the transfer curves
/// go through `Math.pow`); documents written in those forms, moved as
/// Swift moves them; and the documents Swift refuses, refused by the
/// JavaScript with the same key path.
@Suite struct DocumentTwinTests {
    /// Color texts, most valid, some not (nil on both sides).
    static let colorTexts = [
        "#FF8800", "#12ab34cc", "abcdef", "#AbCdEf80", "#12345", "#12G456", "#1234567", "",
        "color(display-p3 1 0.25 0.1)", "color(display-p3 1 0 0)", "color(display-p3 0 1 0 / 0.5)",
        "color(rec2020 0.1 0.9 0.2 / 0.75)", "color(rec2020 1 0 0)", "color(rec2020 0.5 50% 0.01)",
        "color(srgb-linear 0.5 1.2 0.05)", "color(srgb-linear 2 1 0.5 / 0.25)", "color(srgb-linear -0.1 0.002 0)",
        "color(srgb 1.1 -0.05 0.5 / 40%)", "color(srgb 0.2 0.4 0.6)", "  COLOR(Display-P3 0.5 0.5 0.5)  ",
        "color(srgb\t1 0 0)", "color(srgb 1 0 0 / 1.5)", "color(srgb 1 0 200)", "color(display-p3 1 0 0 0)",
        "color(xyz 1 0 0)", "color(srgb 1 0 x)", "rgb(1, 0, 0)",
        "oklch(70% 0.2 145deg)", "oklch(0.7 0.15 30)", "oklch(55% 50% 20)", "oklch(0.6 0.2 -45deg)",
        "oklch(0.3 0.05 270 / 0.5)", "oklch(1 0.4 700)", "oklch(0.5 0.1)", "oklch(0.5 0.1 30%)",
        "oklch(-0.1 0.1 30)", "oklch(0.5 0.1 30) x", "oklch(.5 .1 1e2)",
    ]

    @Test func colorsMatch() throws {
        let driver = """
            const texts = \(try jsonLiteral(Self.colorTexts));
            const gamuts = ["srgb", "display-p3", "rec2020"];
            const colors = texts.map((text) => colorValueHex(text) ?? parseCSSColor(text));
            console.log(JSON.stringify(JSON.stringify({
                colors,
                narrowest: colors.map((color) => color == null ? null : colorGamutNarrowest(color)),
                thrown: texts.map((text) => {
                    try {
                        colorValue(text, "c");
                        return null;
                    } catch (error) {
                        return error.message;
                    }
                }),
                toLinearSRGB: gamuts.map(colorGamutToLinearSRGB),
                fromLinearSRGB: gamuts.map(colorGamutFromLinearSRGB),
            })));
            """
        let js = try #require(try exactTwins(driver) as? [String: Any])
        let colors = js["colors"] as? [Any] ?? []
        let narrowest = js["narrowest"] as? [Any] ?? []
        let thrown = js["thrown"] as? [Any] ?? []
        #expect(
            colors.count == Self.colorTexts.count && narrowest.count == colors.count && thrown.count == colors.count)
        var largest = 0.0
        var valid = 0
        for (index, text) in Self.colorTexts.enumerated() where index < colors.count {
            let expected = RGBAColor(hex: text) ?? CSSColor.parse(text)
            guard let expected else {
                #expect(colors[index] is NSNull, "\(text): Swift reads no color")
                #expect((thrown[index] as? String)?.hasPrefix("c: ") == true, "\(text): colorValue does not throw")
                continue
            }
            valid += 1
            guard let rgba = colors[index] as? [Double], rgba.count == 4 else {
                Issue.record("\(text): JavaScript gives \(colors[index]), expected \(expected)")
                continue
            }
            for (a, b) in zip([expected.red, expected.green, expected.blue, expected.alpha], rgba) {
                largest = max(largest, abs(a - b))
            }
            #expect(thrown[index] is NSNull, "\(text): colorValue throws")
            #expect(
                narrowest[index] as? String == ColorGamut.narrowest(holding: expected)?.rawValue,
                "\(text): narrowest gamut")
        }
        #expect(valid == 24)
        #expect(largest <= 1e-9)
        // The conversions are arithmetic only: the same bits.
        func rows(_ m: Matrix3) -> [[Double]] {
            [m.rows.0, m.rows.1, m.rows.2].map { [$0.x, $0.y, $0.z] }
        }
        #expect(js["toLinearSRGB"] as? [[[Double]]] == ColorGamut.allCases.map { rows($0.toLinearSRGB) })
        #expect(js["fromLinearSRGB"] as? [[[Double]]] == ColorGamut.allCases.map { rows($0.fromLinearSRGB) })
        print("DocumentTwinTests: \(valid) colors, largest difference \(largest)")
    }

    /// Documents in every color form, moved to eight times.
    static let colorDocuments: [TwinDocument] = {
        let colors = """
            ["#FF8800", "#12ab34cc", [0.2, 0.4, 0.6],
             [0.1, 0.2, 0.3, 0.5], "color(display-p3 1 0.25 0.1)", "color(rec2020 0.1 0.9 0.2 / 0.75)",
             "color(srgb-linear 0.5 1.2 0.05)", "color(srgb 1.1 -0.05 0.5 / 40%)", "oklch(70% 0.2 145deg)"]
            """
        let keyframeColors = """
            ["oklch(55% 50% 20)", "color(display-p3 0 1 0 / 0.5)", "#00000000",
             "color(srgb 0.5 0.5 0.5)", "oklch(0.9 0.05 90)", [1, 1, 1, 0.25],
             "color(rec2020 0.9 0.1 0.1)", "color(srgb-linear 0.01 0.02 1.5 / 50%)", "#7f7f7f"]
            """
        func text(_ space: String, loop: String, extra: String) -> String {
            """
            {"width": 3, "height": 3,
             "points": [[0, 0], [0.5, 0], [1, 0], [0, 0.45], [0.55, 0.5], [1, 0.55], [0, 1], [0.5, 1], [1, 1]],
             "colors": \(colors),
             "background": "oklch(0.3 0.05 270)", "colorSpace": "\(space)", \(extra)
             "animation": {\(loop)"keyframes": [
               {"duration": 1.5, "easing": "easeOut", "colors": \(keyframeColors),
                "background": "color(rec2020 0.2 0.1 0.6 / 0.9)"},
               {"duration": 1, "easing": {"spring": {"dampingFraction": 0.5}}, "background": "#00000000"},
               {"duration": 0.5, "easing": {"spring": {}}, "colors": \(colors)}]}}
            """
        }
        return [
            TwinDocument(
                name: "color forms, perceptual, looping",
                text: text("perceptual", loop: "\"loop\": 5, ", extra: "\"grain\": {\"amount\": 0.2},"),
                times: [0, 0.4, 1.2, 1.9, 2.3, 2.8, 4.1, 9.6]),
            TwinDocument(
                name: "color forms, device",
                text: text(
                    "device", loop: "",
                    extra: "\"smoothsColors\": false, \"size\": [640, 480], \"poster\": 1.25, \"grain\": {},"),
                times: [0, 0.4, 1.2, 1.9, 2.3, 2.8, 4.1, 9.6]),
        ]
    }()

    @Test func colorDocumentsMatch() throws {
        let differences = try MeshDocumentTwin.compare(Self.colorDocuments)
        #expect(differences.meshes == 16)
        #expect(differences.positions <= 1e-9)
        #expect(differences.colors <= 1e-9)
        print(
            "DocumentTwinTests: color documents differ by at most \(differences.positions) in positions, "
                + "\(differences.colors) in colors")
    }

    /// Documents Swift refuses: the JavaScript refuses them too, naming the
    /// same key path.
    static let refused: [String] = {
        let points = "[[0, 0], [1, 0], [0, 1], [1, 1]]"
        let colors = ##"["#000000", "#ffffff", "#ff0000", "#00ff00"]"##
        func mesh(_ rest: String, points: String = points, colors: String = colors) -> String {
            ##"{"width": 2, "height": 2, "points": \##(points), "colors": \##(colors)\##(rest)}"##
        }
        let bezier = (0..<9).map { k in
            let x = Double(k % 3) / 2
            let y = Double(k / 3) / 2
            let handles = k == 4 ? "" : ##", "leading": [\##(x), \##(y)], "trailing": [\##(x), \##(y)]"##
            return ##"{"position": [\##(x), \##(y)], "top": [\##(x), \##(y)], "bottom": [\##(x), \##(y)]\##(handles)}"##
        }
        let nine = bezier.joined(separator: ", ")
        let eight = bezier.prefix(8).joined(separator: ", ")
        return [
            mesh("", colors: ##"["#000000", "#ffffff", "#ff0000"]"##),
            mesh("", points: "[[0, 0], [1, 0], [0, 1], [1, 1], [2, 2]]"),
            mesh("", points: "[[0, 0], [1, 0], [0, 1], [1, 1, 0]]"),
            mesh("", points: ##"[[0, 0], ["a", 0], [0, 1], [1, 1]]"##),
            mesh("", colors: ##"["#000000", "#ffffff", "#ff0000", "#12G456"]"##),
            mesh("", colors: ##"["#000000", "#ffffff", "#ff0000", [0, 1.5, 0]]"##),
            mesh(##", "animation": {"keyframes": [{"duration": 1, "points": [[0, 0]]}]}"##),
            mesh(
                ##", "animation": {"keyframes": [{"duration": 1}, {"duration": 2, "colors": ["#000000"]}]}"##),
            mesh(##", "animation": {"keyframes": [{"duration": "2"}]}"##),
            mesh(##", "animation": {"keyframes": [{"duration": 2, "easing": "bouncy"}]}"##),
            mesh(##", "animation": {"waves": [{"vertex": 1, "x": {"frequency": 2}}]}"##),
            mesh(##", "animation": {"waves": [{"vertex": 9, "x": {"amplitude": 1, "frequency": 2}}]}"##),
            mesh(##", "animation": 5"##),
            mesh(##", "grain": {"seed": 1.5}"##),
            mesh(##", "grain": {"amount": 2}"##),
            mesh(##", "size": [100]"##),
            mesh(##", "smoothsColors": "yes""##),
            mesh(##", "smoothColors": true"##),
            mesh(##", "colorSpace": "linear""##),
            ##"{"height": 2, "points": \##(points), "colors": \##(colors)}"##,
            ##"{"width": 2, "height": "2", "points": \##(points), "colors": \##(colors)}"##,
            ##"{"width": 2, "height": 2, "points": \##(points)}"##,
            ##"{"width": 2, "height": 2, "colors": \##(colors)}"##,
            ##"{"width": 3, "height": 3, "bezierPoints": [\##(nine)], "colors": \##(colors)}"##,
            ##"{"width": 3, "height": 3, "bezierPoints": [\##(eight)], "colors": []}"##,
        ]
    }()

    @Test func refusalsNameTheKey() throws {
        let scenes = Presets.all.compactMap { $0.document.scene != nil ? $0.document.jsonText() : nil }
        #expect(!scenes.isEmpty)
        let driver = """
            const refuse = (text) => {
                try {
                    readMeshDocument(JSON.parse(text));
                    return null;
                } catch (error) {
                    return error.message;
                }
            };
            console.log(JSON.stringify(JSON.stringify({
                refused: \(try jsonLiteral(Self.refused)).map(refuse),
                scenes: \(try jsonLiteral(scenes)).map(refuse),
            })));
            """
        let js = try #require(try exactTwins(driver) as? [String: Any])
        let messages = js["refused"] as? [Any] ?? []
        #expect(messages.count == Self.refused.count)
        for (text, message) in zip(Self.refused, messages) {
            let keyPath: String
            do {
                _ = try GradientDocument.decode(text)
                Issue.record("Swift reads \(text)")
                continue
            } catch {
                keyPath = error.keyPath
            }
            let line = message as? String ?? "(read)"
            #expect(!keyPath.isEmpty && line.hasPrefix(keyPath + ": "), "\(text): \(line); Swift names \(keyPath)")
            #expect(!line.contains("\n"), "\(line): one line")
        }
        #expect(
            js["scenes"] as? [String]
                == Array(repeating: "layers: scenes are drawn on the web as their poster image", count: scenes.count))
    }
}
