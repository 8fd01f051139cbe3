import Foundation
import MeshGradTestSupport
import Testing

/// Batches on a real Slurm: a one-node cluster started on this machine
/// (Scripts/slurm-one-node.sh: munged, slurmctld, slurmd), and the sbatch
/// script of Docs/batches.md submitted as written there, with a contiguous,
/// a stepped and a listed array. Needs root and Debian's slurm-wlm and
/// munge (the README's first block installs them).
@Suite(.serialized) struct SlurmTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var available: Bool {
        getuid() == 0
            && ["/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/sbin/munged", "/usr/bin/sbatch"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: $0)
            }
    }

    /// The script as Docs/batches.md shows it: the first `sh` block of its
    /// Slurm section.
    static func documentedScript() throws -> String {
        let page = try String(contentsOf: repository.appendingPathComponent("Docs/batches.md"), encoding: .utf8)
        let section = try #require(page.range(of: "## Slurm: an sbatch array")).upperBound
        let open = try #require(page.range(of: "```sh\n", range: section..<page.endIndex)).upperBound
        let close = try #require(page.range(of: "\n```", range: open..<page.endIndex)).lowerBound
        return String(page[open..<close]) + "\n"
    }

    static func sh(_ script: String, in folder: URL, environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess.shell(script, environment: environment, in: folder)
    }

    /// 24 small entries: the presets round and round, each named by its line.
    static func manifest() -> String {
        let presets = ["aurora", "sunset", "lava", "frost", "tide", "silk"]
        return (0..<24).map { k in
            #"{"preset": "\#(presets[k % presets.count])", "size": [24, 16], "output": "out/entry-\#(k).png"}"#
        }.joined(separator: "\n") + "\n"
    }

    /// Submits the documented script with `--array=ARRAY` in a fresh folder
    /// and waits until the job has left the queue; returns the folder.
    static func submit(array: String, cluster: [String: String], root: URL) throws -> URL {
        let folder = root.appendingPathComponent("array-" + array.replacingOccurrences(of: ":", with: "_"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try documentedScript().write(to: folder.appendingPathComponent("render.sbatch"), atomically: true, encoding: .utf8)
        try manifest().write(to: folder.appendingPathComponent("jobs.jsonl"), atomically: true, encoding: .utf8)
        let submitted = try sh("sbatch --parsable --array='\(array)' render.sbatch", in: folder, environment: cluster)
        #expect(submitted.status == 0, "\(submitted.out)")
        let job = submitted.out.trimmingCharacters(in: .whitespacesAndNewlines)
        // The job's own state, polled: done when no task is left in the queue.
        let waited = try sh(
            "for i in $(seq 600); do [ -z \"$(squeue -h -j \(job) 2>/dev/null)\" ] && exit 0; sleep 0.2; done; scancel \(job); exit 1",
            in: folder, environment: cluster)
        #expect(waited.status == 0, "job \(job) still queued after 120 s")
        return folder
    }

    /// The file names every shard's summary says it rendered.
    static func rendered(in folder: URL) throws -> [String] {
        let summaries = folder.appendingPathComponent("summaries")
        var outputs: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: summaries.path) {
            let data = try Data(contentsOf: summaries.appendingPathComponent(name))
            let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name)")
            let entries = try #require(summary["outputs"] as? [[String: Any]], "\(name)")
            outputs += entries.filter { $0["status"] as? String == "rendered" }.compactMap {
                ($0["output"] as? String).map { ($0 as NSString).lastPathComponent }
            }
        }
        return outputs
    }

    @Test(.enabled(if: available, "needs root and Debian's slurm-wlm and munge")) func theDocumentedScriptRendersEveryEntryOnce()
        throws
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-slurm-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let script = Self.repository.appendingPathComponent("Scripts/slurm-one-node.sh").path
        let started = try Self.sh("'\(script)' start cluster", in: root)
        try #require(started.status == 0, "\(started.out)")
        defer { _ = try? Self.sh("'\(script)' stop cluster", in: root) }
        let binaryFolder = CLITests.binary.deletingLastPathComponent().path
        let cluster = [
            "SLURM_CONF": started.out.trimmingCharacters(in: .whitespacesAndNewlines),
            "PATH": binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
        let all = (0..<24).map { "entry-\($0).png" }
        for array in ["0-7", "0-10:2"] {
            let folder = try Self.submit(array: array, cluster: cluster, root: root)
            let outputs = try Self.rendered(in: folder)
            #expect(outputs.sorted() == all.sorted(), "--array=\(array): \(outputs.count) rendered")
            #expect(Set(outputs).count == outputs.count, "--array=\(array): an entry rendered twice")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            #expect(files.count == 24, "--array=\(array)")
        }
        // A list: every task refuses, in one line of its log; nothing rendered.
        let folder = try Self.submit(array: "1,3,7", cluster: cluster, root: root)
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".log") }
        #expect(logs.count == 3)
        for log in logs {
            let text = try String(contentsOf: folder.appendingPathComponent(log), encoding: .utf8)
            #expect(text.contains("this Slurm array is a list"), "\(log): \(text)")
            #expect(text.split(separator: "\n").count == 1, "\(log): \(text)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
