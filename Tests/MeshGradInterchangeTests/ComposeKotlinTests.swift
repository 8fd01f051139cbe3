import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// `code --lang compose` through Kotlin's compiler, against a stub of the
/// Compose signatures it uses (Fixtures/ComposeStub*.kt): names, argument
/// labels and types must all be right for it to compile. Four presets and
/// a document with colors beyond sRGB.
@Suite struct ComposeKotlinTests {
    @Test func composeCodeTypeChecks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = []
        let wide = try #require(GradientDocument.decode(WideColorInterchangeTests.document).animatedMesh).mesh
        let meshes = try ["onboarding", "aurora", "silk", "frost"].map {
            try #require(Presets.named($0)).meshDocument.mesh
        }
        for (k, mesh) in (meshes + [wide]).enumerated() {
            let code = mesh.composeCode(name: "painter\(k)")
            let file = folder.appendingPathComponent("Mesh\(k).kt")
            let imports = MeshGradient.composeImports.map { "import " + $0 + "\n" }.joined()
            try ("package meshgrad.check\n\n" + imports + "\n" + code).write(
                to: file, atomically: true, encoding: .utf8)
            sources.append(file.path)
        }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let stubs = ["ComposeStub.kt", "ComposeStubGeometry.kt", "ComposeStubRuntime.kt", "ComposeStubColorSpace.kt"]
            .map {
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
