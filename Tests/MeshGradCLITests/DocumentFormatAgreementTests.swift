import Foundation
import MeshGradDocument
import Testing

@testable import MeshGradCLI

/// The document format is declared once (DocumentKeys, which the decoders
/// refuse unknown keys with); the JSON Schema, the writer and the format
/// page must say the same, key for key.
@Suite struct DocumentFormatAgreementTests {
    /// Objects whose keys are alternatives (one of them per object): the
    /// schema writes each as an object of its own.
    static let alternatives: Set<String> = ["fill", "layoutStack"]

    /// Every closed object of the schema (its properties listed, no others
    /// allowed), with where it is; a constraint on one property inside an
    /// `anyOf` lists it but closes nothing.
    static func schemaObjects() throws -> [(path: String, keys: Set<String>)] {
        let schema = try JSONSerialization.jsonObject(with: Data(DocumentSchema.text.utf8))
        var found: [(String, Set<String>)] = []
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                if let properties = object["properties"] as? [String: Any], object["additionalProperties"] as? Bool == false {
                    found.append((path, Set(properties.keys)))
                }
                for (key, inner) in object { walk(inner, path + "/" + key) }
            } else if let array = value as? [Any] {
                for (index, inner) in array.enumerated() { walk(inner, path + "/\(index)") }
            }
        }
        walk(schema, "#")
        return found
    }

    /// The declared objects `keys` is: equal to, or one alternative of.
    static func declared(matching keys: Set<String>) -> [String] {
        DocumentKeys.objects.filter { name, declared in
            Set(declared) == keys || (alternatives.contains(name) && keys.count == 1 && keys.isSubset(of: declared))
        }.map(\.key)
    }

    @Test func theSchemaHasEveryObjectTheDecoderTakes() throws {
        var covered: [String: Set<String>] = [:]
        for (path, keys) in try Self.schemaObjects() {
            let names = Self.declared(matching: keys)
            #expect(!names.isEmpty, "the schema's \(path) has keys \(keys.sorted()) that no declared object has")
            for name in names { covered[name, default: []].formUnion(keys) }
        }
        for (name, keys) in DocumentKeys.objects {
            #expect(covered[name] == Set(keys), "\(name): the schema has \(covered[name]?.sorted() ?? []), declared \(keys)")
        }
    }

    @Test func theFormatPageNamesEveryKey() throws {
        let page = try String(
            contentsOf: CommandTableTests.repository.appendingPathComponent("Docs/document-format.md"), encoding: .utf8)
        for (name, keys) in DocumentKeys.objects.sorted(by: { $0.key < $1.key }) {
            for key in keys where !page.contains("\"\(key)\"") && !page.contains("`\(key)`") {
                Issue.record("Docs/document-format.md never names \(name)'s key \"\(key)\"")
            }
        }
    }

    /// Every preset and twenty random documents (`meshgrad random`),
    /// written and read back: each object written has the keys of a
    /// declared object.
    @Test func theWriterWritesOnlyDeclaredKeys() throws {
        let random = try (1...20).map { seed in
            try GradientDocument.decode(CLITests().run(["random", "--seed", "\(seed)", "--grid", "4x3"]).out)
        }
        for document in Presets.all.map(\.document) + random {
            let json = try JSONSerialization.jsonObject(with: Data(document.jsonText().utf8))
            func walk(_ value: Any, _ path: String) {
                if let object = value as? [String: Any] {
                    let keys = Set(object.keys)
                    let fits = DocumentKeys.objects.contains { name, declared in
                        keys.isSubset(of: declared) && (!Self.alternatives.contains(name) || keys.count == 1)
                    }
                    #expect(fits, "\(path) is written with keys \(keys.sorted()) that no declared object has")
                    for (key, inner) in object { walk(inner, path + "." + key) }
                } else if let array = value as? [Any] {
                    for (index, inner) in array.enumerated() { walk(inner, path + "[\(index)]") }
                }
            }
            walk(json, "document")
            #expect(try GradientDocument.decode(document.jsonText()) == document)
        }
    }
}
