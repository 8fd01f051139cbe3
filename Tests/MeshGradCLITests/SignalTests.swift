import Foundation
import MeshGradCore
import Testing

/// Every way a run can be stopped, with the real executable: SIGINT,
/// SIGTERM and SIGHUP during a large render and during `animate` remove
/// what the run created and leave the user's files alone; SIGKILL cannot
/// be caught, so the next run in the same folder removes the stale
/// temporaries; an ffmpeg that fails leaves nothing either.
@Suite(.serialized) struct SignalTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-signal-\(UUID())")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        return url
    }

    /// Starts `meshgrad arguments` with `TMPDIR` inside `dir`, and returns
    /// once a temporary of it appears in `dir` (it is then writing).
    func start(_ arguments: [String], in dir: URL) throws -> Process {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": dir.path + "/tmp"]) { $1 }
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if try names(in: dir).contains(where: { $0.hasPrefix(TemporaryFiles.namePrefix(of: process.processIdentifier)) }) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: 0.3)
        return process
    }

    func names(in dir: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
    }

    static let previous = Data("the user's previous picture".utf8)

    func largeRender(_ dir: URL) -> [String] {
        ["render", "--preset", "aurora", "--size", "12000x12000", "--backend", "cpu", "-o", dir.path + "/out.png"]
    }

    func animate(_ dir: URL, _ output: String) -> [String] {
        [
            "animate", "--preset", "onboarding", "--duration", "60", "--fps", "30", "--size", "320x180", "--backend",
            "cpu", "--quiet", "-o", dir.path + "/" + output,
        ]
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aStoppedRenderLeavesThePreviousOutputAndNothingElse(signal: Int32) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.previous.write(to: dir.appendingPathComponent("out.png"))
        let process = try start(largeRender(dir), in: dir)
        #expect(process.isRunning, "the render ended before it could be stopped")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        #expect(try names(in: dir) == ["out.png", "tmp"])
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.png")) == Self.previous)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aStoppedAnimationLeavesNothing(signal: Int32) throws {
        for output in ["clip.mp4", "frames/"] {
            let dir = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let process = try start(animate(dir, output), in: dir)
            #expect(process.isRunning)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationStatus == 128 + signal, "\(output)")
            #expect(try names(in: dir) == ["tmp"], "\(output)")
            #expect(try names(in: dir.appendingPathComponent("tmp")) == [], "\(output): ffmpeg's log")
        }
    }

    /// SIGKILL leaves the temporaries; the next run in the folder sees
    /// their process is gone and removes them, and writes its own output.
    @Test func aKilledRunsDebrisIsRemovedByTheNextRun() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.previous.write(to: dir.appendingPathComponent("out.png"))
        // Each run removes the one before's debris, and leaves its own.
        for arguments in [largeRender(dir), animate(dir, "frames/"), animate(dir, "clip.mp4")] {
            let process = try start(arguments, in: dir)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.5)  // ffmpeg ends on its closed input
            let stale = try names(in: dir).filter { $0.hasPrefix(".meshgrad-") }
            #expect(stale.count == 1, "\(stale)")
            #expect(stale.allSatisfy { $0.hasPrefix(TemporaryFiles.namePrefix(of: process.processIdentifier)) }, "\(stale)")
        }
        #expect(try names(in: dir.appendingPathComponent("tmp")).count == 1, "ffmpeg's log")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.png")) == Self.previous)

        let again = Process()
        again.executableURL = CLITests.binary
        again.arguments = [
            "animate", "--preset", "lava", "--duration", "0.2", "--fps", "10", "--size", "32x32", "--backend", "cpu",
            "--quiet", "-o", dir.path + "/clip.mp4",
        ]
        again.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": dir.path + "/tmp"]) { $1 }
        try again.run()
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(try names(in: dir) == ["out.png", "clip.mp4", "tmp"])
        #expect(try names(in: dir.appendingPathComponent("tmp")) == [])
    }

    /// An ffmpeg that fails at once: one line, and neither the video, its
    /// temporary nor the log is left.
    @Test func aFailingFFmpegLeavesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("tmp/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\necho 'Unknown encoder' >&2\nexit 1\n".utf8).write(to: fake)
        chmod(fake.path, 0o755)
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = [
            "animate", "--preset", "lava", "--duration", "1", "--fps", "10", "--size", "32x32", "--backend", "cpu",
            "--quiet", "-o", dir.path + "/clip.mp4",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "TMPDIR": dir.path + "/tmp", "PATH": bin.path + ":/usr/bin:/bin",
        ]) { $1 }
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let err = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(err.filter { $0 == "\n" }.count == 1 && err.contains("Unknown encoder"), "\(err)")
        #expect(try names(in: dir) == ["tmp"])
        #expect(try names(in: dir.appendingPathComponent("tmp")) == ["bin"])
    }
}
