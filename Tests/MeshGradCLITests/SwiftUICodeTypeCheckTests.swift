import Foundation
import MeshGradDocument
import Testing

@testable import MeshGradCLI

/// `meshgrad code` prints code that compiles: every preset's output, in a
/// view body, type-checks with `swiftc -typecheck` against a stub module of
/// SwiftUI's signatures (SwiftUIStub/SwiftUI.swift.stub). Scenes print one
/// line saying they have no export, never a placeholder mesh.
@Suite struct SwiftUICodeTypeCheckTests {
    static let stub = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("SwiftUIStub/SwiftUI.swift.stub")

    func code(_ preset: String) -> (status: Int32, out: String, err: String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let status = CLI.run(["code", "--preset", preset], console: Console(out: out, err: err))
        return (status, out.text, err.text)
    }

    func swiftc(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func everyPresetsCodeTypeChecksAgainstSwiftUI() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-swiftui-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: Self.stub, to: dir.appendingPathComponent("SwiftUI.swift"))
        let module = try swiftc(
            [
                "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "SwiftUI.swift", "-o",
                "SwiftUI.swiftmodule",
            ], in: dir)
        try #require(module.status == 0, "\(module.output)")

        var source = "import SwiftUI\n"
        var meshes = 0
        for (k, preset) in Presets.all.enumerated() {
            let result = code(preset.name)
            if preset.document.scene != nil {
                #expect(result.status != 0 && result.out.isEmpty, "\(preset.name)")
                #expect(result.err.split(separator: "\n").count == 1 && result.err.contains("is a scene"))
                continue
            }
            #expect(result.status == 0, "\(preset.name): \(result.err)")
            source += "\n// \(preset.name)\nstruct Preset\(k): View {\n    var body: some View {\n"
            source += result.out + "    }\n}\n"
            meshes += 1
        }
        #expect(meshes >= 8)
        try Data(source.utf8).write(to: dir.appendingPathComponent("Generated.swift"))
        let check = try swiftc(["-typecheck", "-I", ".", "Generated.swift"], in: dir)
        #expect(check.status == 0, "\(check.output)")

        // The check can fail: a misspelt label does not type-check.
        let broken = source.replacingOccurrences(of: "colors:", with: "colours:")
        try Data(broken.utf8).write(to: dir.appendingPathComponent("Broken.swift"))
        #expect(try swiftc(["-typecheck", "-I", ".", "Broken.swift"], in: dir).status != 0)
    }
}
