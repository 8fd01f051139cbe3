import Foundation
import MeshGradTestSupport
import Testing

/// Every document of the bad-input suite and every input the fuzzer kept,
/// rendered by the real binary at 64 × 64: each is refused in one line or
/// rendered, within 256 MB of peak memory (`/usr/bin/time`'s maximum RSS).
/// The slowest case's time is printed, for the record; speed itself is the
/// benchmarks' to measure.
@Suite struct InputBudgetTests {
    static let peakLimitKB = 256 * 1024

    struct Case {
        var name: String
        var document: String
        var time: String?
    }

    static func cases() throws -> [Case] {
        var cases = BadInputTests.documents.enumerated().map { Case(name: "bad \($0.offset): \($0.element.0)", document: $0.element.1) }
        for name in try FileManager.default.contentsOfDirectory(atPath: HardeningTests.fuzzCrashes.path).sorted() {
            var text = try String(contentsOf: HardeningTests.fuzzCrashes.appendingPathComponent(name), encoding: .utf8)
            var time: String?
            if text.hasPrefix("#time ") {
                let end = text.firstIndex(of: "\n") ?? text.endIndex
                time = String(text[text.index(text.startIndex, offsetBy: 6)..<end])
                text = String(text[end...].dropFirst())
            }
            cases.append(Case(name: "fuzz \(name)", document: text, time: time))
        }
        return cases
    }

    @Test func everyBadInputStaysWithinItsBudget() throws {
        let dir = try CLITests().temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var slowest = (seconds: 0.0, name: "")
        var largest = (kilobytes: 0, name: "")
        for item in try Self.cases() {
            let document = dir.appendingPathComponent("document.json")
            try Data(item.document.utf8).write(to: document)
            let measures = dir.appendingPathComponent("time.txt")
            let run = try ChildProcess.run(
                "/usr/bin/time",
                ["-f", "%e %M", "-o", measures.path, CLITests.binary.path, "render", document.path, "--size", "64x64",
                 "-o", dir.appendingPathComponent("out.png").path, "--quiet"] + (item.time.map { ["--time", $0] } ?? []),
                timeout: 60)
            let (status, message) = (run.status, run.err)
            #expect(status == 0 || status == 1 || status == 2, "\(item.name): status \(status)")
            #expect(status == 0 || message.split(separator: "\n").count == 1, "\(item.name): \(message)")
            let fields = try String(contentsOf: measures, encoding: .utf8).split(whereSeparator: \.isWhitespace)
                .suffix(2)
            let seconds = Double(fields.first ?? "") ?? .infinity
            let kilobytes = Int(fields.last ?? "") ?? .max
            #expect(kilobytes < Self.peakLimitKB, "\(item.name): \(kilobytes) KB")
            if seconds > slowest.seconds { slowest = (seconds, item.name) }
            if kilobytes > largest.kilobytes { largest = (kilobytes, item.name) }
        }
        print("bad inputs at 64x64: slowest \(slowest.seconds) s (\(slowest.name)), largest \(largest.kilobytes) KB (\(largest.name))")
    }
}
