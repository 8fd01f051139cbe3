import Foundation
import MeshGradCore
import Testing

@testable import MeshGradCLI

/// Bad input, as an attacker or a careless user gives it: documents,
/// scenes, animations, manifests and arguments. Every case must fail with
/// a usage or input status, print exactly one line on stderr naming the
/// problem (control characters escaped, long values cut), write no file
/// and leave a pre-existing output byte for byte as it was.
@Suite struct BadInputTests {
    /// A valid 2 × 2 mesh document with `extra` keys added at the top.
    static func mesh(_ extra: String = "", points: String = "[[0,0],[1,0],[0,1],[1,1]]") -> String {
        #"{"width": 2, "height": 2, "points": \#(points), "colors": [[0,0,0], [1,1,1], [1,0,0], [0,1,0]]\#(extra)}"#
    }

    /// A mesh document whose animation is `animation`.
    static func animated(_ animation: String) -> String { mesh(#", "animation": \#(animation)"#) }

    /// A scene of one layer: `layer` is the layer's keys after its fill.
    static func scene(_ layer: String = "", top: String = "", fill: String = "[1,0,0]") -> String {
        #"{\#(top)"layers": [{"fill": \#(fill)\#(layer)}]}"#
    }

    static let wave = #"{"waves": [{"vertex": 1, "x": {"amplitude": 0.1, "frequency": 1}}]}"#

    /// (what, document, a part of the expected message)
    static let documents: [(String, String, String)] = [
        ("empty", "", "empty"),
        ("blank", "   \n  ", "empty"),
        ("not JSON", "hello", "unexpected"),
        ("trailing comma", #"{"width": 2,}"#, "trailing ','"),
        ("unclosed string", "{\"width\n\": 2}", "not closed"),
        ("NaN", #"{"width": NaN}"#, "NaN is not a finite number"),
        ("1e999", mesh(#", "poster": 1e999"#), "1e999 is not a finite number"),
        ("too deep", String(repeating: "[", count: 300), "nested too deeply"),
        ("top-level array", "[1, 2]", "expected"),
        ("missing width", #"{"height": 2}"#, "width: missing"),
        ("width 1", mesh().replacingOccurrences(of: #""width": 2"#, with: #""width": 1"#), "width: 1 is not allowed"),
        ("width 257", mesh().replacingOccurrences(of: #""width": 2"#, with: #""width": 257"#), "from 2 to 256"),
        ("width 1.5", mesh().replacingOccurrences(of: #""width": 2"#, with: #""width": 1.5"#), "width:"),
        ("width string", mesh().replacingOccurrences(of: #""width": 2"#, with: #""width": "2""#), "width:"),
        ("point count", mesh(points: "[[0,0],[1,0],[0,1]]"), "points: has 3 entries"),
        ("no points", #"{"width": 2, "height": 2, "colors": []}"#, "points: missing"),
        ("three numbers", mesh(points: "[[0,0,0],[1,0],[0,1],[1,1]]"), "points[0]: has 3 numbers"),
        ("string coordinate", mesh(points: #"[["0",0],[1,0],[0,1],[1,1]]"#), "points[0][0]"),
        ("coordinate 1e308", mesh(points: "[[1e308,0],[1,0],[0,1],[1,1]]"), "points[0][0]: 1e+308 is out of range"),
        ("coordinate -1e5", mesh(points: "[[-1e5,0],[1,0],[0,1],[1,1]]"), "points[0][0]"),
        ("no colors", #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]]}"#, "colors: missing"),
        (
            "bad hex", mesh().replacingOccurrences(of: "[0,0,0]", with: "\"#zz0000\""),
            "colors[0]: \"#zz0000\" is not a color"
        ),
        (
            "component 2", mesh().replacingOccurrences(of: "[0,0,0]", with: "[2, 0, 0]"),
            "colors[0][0]: 2.0 is out of range"
        ),
        (
            "escapes echoed", mesh().replacingOccurrences(of: "[0,0,0]", with: "\"#00\\n\\u001b[31m00\""),
            "\"#00\\n\\u{1B}[31m00\""
        ),
        (
            "10 MB value",
            mesh().replacingOccurrences(of: "[0,0,0]", with: "\"" + String(repeating: "x", count: 10_000_000) + "\""),
            "…\" is not a color"
        ),
        ("five components", mesh().replacingOccurrences(of: "[0,0,0]", with: "[0, 0, 0, 0, 0]"), "has 5 components"),
        ("unknown key", mesh(#", "colour": 1"#), #"colour: unknown key in the document (did you mean "colors"?)"#),
        ("duplicate key", mesh(#", "width": 3"#), #"duplicate key "width" (first at line 1, column 2)"#),
        (
            "duplicate nested key", mesh(points: #"[[0,0],[1,0],[0,1],[1,1]], "background": {"mesh": 1, "mesh": 2}"#),
            "background.mesh: duplicate key"
        ),
        ("escaped duplicate", mesh(#", "w\u0069dth": 3"#), "duplicate key \"width\""),
        (
            "missing handle",
            #"{"width": 2, "height": 2, "bezierPoints": [{"position": [0,0]}, {"position": [1,0]}, {"position": [0,1]}, {"position": [1,1]}], "colors": [[0,0,0], [1,1,1], [1,0,0], [0,1,0]]}"#,
            "bezierPoints[0].trailing: missing"
        ),
        (
            "bezier unknown key",
            #"{"width": 2, "height": 2, "bezierPoints": [{"position": [0,0], "left": [0,0]}, {"position": [1,0]}, {"position": [0,1]}, {"position": [1,1]}], "colors": [[0,0,0], [1,1,1], [1,0,0], [0,1,0]]}"#,
            "bezierPoints[0].left: unknown key"
        ),
        (
            "handle 1e300",
            #"{"width": 2, "height": 2, "bezierPoints": [{"position": [0,0], "trailing": [1e300, 0], "bottom": [0, 0.3]}, {"position": [1,0], "leading": [0.7,0], "bottom": [1,0.3]}, {"position": [0,1], "trailing": [0.3,1], "top": [0,0.7]}, {"position": [1,1], "leading": [0.7,1], "top": [1,0.7]}], "colors": [[0,0,0], [1,1,1], [1,0,0], [0,1,0]]}"#,
            "bezierPoints[0].trailing[0]: 1e+300 is out of range"
        ),
        ("both kinds of points", mesh(#", "bezierPoints": []"#), "has both points and bezierPoints"),
        ("color space", mesh(#", "colorSpace": "rgb""#), #"colorSpace: "rgb" is not a color space"#),
        ("smoothsColors", mesh(#", "smoothsColors": "yes""#), "smoothsColors:"),
        ("background", mesh(#", "background": 7"#), "background:"),
        ("size 1.5", mesh(#", "size": [1.5, 2]"#), "size[0]: 1.5 is not an integer"),
        ("size 0", mesh(#", "size": [0, 10]"#), "size: size 0x10 is out of range"),
        ("size 70000", mesh(#", "size": [70000, 10]"#), "out of range"),
        ("size three", mesh(#", "size": [1, 2, 3]"#), "size: has 3 numbers"),
        ("size string", mesh(#", "size": "big""#), "size:"),
        ("poster 1e308", mesh(#", "poster": 1e308"#), "poster: 1e+308 is out of range"),
        ("poster soon", mesh(#", "poster": "soon""#), "poster:"),
        (
            "animation key", animated(#"{"wave": []}"#),
            #"animation.wave: unknown key in animation (did you mean "waves"?)"#
        ),
        (
            "vertex 1.5", animated(#"{"waves": [{"vertex": 1.5, "x": {"amplitude": 0.1, "frequency": 1}}]}"#),
            "animation.waves[0].vertex: 1.5 is not an integer"
        ),
        (
            "vertex 2^63",
            animated(#"{"waves": [{"vertex": 9223372036854775808, "x": {"amplitude": 0.1, "frequency": 1}}]}"#),
            "animation.waves[0].vertex: 9.223372036854776e+18 is out of range"
        ),
        (
            "vertex 99", animated(#"{"waves": [{"vertex": 99, "x": {"amplitude": 0.1, "frequency": 1}}]}"#),
            "animation.waves[0].vertex: 99 is out of range"
        ),
        (
            "amplitude 1e308", animated(wave.replacingOccurrences(of: "0.1", with: "1e308")),
            "animation.waves[0].x.amplitude: 1e+308 is out of range"
        ),
        (
            "frequency 1e308",
            animated(wave.replacingOccurrences(of: #""frequency": 1"#, with: #""frequency": 1e308"#)),
            "animation.waves[0].x.frequency: 1e+308 is out of range"
        ),
        (
            "phase 1e308",
            animated(wave.replacingOccurrences(of: #""frequency": 1"#, with: #""frequency": 1, "phase": 1e308"#)),
            "animation.waves[0].x.phase"
        ),
        (
            "base 1e308",
            animated(wave.replacingOccurrences(of: #""frequency": 1"#, with: #""frequency": 1, "base": 1e308"#)),
            "animation.waves[0].x.base"
        ),
        (
            "no frequency", animated(#"{"waves": [{"vertex": 1, "x": {"amplitude": 0.1}}]}"#),
            "animation.waves[0].x.frequency: missing"
        ),
        ("nothing moves", animated(#"{"waves": [{"vertex": 1}]}"#), "moves nothing"),
        (
            "drift speed 1e308", animated(#"{"drift": {"speed": 1e308}}"#),
            "animation.drift.speed: 1e+308 is out of range"
        ),
        ("seed -1", animated(#"{"drift": {"seed": -1}}"#), "animation.drift.seed: -1 is out of range"),
        ("seed 1.5", animated(#"{"drift": {"seed": 1.5}}"#), "animation.drift.seed: 1.5 is not an integer"),
        (
            "drift amplitude 2", animated(#"{"drift": {"amplitude": 2}}"#),
            "animation.drift.amplitude: 2.0 is out of range"
        ),
        ("loop 0", animated(#"{"loop": 0, "drift": {}}"#), "animation.loop: 0.0 is not allowed"),
        ("loop 1e308", animated(#"{"loop": 1e308, "drift": {}}"#), "animation.loop: 1e+308 is out of range"),
        (
            "duration 0", animated(#"{"keyframes": [{"duration": 0}]}"#),
            "animation.keyframes[0].duration: 0.0 is not allowed"
        ),
        (
            "duration 1e308", animated(#"{"keyframes": [{"duration": 1e308}]}"#),
            "animation.keyframes[0].duration: 1e+308 is out of range"
        ),
        (
            "keyframe points", animated(#"{"keyframes": [{"duration": 1, "points": [[0,0]]}]}"#),
            "animation.keyframes[0].points: has 1 entries"
        ),
        (
            "easing", animated(#"{"keyframes": [{"duration": 1, "easing": "bouncy"}]}"#),
            #"animation.keyframes[0].easing: "bouncy" is not an easing"#
        ),
        (
            "spring 1e308", animated(#"{"keyframes": [{"duration": 1, "easing": {"spring": {"response": 1e308}}}]}"#),
            "easing.spring.response: 1e+308 is out of range"
        ),
        (
            "spring 0", animated(#"{"keyframes": [{"duration": 1, "easing": {"spring": {"dampingFraction": 0}}}]}"#),
            "a spring needs"
        ),
        (
            "keyframes past the loop", animated(#"{"loop": 1, "keyframes": [{"duration": 2}]}"#),
            "shorter than the keyframes"
        ),
        ("escape in a key", mesh(#", "\u001b[2J": 1"#), #"\u{1B}[2J: unknown key"#),
        (
            "mesh layer point count",
            #"{"layers": ["#
                + Array(
                    repeating: #"{"fill": {"mesh": {"width": 256, "height": 256, "points": [], "colors": []}}}"#,
                    count: 1
                ).joined() + "]}", "points: has 0 entries"
        ),
        // Scenes
        ("layers not an array", #"{"layers": 5}"#, "layers:"),
        ("no fill", #"{"layers": [{}]}"#, "layers[0].fill: missing"),
        ("frame 1e19", scene(#", "frame": [0, 0, 1e19, 1]"#), "layers[0].frame[2]: 1e+19 is out of range"),
        ("frame 2^31", scene(#", "frame": [0, 0, 2147483648, 1]"#), "layers[0].frame[2]: 2147483648 is out of range"),
        ("frame negative", scene(#", "frame": [0, 0, -1, 1]"#), "layers[0].frame: expected [x, y, width, height]"),
        ("opacity 2", scene(#", "opacity": 2"#), "layers[0].opacity: 2.0 is out of range"),
        (
            "text 1e300", scene(#", "text": {"string": "Hi", "size": 1e300}"#),
            "layers[0].text.size: 1e+300 is out of range"
        ),
        ("text width 1e15", scene(#", "text": {"string": "Hi", "size": 10, "width": 1e15}"#), "layers[0].text.width"),
        ("text empty", scene(#", "text": {"string": "", "size": 10}"#), "layers[0].text.string: is empty"),
        (
            "text too long", scene(#", "text": {"string": "\#(String(repeating: "a", count: 10_001))", "size": 10}"#),
            "has 10001 characters; expected at most 10000"
        ),
        (
            "text weight", scene(#", "text": {"string": "Hi", "size": 10, "weight": "black"}"#),
            #""black" is not a weight"#
        ),
        (
            "text alignment", scene(#", "text": {"string": "Hi", "size": 10, "alignment": "justified"}"#),
            "is not an alignment"
        ),
        (
            "text pixels", scene(#", "text": {"string": "Hi", "size": 5000}"#, top: #""points": [10, 10], "#),
            "layers[0].text.size: is 32000 pixels on a 64×64 canvas"
        ),
        ("points 1e-300", scene(top: #""points": [1e-300, 1e-300], "#), "points[0]: 1e-300 is out of range"),
        ("points 0", scene(top: #""points": [0, 10], "#), "points: expected [width, height] in points, both > 0"),
        (
            "shadow radius 1e6", scene(#", "shadow": {"radius": 1e6}"#),
            "layers[0].shadow.radius: 1000000 is out of range"
        ),
        (
            "shadow past the scene", scene(#", "shadow": {"radius": 5000}"#),
            "layers[0].shadow.radius: 5000 is out of range; expected points (the scene's size)"
        ),
        (
            "shadow offset 1e300", scene(#", "shadow": {"offset": [1e300, 0]}"#),
            "layers[0].shadow.offset[0]: 1e+300 is out of range"
        ),
        ("shadow radius -1", scene(#", "shadow": {"radius": -1}"#), "layers[0].shadow.radius: -1.0 is not allowed"),
        ("one stop", scene(fill: #"{"linearGradient": {"colors": [[0,0,0]]}}"#), "has 1 stops"),
        (
            "stop location",
            scene(
                fill:
                    #"{"linearGradient": {"stops": [{"location": 2, "color": [0,0,0]}, {"location": 0, "color": [0,0,0]}]}}"#
            ), "location: 2.0 is out of range"
        ),
        (
            "gradient start", scene(fill: #"{"linearGradient": {"colors": [[0,0,0], [1,1,1]], "start": [1e308, 0]}}"#),
            "layers[0].fill.linearGradient.start[0]"
        ),
        (
            "keyframe frame", scene(#", "keyframes": [{"duration": 1, "frame": [0, 0, 1e19, 1]}]"#),
            "layers[0].keyframes[0].frame[2]"
        ),
        ("layer loop", scene(#", "loop": -1"#), "layers[0].loop: -1.0 is not allowed"),
        ("fill key", scene(fill: #"{"meshes": {}}"#), "unknown key in a fill"),
        (
            "mesh layer wave",
            scene(fill: #"{"mesh": \#(animated(wave.replacingOccurrences(of: "0.1", with: "1e308")))}"#),
            "layers[0].fill.mesh.animation.waves[0].x.amplitude"
        ),
    ]

    /// `summary`: a batch's closing count line is allowed after the one line.
    func check(
        _ what: String, _ arguments: [String], in dir: URL, expect: String, status: ClosedRange<Int32> = 1...2,
        summary: Bool = false
    ) throws {
        let output = dir.appendingPathComponent("out.png")
        let before = Data("a picture the user made".utf8)
        try before.write(to: output)
        let result = CLITests().run(arguments)
        #expect(status.contains(result.status), "\(what): status \(result.status): \(result.err)")
        let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .filter { !(summary && $0.hasSuffix(" rendered, 1 failed")) }
        #expect(result.err.hasSuffix("\n") && lines.count == 1, "\(what): \(result.err.prefix(500))")
        #expect(!result.err.contains("\u{1B}"), "\(what): a raw escape reached stderr")
        #expect(result.err.count < 2200, "\(what): a \(result.err.count)-character message")
        #expect(result.err.contains(expect), "\(what): \(result.err.prefix(500))")
        #expect(try Data(contentsOf: output) == before, "\(what): the existing output changed")
        let debris = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
            !["out.png", "doc.json", "jobs.jsonl"].contains($0)
        }
        #expect(debris.isEmpty, "\(what): left \(debris)")
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-bad-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: documents.indices)
    func badDocument(_ index: Int) throws {
        let (what, text, expect) = Self.documents[index]
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = dir.appendingPathComponent("doc.json")
        try Data(text.utf8).write(to: document)
        try check(
            what, ["render", document.path, "--size", "64x64", "--backend", "cpu", "-o", dir.path + "/out.png"],
            in: dir, expect: expect)
    }

    /// (what, manifest line, expected message)
    static let manifestLines: [(String, String, String)] = [
        (
            "time soon", #"{"preset": "aurora", "output": "out.png", "time": "soon"}"#,
            "jobs.jsonl:1: time: found a string; expected seconds"
        ),
        (
            "time 1e308", #"{"preset": "aurora", "output": "out.png", "time": 1e308}"#,
            "jobs.jsonl:1: time: 1e+308 is out of range"
        ),
        (
            "dither maybe", #"{"preset": "aurora", "output": "out.png", "dither": "maybe"}"#,
            "jobs.jsonl:1: dither: found a string; expected true or false"
        ),
        ("dither 1", #"{"preset": "aurora", "output": "out.png", "dither": 1}"#, "jobs.jsonl:1: dither:"),
        (
            "depth string", #"{"preset": "aurora", "output": "out.png", "depth": "16"}"#,
            "jobs.jsonl:1: depth: found a string; expected 8 or 16"
        ),
        (
            "depth 12", #"{"preset": "aurora", "output": "out.png", "depth": 12}"#,
            "jobs.jsonl:1: depth: 12 is not allowed"
        ),
        ("bad JSON", #"{"preset": "aurora", "output": "out.png""#, "jobs.jsonl:1:41: the file ends inside an object"),
        (
            "duplicate key", #"{"preset": "aurora", "output": "out.png", "preset": "lava"}"#,
            #"jobs.jsonl:1:43: preset: duplicate key "preset" (first at line 1, column 2)"#
        ),
        (
            "unknown key", #"{"preset": "aurora", "output": "out.png", "colour": 1}"#,
            #"jobs.jsonl:1: unknown key "colour""#
        ),
        (
            "not png", #"{"preset": "aurora", "output": "out.gif"}"#,
            #"jobs.jsonl:1: "output" missing or not a .png, .pdf, .jpg or .webp path"#
        ),
        ("output number", #"{"preset": "aurora", "output": 5}"#, "jobs.jsonl:1: output: found"),
        ("size", #"{"preset": "aurora", "output": "out.png", "size": [1.5, 2]}"#, "jobs.jsonl:1: size: expected"),
        ("both inputs", #"{"preset": "aurora", "document": "a.json", "output": "out.png"}"#, "one of them"),
        ("not an object", #"[1, 2]"#, "jobs.jsonl:1: expected a JSON object"),
        (
            "unknown preset", "{\"preset\": \"a\\u001b]0;x\\u0007\", \"output\": \"out.png\"}",
            #"unknown preset "a\u{1B}]0;x\u{7}""#
        ),
        (
            "NaN time", #"{"preset": "aurora", "output": "out.png", "time": NaN}"#,
            "jobs.jsonl:1:51: time: NaN is not a finite number"
        ),
    ]

    @Test(arguments: manifestLines.indices)
    func badManifestLine(_ index: Int) throws {
        let (what, line, expect) = Self.manifestLines[index]
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("jobs.jsonl")
        try Data((line + "\n").utf8).write(to: manifest)
        // A failed entry is counted: exit status 1, one entry failed; the
        // summary line is not printed for a batch of one.
        try check(
            what, ["render", "--manifest", manifest.path, "--size", "16x16", "--backend", "cpu"], in: dir,
            expect: expect, status: 1...1, summary: true)
    }

    /// (what, arguments after `meshgrad`, expected message); `DIR` is the
    /// test's folder.
    static let commandLines: [(String, [String], String)] = [
        (
            "time 1e308", ["render", "--preset", "aurora", "--time", "1e308", "-o", "DIR/out.png"],
            "time: 1e+308 is out of range"
        ),
        ("time nan", ["render", "--preset", "aurora", "--time", "nan", "-o", "DIR/out.png"], "--time"),
        (
            "size 0x0", ["render", "--preset", "aurora", "--size", "0x0", "-o", "DIR/out.png"],
            "size 0x0 is out of range"
        ),
        ("size 1e308", ["render", "--preset", "aurora", "--size", "1e308x5", "-o", "DIR/out.png"], "is not a size"),
        (
            "preset with escapes", ["render", "--preset", "x\u{1B}[2J\ny", "-o", "DIR/out.png"],
            #"unknown preset "x\u{1B}[2J\ny""#
        ),
        ("missing file", ["render", "DIR/nope.json", "-o", "DIR/out.png"], "no such file"),
        ("folder as document", ["render", "DIR", "-o", "DIR/out.png"], "is a folder"),
        ("folder as manifest", ["render", "--manifest", "DIR"], "is a folder; expected a manifest"),
        ("missing manifest", ["render", "--manifest", "DIR/nope.jsonl"], "no such file"),
        ("command with escapes", ["x\u{1B}[2Jy"], #"unknown command "x\u{1B}[2Jy""#),
        (
            "animate frames",
            ["animate", "--preset", "aurora", "--duration", "1e308", "--fps", "1000", "-o", "DIR/clip.mp4"],
            "frames (--duration × --fps) is too many"
        ),
        ("animate fps 0", ["animate", "--preset", "aurora", "--fps", "0", "-o", "DIR/clip.mp4"], "--fps"),
        (
            "animate start 1e308",
            ["animate", "--preset", "aurora", "--start", "1e308", "--duration", "1", "-o", "DIR/clip.mp4"],
            "out of range"
        ),
    ]

    @Test(arguments: commandLines.indices)
    func badCommandLine(_ index: Int) throws {
        let (what, words, expect) = Self.commandLines[index]
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = words.map { $0.replacingOccurrences(of: "DIR", with: dir.path) } + ["--backend", "cpu"]
        try check(what, words.first == "x\u{1B}[2Jy" ? words : arguments, in: dir, expect: expect)
    }

    /// Bad animations through `meshgrad animate`: the first frame's check
    /// refuses them before ffmpeg starts.
    @Test(arguments: [
        (BadInputTests.animated(BadInputTests.wave.replacingOccurrences(of: "0.1", with: "1e308")), "amplitude"),
        (BadInputTests.scene(#", "shadow": {"radius": 1e6}"#), "shadow.radius"),
    ])
    func badAnimation(_ text: String, _ expect: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = dir.appendingPathComponent("doc.json")
        try Data(text.utf8).write(to: document)
        try check(
            "animate",
            [
                "animate", document.path, "--duration", "1", "--size", "64x64", "--backend", "cpu", "-o",
                dir.path + "/clip.mp4",
            ],
            in: dir, expect: expect)
    }

    @Test func moreThanEightyCases() {
        #expect(Self.documents.count + Self.manifestLines.count + Self.commandLines.count + 2 >= 80)
    }
}
