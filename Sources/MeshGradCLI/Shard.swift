import Foundation

/// `--shard I/N` or `--shard auto`: entry `k` belongs to shard `k % N`;
/// shards are numbered from 0. `auto` takes the index, and the count where
/// the engine says it, from the job engine that started the process, so one
/// command line serves every task of an array job.
struct Shard: Equatable {
    var index: Int
    var count: Int
    /// Where `auto` found the index (`SLURM_ARRAY_TASK_ID`), or nil.
    var source: String?

    static let expected = "I/N with 0 ≤ I < N (e.g. 2/8), auto or auto/N"

    /// The job engines `auto` knows, innermost first (GNU parallel is often
    /// run inside another engine's task): the index variable, how far it
    /// is from 0, and the count variable, if the engine has one.
    static let engines: [(name: String, index: String, base: Int, count: String?)] = [
        ("GNU parallel", "PARALLEL_SEQ", 1, nil),
        ("Kubernetes Indexed Job", "JOB_COMPLETION_INDEX", 0, nil),
        ("Slurm array", "SLURM_ARRAY_TASK_ID", 0, "SLURM_ARRAY_TASK_COUNT"),
        ("AWS Batch array", "AWS_BATCH_JOB_ARRAY_INDEX", 0, "AWS_BATCH_JOB_ARRAY_SIZE"),
        ("Google Cloud Batch", "BATCH_TASK_INDEX", 0, "BATCH_TASK_COUNT"),
    ]

    init(index: Int, count: Int, source: String? = nil) {
        self.index = index
        self.count = count
        self.source = source
    }

    /// `I/N`, `auto` or `auto/N`, with `environment` for `auto`.
    init(parsing text: String, environment: [String: String], command: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        func bad(_ why: String, expected: String = Shard.expected) -> UsageError {
            UsageError(command: command, message: "--shard \"\(text)\": \(why); expected \(expected)")
        }
        guard (1...2).contains(parts.count) else { throw bad("not a shard") }
        var givenCount: Int?
        if parts.count == 2 {
            guard let n = Int(parts[1]), n >= 1 else { throw bad("the count is not a whole number ≥ 1") }
            givenCount = n
        }
        guard parts[0] == "auto" else {
            guard let i = Int(parts[0]), let n = givenCount, (0..<n).contains(i) else { throw bad("not a shard") }
            self.init(index: i, count: n)
            return
        }
        let found = Shard.engines.first { environment[$0.index]?.isEmpty == false }
        guard let engine = found else {
            let names = Shard.engines.map(\.index).joined(separator: ", ")
            throw bad("no job engine found (none of \(names) is set)")
        }
        let raw = environment[engine.index] ?? ""
        var base = engine.base
        // A Slurm array need not start at 0 (`--array=1-8`).
        if engine.index == "SLURM_ARRAY_TASK_ID", let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap({ Int($0) })
        {
            base = minimum
        }
        guard let value = Int(raw) else { throw bad("\(engine.index)=\(raw) is not a whole number") }
        let engineCount = engine.count.flatMap { environment[$0] }.flatMap { Int($0) }
        if let engineCount, let givenCount, engineCount != givenCount {
            throw bad("\(engine.count!)=\(engineCount) but the count given is \(givenCount)")
        }
        guard let n = givenCount ?? engineCount else {
            throw bad("\(engine.name) gives no count (\(engine.index) only)", expected: "auto/N with the count")
        }
        let i = value - base
        guard (0..<n).contains(i) else { throw bad("\(engine.index)=\(raw) is outside 0..<\(n) (from \(base))") }
        self.init(index: i, count: n, source: engine.index)
    }

    func contains(_ k: Int) -> Bool { k % count == index }

    var json: [String: Any] {
        var object: [String: Any] = ["index": index, "count": count]
        if let source { object["from"] = source }
        return object
    }
}
