// Twin of Sources/MeshGradDocument/GrainValue.swift: the document's `grain` object.

/**
 * `"grain": {"amount", "size", "monochrome", "seed", "animated"}`, every key
 * optional, as `{amount, size, monochrome, seed, animated}`; null when the
 * document has none (Swift's `GrainValue.decode`).
 */
function grainValue(object, path) {
    if (!documentHas(object, "grain")) return null;
    const keyPath = documentPath(path, "grain");
    const grain = documentObject(object.grain, keyPath, "{\"amount\": 0.06, \"size\": 1, …}");
    documentRejectUnknownKeys(grain, documentKeysGrain, "grain", keyPath);
    const flag = (key, fallback) =>
        documentPresent(grain, key) ? documentBool(grain[key], documentPath(keyPath, key)) : fallback;
    const amount = grainValueNumber(grain, "amount", keyPath, 0, 1, 0.06);
    const size = grainValueNumber(grain, "size", keyPath, 1, 64, 1);
    const monochrome = flag("monochrome", true);
    const animated = flag("animated", false);
    const seed = grainValueNumber(grain, "seed", keyPath, 0, 4294967295, 0);
    if (!Number.isInteger(seed)) {
        throw documentError(documentPath(keyPath, "seed"), `${seed} is not an integer; expected 0 to 4294967295`);
    }
    return { amount, size, monochrome, seed, animated };
}

/** A finite number in `low…high` under `key`, `fallback` when absent (Swift's `number(_:in:default:)`). */
function grainValueNumber(object, key, path, low, high, fallback) {
    if (!documentHas(object, key)) return fallback;
    const keyPath = documentPath(path, key);
    const value = documentNumber(object[key], keyPath);
    if (!(value >= low && value <= high)) {
        throw documentError(keyPath, `${value} is out of range; expected ${low} to ${high}`);
    }
    return value;
}
