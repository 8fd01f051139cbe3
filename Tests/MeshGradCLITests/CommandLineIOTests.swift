import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradPNG
import Testing

@testable import MeshGradCLI

/// Pipes, folders and names, machine-readable output, the schema and
/// batches on a job engine, through the real binary where a shell would
/// be (pipes) and in-process elsewhere.
@Suite struct CommandLineIOTests {
    func run(_ arguments: [String]) -> CLITests.Result { CLITests().run(arguments) }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-io-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func png(_ path: String) throws -> DecodedPNG {
        try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    // MARK: - Pipes

    @Test func documentsFromPipesAndPNGToStandardOutput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // `-` in, `-` out.
        let piped = try shell(
            "meshgrad presets aurora | meshgrad render - --size 40x30 -o - > out.png && pngcheck -q out.png", in: dir)
        #expect(piped.status == 0, "\(piped.err)")
        #expect(try png(dir.appendingPathComponent("out.png").path).width == 40)
        // /dev/stdin on a pipe, process substitution, a named pipe.
        let paths = try shell(
            """
            set -e
            meshgrad presets sunset | meshgrad render /dev/stdin --size 20x10 -o a.png
            meshgrad render <(meshgrad presets sunset) --size 20x10 -o b.png
            mkfifo fifo; (meshgrad presets sunset > fifo &); meshgrad render fifo --size 20x10 -o c.png
            meshgrad presets sunset | meshgrad code /dev/stdin | head -1
            meshgrad code --preset aurora | meshgrad import /dev/stdin | meshgrad compare - --size 8x8 --json
            """, in: dir)
        #expect(paths.status == 0, "\(paths.err)")
        for name in ["a.png", "b.png", "c.png"] {
            #expect(try png(dir.appendingPathComponent(name).path).width == 20, "\(name): \(paths.err)")
        }
        #expect(paths.out.hasPrefix("MeshGradient("), "\(paths.out)")
        #expect(paths.out.contains(#""withinTolerance":true"#), "\(paths.out)")
        // A terminal never gets PNG bytes; a bad stream is one line.
        let bad = try shell("echo '{' | meshgrad render - -o x.png", in: dir)
        #expect(bad.status == 1 && bad.err.hasPrefix("meshgrad render: error: <stdin>:"), "\(bad.err)")
    }

    @Test func aVideoToStandardOutput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A temporary folder of its own, to see that nothing is left there.
        let scratch = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let result = try shell(
            """
            meshgrad animate --preset lava --size 32x24 --duration 0.5 --fps 10 -o - --format webm \
              | ffprobe -v error -count_frames -show_entries stream=codec_name,nb_read_frames -of csv=p=0 -
            """, environment: ["TMPDIR": scratch.path], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.trimmingCharacters(in: .whitespacesAndNewlines) == "vp9,5", "\(result.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        #expect(run(["animate", "--preset", "lava", "-o", "-"]).err.contains("-o - needs --format"))
    }

    // MARK: - Folders, names, extensions

    @Test func outputFoldersAreMade() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let deep = dir.appendingPathComponent("a/b/c.png").path
        #expect(run(["render", "--preset", "aurora", "--size", "8x8", "-o", deep]).status == 0)
        #expect(try png(deep).width == 8)
        let folder = dir.appendingPathComponent("out/many").path
        let several = run(["render", "--preset", "aurora", "--preset", "lava", "--size", "8x8", "-o", folder])
        #expect(several.status == 0, "\(several.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["aurora.png", "lava.png"])
        let diff = dir.appendingPathComponent("d/diff.png").path
        #expect(run(["compare", "--preset", "aurora", "--size", "8x8", "--diff", diff]).status == 0)
        #expect(FileManager.default.fileExists(atPath: diff))
        let frames = dir.appendingPathComponent("x/frames/").path + "/"
        let animated = run(["animate", "--preset", "lava", "--size", "8x8", "--duration", "0.1", "-o", frames])
        #expect(animated.status == 0, "\(animated.err)")
        #expect(FileManager.default.fileExists(atPath: frames + "frame-00000.png"))
        // A manifest as Docs/batches.md shows it: outputs in a folder that
        // does not exist yet.
        try """
        {"preset": "aurora", "size": "iphone-se", "output": "out/aurora-phone.png"}
        {"preset": "lava", "size": [64, 32], "output": "out/lava.png"}
        """.write(to: dir.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
        let batch = run(["render", "--manifest", dir.appendingPathComponent("jobs.jsonl").path])
        #expect(batch.status == 0, "\(batch.err)")
        #expect(try png(dir.appendingPathComponent("out/aurora-phone.png").path).width == 750)
    }

    @Test func inputsThatWouldShareAnOutputAreRefusedBeforeAnythingRenders() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
            try Presets.aurora.document.jsonText().write(
                to: dir.appendingPathComponent("\(sub)/x.json"), atomically: true, encoding: .utf8)
        }
        let out = dir.appendingPathComponent("out").path
        let files = run([
            "render", dir.appendingPathComponent("a/x.json").path, dir.appendingPathComponent("b/x.json").path, "-o",
            out,
        ])
        #expect(files.status == 2)
        #expect(files.err.contains("would both be written to \(out)/x.png"), "\(files.err)")
        let presets = run(["render", "--preset", "aurora", "--preset", "aurora", "-o", out])
        #expect(presets.status == 2 && presets.err.contains("would both be written"))
        #expect(!FileManager.default.fileExists(atPath: out), "nothing rendered, no folder made")
        // The same in a manifest, however the path is spelled.
        try """
        {"preset": "aurora", "size": "8x8", "output": "o/x.png"}
        {"preset": "lava", "size": "8x8", "output": "./o//x.png"}
        """.write(to: dir.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
        let manifest = run(["render", "--manifest", dir.appendingPathComponent("jobs.jsonl").path])
        #expect(manifest.status == 1 && manifest.err.contains("would both be written"), "\(manifest.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o").path))
    }

    static let badExtensions: [[String]] = [
        ["render", "--preset", "aurora", "-o", "x.bmp"],
        ["animate", "--preset", "aurora", "-o", "clip.jpg"],
        ["animate", "--preset", "aurora", "-o", "clip"],
        ["preview", "--preset", "aurora", "--frames", "1", "--screenshot", "shot.jpg"],
        ["compare", "--preset", "aurora", "--diff", "diff.jpg"],
    ]

    @Test(arguments: 0..<badExtensions.count)
    func anOutputNoWriterHandlesIsAnError(index: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = Self.badExtensions[index]
        let result = try shell(
            arguments.map { "'\($0)'" }.joined(separator: " ").replacingOccurrences(
                of: "'\(arguments[0])'", with: "meshgrad \(arguments[0])"), in: dir)
        #expect(result.status != 0, "\(arguments)")
        #expect(result.err.contains("error:"), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func animateWritesWhatTheExtensionSays() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, codec) in [("clip.mov", "prores"), ("clip.png", "apng")] {
            let out = dir.appendingPathComponent(name).path
            let result = run(["animate", "--preset", "lava", "--size", "16x16", "--duration", "0.2", "-o", out])
            #expect(result.status == 0, "\(result.err)")
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && !isDirectory.boolValue)
            let probe = try shell("ffprobe -v error -show_entries stream=codec_name -of csv=p=0 '\(out)'")
            #expect(probe.out.hasPrefix(codec), "\(name): \(probe.out)")
        }
    }

    // MARK: - JSON

    func object(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func jsonOutput() throws {
        let presets = try #require(try object(run(["presets", "--json"]).out) as? [[String: Any]])
        #expect(presets.map { $0["name"] as? String } == Presets.all.map(\.name))
        #expect(presets.first { $0["name"] as? String == "se-wallpaper" }?["kind"] as? String == "scene")
        let sizes = try #require(try object(run(["sizes", "--json"]).out) as? [[String: Any]])
        #expect(sizes.contains { $0["name"] as? String == "4k" && $0["width"] as? Int == 3840 })
        let compare = try #require(
            try object(run(["compare", "--preset", "aurora", "--size", "16x16", "--json"]).out) as? [String: Any])
        #expect(compare["withinTolerance"] as? Bool == true && compare["width"] as? Int == 16)
        let info = run(["info", "--json"])
        if info.status == 0 {
            let fields = try #require(try object(info.out) as? [String: Any])
            #expect(fields["renderer"] is String && fields["autoBackend"] is String)
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("t.png").path
        let timings = run(["render", "--preset", "aurora", "--size", "16x16", "-o", out, "--timings", "--json"])
        #expect(timings.status == 0, "\(timings.err)")
        let summary = try #require(try object(timings.out) as? [String: Any])
        #expect(summary["rendered"] as? Int == 1 && summary["failed"] as? Int == 0)
        let entry = try #require((summary["outputs"] as? [[String: Any]])?.first)
        #expect(entry["output"] as? String == out && entry["status"] as? String == "rendered")
        #expect(((entry["timings"] as? [String: Double])?["render"] ?? -1) >= 0)
        #expect(!timings.err.contains("timings:"), "the timings are in the JSON")
    }

    @Test func everyPresetValidatesAgainstTheSchema() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try run(["schema"]).out.write(to: dir.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
        for preset in Presets.all {
            try preset.document.jsonText().write(
                to: dir.appendingPathComponent("\(preset.name).json"), atomically: true, encoding: .utf8)
        }
        // Grain (a key of mesh and scene documents) is in the schema too.
        for (name, preset) in [("grain-mesh", Presets.aurora), ("grain-scene", Presets.onboardingScreen)] {
            var document = preset.document
            document.grain = Grain(amount: 0.05, size: 2, monochrome: false, seed: 9, animated: true)
            try document.jsonText().write(
                to: dir.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        // Shapes and strokes (a stroke needs no fill).
        try ##"{"layers": [{"fill": "#ffffff", "shape": {"roundedRectangle": {"cornerRadius": 12}}, "stroke": {"color": "#ffffff80", "width": 1}}, {"shape": "circle", "stroke": {"color": "#000000"}}, {"fill": "#000000", "shape": "capsule"}]}"##
            .write(to: dir.appendingPathComponent("shapes.json"), atomically: true, encoding: .utf8)
        try ##"{"layers": [{"fill": "#ffffff"}, {"fill": "#000000", "text": {"string": "Go", "size": 17, "fixedSize": true}}], "layout": {"vstack": {"spacing": 30, "padding": [16, 32, 16, 32], "alignment": "leading", "background": 0, "children": [{"spacer": {}}, {"layer": 1, "width": 50}, {"hstack": {"children": [{"spacer": {"minLength": 0}}]}}]}}}"##
            .write(to: dir.appendingPathComponent("layout.json"), atomically: true, encoding: .utf8)
        try ##"{"layers": [{"fill": {"gradient": "#ffffff"}, "icon": {"name": "camera", "style": "largeTitle"}}, {"fill": "#ffffff", "text": {"string": "Go", "style": "headline"}}]}"##
            .write(to: dir.appendingPathComponent("icons.json"), atomically: true, encoding: .utf8)
        // What the decoder refuses, the schema refuses too.
        let bad = [
            ##"{"layers": [{"fill": "#000000", "icon": {"name": "globe"}}]}"##,
            ##"{"layers": [{"fill": "#000000", "text": {"string": "a"}}]}"##,
            ##"{"layers": [{"fill": "#000000"}], "layout": {"vstack": {"alignment": "middle"}}}"##,
            ##"{"layers": [{"fill": "#000000"}], "layout": {"stack": {}}}"##,
            ##"{"layers": [{"fill": "#000000", "shape": "star"}]}"##,
            ##"{"layers": [{"shape": "circle"}]}"##,
            ##"{"layers": [{"fill": "#000000", "stroke": {"width": 1}}]}"##,
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#000000","#000000","#000000","#000000"], "smoothColors": true}"##,
            ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#12G456","#000000","#000000","#000000"]}"##,
            ##"{"width": 1, "height": 2, "points": [[0,0],[1,0]], "colors": ["#000000","#000000"]}"##,
            ##"{"layers": [{"opacity": 0.5}]}"##,
            ##"{"layers": [{"fill": "#000000", "text": {"string": "a", "size": 17, "fixedSize": {"horizontal": true}}}]}"##,
            ##"{"layers": [{"fill": "#000000", "text": {"string": "a", "size": 17, "fixedSize": "yes"}}]}"##,
            ##"{"layers": [], "width": 2}"##,
        ]
        for (k, text) in bad.enumerated() {
            #expect(throws: (any Error).self) { try GradientDocument.decode(text) }
            try text.write(to: dir.appendingPathComponent("bad-\(k).json"), atomically: true, encoding: .utf8)
        }
        let result = try shell(
            """
            python3 - <<'EOF'
            import glob, json, jsonschema
            schema = json.load(open("schema.json"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for path in sorted(glob.glob("*.json")):
                if path == "schema.json": continue
                errors = list(validator.iter_errors(json.load(open(path))))
                print(path, "valid" if not errors else "invalid")
            EOF
            """, in: dir)
        #expect(result.status == 0, "\(result.err)")
        let verdicts = Dictionary(
            uniqueKeysWithValues: result.out.split(separator: "\n").map {
                let parts = $0.split(separator: " ")
                return (String(parts[0]), String(parts[1]))
            })
        for preset in Presets.all { #expect(verdicts["\(preset.name).json"] == "valid", "\(preset.name)") }
        #expect(verdicts["grain-mesh.json"] == "valid" && verdicts["grain-scene.json"] == "valid", "\(verdicts)")
        #expect(verdicts["shapes.json"] == "valid" && verdicts["layout.json"] == "valid"
                && verdicts["icons.json"] == "valid", "\(verdicts)")
        for k in bad.indices { #expect(verdicts["bad-\(k).json"] == "invalid", "\(bad[k])") }
    }

    // MARK: - Shards

    @Test func shardAutoReadsEveryJobEngine() throws {
        func shard(_ text: String, _ environment: [String: String]) throws -> Shard {
            try Shard(parsing: text, environment: environment, command: "render")
        }
        #expect(
            try shard("auto/4", ["JOB_COMPLETION_INDEX": "3"])
                == Shard(index: 3, count: 4, source: "JOB_COMPLETION_INDEX"))
        #expect(
            try shard("auto", ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "8"])
                == Shard(index: 5, count: 8, source: "SLURM_ARRAY_TASK_ID"))
        // An array 1-8: the first task is shard 0.
        #expect(
            try shard("auto", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"])
                .index == 0)
        #expect(
            try shard("auto", ["AWS_BATCH_JOB_ARRAY_INDEX": "2", "AWS_BATCH_JOB_ARRAY_SIZE": "3"])
                == Shard(index: 2, count: 3, source: "AWS_BATCH_JOB_ARRAY_INDEX"))
        #expect(
            try shard("auto", ["BATCH_TASK_INDEX": "0", "BATCH_TASK_COUNT": "2"])
                == Shard(index: 0, count: 2, source: "BATCH_TASK_INDEX"))
        // GNU parallel counts from 1.
        #expect(try shard("auto/3", ["PARALLEL_SEQ": "3"]) == Shard(index: 2, count: 3, source: "PARALLEL_SEQ"))
        #expect(try shard("2/8", [:]) == Shard(index: 2, count: 8))
        // A stepped array (--array=0-10:2): tasks 0, 2, … 10 are shards 0 … 5.
        let stepped = ["SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "10", "SLURM_ARRAY_TASK_STEP": "2",
            "SLURM_ARRAY_TASK_COUNT": "6"]
        for (id, index) in [(0, 0), (4, 2), (10, 5)] {
            #expect(
                try shard("auto", stepped.merging(["SLURM_ARRAY_TASK_ID": "\(id)"]) { $1 })
                    == Shard(index: index, count: 6, source: "SLURM_ARRAY_TASK_ID"))
        }
        // --array=3-9:3: tasks 3, 6, 9.
        #expect(
            try shard(
                "auto",
                ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_MAX": "9",
                    "SLURM_ARRAY_TASK_STEP": "3", "SLURM_ARRAY_TASK_COUNT": "3"]) == Shard(index: 2, count: 3, source: "SLURM_ARRAY_TASK_ID"))
        // A list (--array=1,3,7), as Slurm describes it: refused in every task.
        for id in [1, 3, 7] {
            let list = ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7",
                "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "3"]
            #expect {
                try shard("auto", list)
            } throws: {
                "\($0)".contains("this Slurm array is a list")
            }
        }
        for (text, environment, message) in [
            ("auto", [String: String](), "no job engine found"),
            ("auto", ["JOB_COMPLETION_INDEX": "1"], "gives no count"),
            ("auto/4", ["JOB_COMPLETION_INDEX": "4"], "outside"),
            ("auto/4", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "8"], "but the count given is 4"),
            ("auto", ["BATCH_TASK_INDEX": "x", "BATCH_TASK_COUNT": "2"], "not a whole number"),
        ] {
            #expect {
                try shard(text, environment)
            } throws: {
                "\($0)".contains(message)
            }
        }
    }

    func manifest(_ count: Int, in dir: URL) throws -> [String] {
        let outputs = (0..<count).map { "out/\($0).png" }
        let presets = ["aurora", "lava", "sunset", "tide"]
        var lines: [String] = []
        for (k, output) in outputs.enumerated() {
            lines.append(#"{"preset": "\#(presets[k % presets.count])", "size": [8, 6], "output": "\#(output)"}"#)
        }
        try lines.joined(separator: "\n").write(
            to: dir.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
        return outputs
    }

    @Test func skipExistingResumesABatch() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outputs = try manifest(5, in: dir)
        let jobs = dir.appendingPathComponent("jobs.jsonl").path
        #expect(run(["render", "--manifest", jobs, "--shard", "0/2"]).status == 0)
        let resumed = run(["render", "--manifest", jobs, "--skip-existing", "--json"])
        #expect(resumed.status == 0, "\(resumed.err)")
        let summary = try #require(try object(resumed.out) as? [String: Any])
        #expect(summary["rendered"] as? Int == 2 && summary["skipped"] as? Int == 3, "\(resumed.out)")
        for output in outputs {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(output).path))
        }
    }

    /// Docs/batches.md's GNU parallel example, run as it is written: the
    /// shards' union is the whole manifest, each entry rendered once.
    @Test func theGNUParallelExampleRendersTheManifestOnce() throws {
        let doc = try String(
            contentsOf: CommandTableTests.repository.appendingPathComponent("Docs/batches.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## GNU parallel").dropFirst().first)
        let block = try #require(
            section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outputs = try manifest(11, in: dir)
        let result = try shell("set -e\n" + block, in: dir)
        #expect(result.status == 0, "\(result.err)")
        var rendered: [String] = []
        var shards: Set<Int> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasPrefix("shard-") {
            let summary = try #require(
                try object(String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)) as? [String: Any])
            let shard = try #require(summary["shard"] as? [String: Any])
            #expect(shard["from"] as? String == "PARALLEL_SEQ")
            shards.insert(try #require(shard["index"] as? Int))
            for entry in summary["outputs"] as? [[String: Any]] ?? [] where entry["status"] as? String == "rendered" {
                rendered.append(try #require(entry["output"] as? String))
            }
        }
        #expect(shards == [0, 1, 2, 3])
        let expected = outputs.map { dir.appendingPathComponent($0).path }
        #expect(rendered.sorted() == expected.sorted(), "each entry once, all of them")
    }
}
