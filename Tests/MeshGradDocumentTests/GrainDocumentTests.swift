import MeshGradCore
import Testing

@testable import MeshGradDocument

/// The `grain` key: read, written back, and every bad value refused with
/// its key path.
@Suite struct GrainDocumentTests {
    static let mesh = """
        "width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
        "colors": ["#FF0000", "#00FF00", "#0000FF", "#FFFFFF"]
        """

    static func document(_ grain: String) throws -> GradientDocument {
        try GradientDocument.decode("{\(mesh), \"grain\": \(grain)}")
    }

    @Test func grainIsReadAndWrittenBack() throws {
        let document = try Self.document(
            #"{"amount": 0.06, "size": 1.5, "monochrome": false, "seed": 7, "animated": true}"#)
        #expect(document.grain == Grain(amount: 0.06, size: 1.5, monochrome: false, seed: 7, animated: true))
        #expect(try GradientDocument.decode(document.jsonText()) == document)
        #expect(document.jsonText().contains(#""grain": {"amount": 0.06, "size": 1.5"#))
        // Every key has a default.
        #expect(try Self.document("{}").grain == Grain())
        #expect(try GradientDocument.decode("{\(Self.mesh)}").grain == nil)
    }

    @Test(arguments: [
        (#"{"amount": 2}"#, "grain.amount", "out of range"),
        (#"{"amount": -0.1}"#, "grain.amount", "out of range"),
        (#"{"size": 0.5}"#, "grain.size", "out of range"),
        (#"{"size": "big"}"#, "grain.size", "expected a number"),
        (#"{"seed": 1.5}"#, "grain.seed", "not an integer"),
        (#"{"seed": -1}"#, "grain.seed", "out of range"),
        (#"{"monochrome": 1}"#, "grain.monochrome", "true or false"),
        (#"{"amout": 0.1}"#, "grain.amout", "did you mean \"amount\""),
        (#"0.06"#, "grain", "expected {"),
    ])
    func badGrainIsRefusedWithItsKeyPath(grain: String, keyPath: String, message: String) {
        do {
            _ = try Self.document(grain)
            Issue.record("\(grain) was accepted")
        } catch let error as DocumentError {
            #expect(error.keyPath == keyPath, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("not a DocumentError: \(error)")
        }
    }
}

/// A scene document takes `grain` at its top level too.
@Suite struct SceneGrainDocumentTests {
    @Test func sceneGrainRoundTrips() throws {
        var document = Presets.onboardingScreen.document
        document.grain = Grain(amount: 0.1, size: 2, monochrome: false, seed: 5)
        let text = document.jsonText()
        #expect(text.contains("\"grain\""))
        #expect(try GradientDocument.decode(text) == document)
    }
}
