import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// `code --lang compose` through Kotlin's compiler, against a stub of the
/// Compose signatures it uses (Fixtures/ComposeStub.kt): names, argument
/// labels and types must all be right for it to compile.
@Suite struct ComposeKotlinTests {
    @Test func composeCodeTypeChecks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = []
        for (k, name) in ["onboarding", "aurora", "silk", "frost"].enumerated() {
            let mesh = try #require(Presets.named(name)).meshDocument.mesh
            let code = mesh.composeCode(name: "painter\(k)")
            let file = folder.appendingPathComponent("Mesh\(k).kt")
            let imports = MeshGradient.composeImports.map { "import " + $0 + "\n" }.joined()
            try ("package meshgrad.check\n\n" + imports + "\n" + code).write(
                to: file, atomically: true, encoding: .utf8)
            sources.append(file.path)
        }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let stubs = ["ComposeStub.kt", "ComposeStubGeometry.kt", "ComposeStubRuntime.kt"].map {
            fixtures.appendingPathComponent($0).path
        }
        let out = folder.appendingPathComponent("classes").path
        guard let status = try runTool("kotlinc", stubs + sources + ["-d", out]) else {
            Issue.record("kotlinc is not installed (Debian: kotlin)")
            return
        }
        #expect(status == 0, "kotlinc rejected the generated Compose code")
    }
}
