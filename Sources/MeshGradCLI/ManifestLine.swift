import Foundation
import MeshGradCore
import MeshGradDocument

/// One manifest line's fields, type-checked as strictly as a document:
/// the same syntax check (line and column, duplicate keys), every field
/// of the type it must be (`"time": "soon"` or `"depth": "16"` is an
/// error naming the field, never a silent default).
struct ManifestLine {
    static let keys = ["document", "preset", "size", "output", "time", "depth", "dither"]

    var document: String?
    var preset: String?
    var size: String?
    var output: String
    var time: Double?
    var depth: Int?
    var dithers: Bool?

    /// Parses `text`, the line `label` names (`jobs.jsonl:3`); errors say
    /// `jobs.jsonl:3[:column]: [key: ]problem`.
    init(_ text: String, label: String) throws(CommandError) {
        do {
            try JSONSyntax.check(Array(text.utf8))
            self = try JSONDecoder().decode(Fields.self, from: Data(text.utf8)).line
        } catch let error as DocumentError {
            // A manifest line is one line: its column says where.
            throw CommandError(
                label + (error.column.map { ":\($0)" } ?? "") + ": "
                    + (error.keyPath.isEmpty ? "" : "\(error.keyPath): ") + error.message)
        } catch let error as CommandError {
            throw CommandError("\(label): \(error)")
        } catch {
            throw CommandError("\(label): \(SafeText.value("\(error)", limit: 200))")
        }
    }

    init(document: String?, preset: String?, size: String?, output: String, time: Double?, depth: Int?, dithers: Bool?)
    {
        self.document = document
        self.preset = preset
        self.size = size
        self.output = output
        self.time = time
        self.depth = depth
        self.dithers = dithers
    }

    /// The decoding pass: one typed field at a time.
    struct Fields: Decodable {
        var line: ManifestLine

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container: KeyedDecodingContainer<Key>
            do {
                container = try decoder.container(keyedBy: Key.self)
            } catch {
                throw CommandError("expected a JSON object")
            }
            if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !keys.contains($0) }) {
                throw CommandError(
                    "unknown key \(SafeText.quoted(unknown)); expected \(keys.joined(separator: ", "))")
            }
            func field<T: Decodable>(_ name: String, _ type: T.Type, expected: String) throws -> T? {
                guard container.contains(Key(name)) else { return nil }
                do {
                    return try container.decode(T.self, forKey: Key(name))
                } catch {
                    throw CommandError("\(name): \(found(error)); expected \(expected)")
                }
            }
            let document = try field("document", String.self, expected: "a path")
            let preset = try field("preset", String.self, expected: "a preset name")
            guard (document == nil) != (preset == nil) else {
                throw CommandError("expected \"document\" or \"preset\", one of them")
            }
            guard let output = try field("output", String.self, expected: "a .png, .pdf, .jpg or .webp path"),
                OutputPath.isImage(output)
            else {
                throw CommandError("\"output\" missing or not a .png, .pdf, .jpg or .webp path")
            }
            var size: String?
            if container.contains(Key("size")) {
                if let text = try? container.decode(String.self, forKey: Key("size")) {
                    size = text
                } else if let pair = try? container.decode([Double].self, forKey: Key("size")), pair.count == 2,
                    pair.allSatisfy({ $0 == $0.rounded() && abs($0) <= 1e9 })
                {
                    size = "\(Int(pair[0]))x\(Int(pair[1]))"
                } else {
                    throw CommandError("size: expected \"4k\", \"WxH\" or [width, height] in whole pixels")
                }
            }
            let time = try field("time", Double.self, expected: "seconds")
            if let time, !(time.isFinite && abs(time) <= DocumentLimits.time) {
                throw CommandError(
                    "time: \(SafeText.number(time)) is out of range; expected seconds in ±\(Int(DocumentLimits.time))"
                )
            }
            let depthValue = try field("depth", Double.self, expected: "8 or 16")
            if let depthValue, depthValue != 8 && depthValue != 16 {
                throw CommandError("depth: \(SafeText.number(depthValue)) is not allowed; expected 8 or 16")
            }
            let dithers = try field("dither", Bool.self, expected: "true or false")
            line = ManifestLine(
                document: document, preset: preset, size: size, output: output, time: time,
                depth: depthValue.map { Int($0) }, dithers: dithers)
        }
    }
}

/// "found a string" from a decoding error, for a manifest field.
private func found(_ error: any Error) -> String {
    guard case .typeMismatch(_, let context) = error as? DecodingError,
        let range = context.debugDescription.range(of: "found ")
    else { return "wrong type" }
    return "found " + context.debugDescription[range.upperBound...].replacingOccurrences(of: " instead.", with: "")
}
