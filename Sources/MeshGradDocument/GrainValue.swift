import MeshGradCore

/// `"grain": {"amount": 0.06, "size": 1, "monochrome": true, "seed": 7,
/// "animated": false}` (Docs/document-format.md): every key optional,
/// each checked here, with its key path, so that the checks move as one
/// piece into a validation layer.
struct GrainValue {
    static func decode(_ container: KeyedDecodingContainer<JSONKey>) throws -> Grain? {
        guard container.contains(JSONKey("grain")) else { return nil }
        let object: KeyedDecodingContainer<JSONKey>
        do {
            object = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("grain"))
        } catch {
            throw DocumentError(
                keyPath: container.path("grain"),
                message: "\(describeFound(error)); expected {\"amount\": 0.06, \"size\": 1, …}")
        }
        try object.rejectUnknownKeys(allowed: DocumentKeys.grain, context: "grain")
        var grain = Grain()
        grain.amount = try object.number("amount", in: Grain.amountRange, default: grain.amount)
        grain.size = try object.number("size", in: Grain.sizeRange, default: grain.size)
        grain.monochrome = try object.decodeIfPresent(Bool.self, forKey: JSONKey("monochrome")) ?? true
        grain.animated = try object.decodeIfPresent(Bool.self, forKey: JSONKey("animated")) ?? false
        let seed = try object.number("seed", in: 0...Double(UInt32.max), default: 0)
        guard seed.rounded() == seed else {
            throw DocumentError(
                keyPath: object.path("seed"), message: "\(seed) is not an integer; expected 0 to 4294967295")
        }
        grain.seed = UInt32(seed)
        return grain
    }

    /// The JSON text of `grain`, every key written.
    static func text(_ grain: Grain) -> String {
        "{\"amount\": \(formatNumber(grain.amount)), \"size\": \(formatNumber(grain.size)), "
            + "\"monochrome\": \(grain.monochrome), \"seed\": \(grain.seed), \"animated\": \(grain.animated)}"
    }
}

extension KeyedDecodingContainer where Key == JSONKey {
    /// A finite number in `range` under `key`, `fallback` when absent.
    func number(_ key: String, in range: ClosedRange<Double>, default fallback: Double) throws -> Double {
        guard contains(JSONKey(key)) else { return fallback }
        let value: Double
        do {
            value = try decode(Double.self, forKey: JSONKey(key))
        } catch {
            throw DocumentError(keyPath: path(key), message: "\(describeFound(error)); expected a number")
        }
        guard value.isFinite, range.contains(value) else {
            throw DocumentError(
                keyPath: path(key),
                message:
                    "\(value) is out of range; expected \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))"
            )
        }
        return value
    }
}
