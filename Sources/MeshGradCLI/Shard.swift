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
        guard let value = Int(raw) else { throw bad("\(engine.index)=\(raw) is not a whole number") }
        let engineCount = engine.count.flatMap { environment[$0] }.flatMap { Int($0) }
        if let engineCount, let givenCount, engineCount != givenCount {
            throw bad("\(engine.count!)=\(engineCount) but the count given is \(givenCount)")
        }
        guard let n = givenCount ?? engineCount else {
            throw bad("\(engine.name) gives no count (\(engine.index) only)", expected: "auto/N with the count")
        }
        var i = value - engine.base
        if engine.index == "SLURM_ARRAY_TASK_ID" {
            i = try Shard.slurmPosition(of: value, count: n, environment: environment, bad: bad)
        }
        guard (0..<n).contains(i) else {
            throw bad("\(engine.index)=\(raw) is outside 0..<\(n) (from \(engine.base))")
        }
        self.init(index: i, count: n, source: engine.index)
    }

    /// A Slurm task's place in its array: `--array=A-B:S` numbers its tasks
    /// A, A+S, … B, so the task with ID `id` is shard `(id − A) / S`
    /// (`SLURM_ARRAY_TASK_MIN`, `…_STEP`). A list (`--array=1,3,7`) tells a
    /// task neither its position nor the others' IDs (Slurm gives a list
    /// STEP 1), so every task refuses it rather than render a guess.
    static func slurmPosition(
        of id: Int, count: Int, environment: [String: String], bad: (String, String) -> UsageError
    ) throws(UsageError) -> Int {
        func number(_ name: String) -> Int? { environment[name].flatMap { Int($0) } }
        let minimum = number("SLURM_ARRAY_TASK_MIN") ?? 0
        let step = max(1, number("SLURM_ARRAY_TASK_STEP") ?? 1)
        let maximum = number("SLURM_ARRAY_TASK_MAX") ?? (minimum + (count - 1) * step)
        guard maximum >= minimum, (maximum - minimum) % step == 0, (maximum - minimum) / step + 1 == count,
            (id - minimum) % step == 0
        else {
            throw bad(
                "this Slurm array is a list (SLURM_ARRAY_TASK_COUNT=\(count) tasks between "
                    + "SLURM_ARRAY_TASK_MIN=\(minimum) and SLURM_ARRAY_TASK_MAX=\(maximum) by \(step)), "
                    + "and a task cannot tell its place in a list",
                "an --array range A-B or A-B:S, or --shard I/N with an index of your own")
        }
        return (id - minimum) / step
    }

    func contains(_ k: Int) -> Bool { k % count == index }

    var json: [String: Any] {
        var object: [String: Any] = ["index": index, "count": count]
        if let source { object["from"] = source }
        return object
    }
}
