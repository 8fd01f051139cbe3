// Twin of Sources/MeshGradDocument/AnimationValues.swift: the document's `animation` object.

/** `{"loop": S, "waves": [...], "drift": {...}, "keyframes": [...]}`, all optional: a mesh animation. */
function animationValue(json, keyPath) {
    const object = documentObject(json, keyPath, "an object");
    documentRejectUnknownKeys(object, documentKeysAnimation, "animation", keyPath);
    const list = (key, read) => documentPresent(object, key)
        ? documentArray(object[key], documentPath(keyPath, key), "an array")
            .map((element, index) => read(element, `${documentPath(keyPath, key)}[${index}]`))
        : [];
    const loop = documentPresent(object, "loop") ? documentNumber(object.loop, documentPath(keyPath, "loop")) : null;
    const waves = list("waves", wavesValue);
    const drift = documentPresent(object, "drift") ? driftValue(object.drift, documentPath(keyPath, "drift")) : null;
    const keyframes = list("keyframes", keyframeValue);
    return { waves, drift, keyframes, loop };
}

/** `{"vertex": 5, "x": {...}, "y": {...}}`: one vertex's waves. */
function wavesValue(json, keyPath) {
    const object = documentObject(json, keyPath, "an object");
    documentRejectUnknownKeys(object, documentKeysWave, "a wave", keyPath);
    if (!documentHas(object, "vertex")) {
        throw documentError(documentPath(keyPath, "vertex"), "missing; expected the row-major vertex index");
    }
    const vertex = documentInteger(
        object, "vertex", keyPath, 0, documentLimitsVertices, "the row-major vertex index, an integer ≥ 0");
    const axis = (key) => documentPresent(object, key) ? waveValue(object[key], documentPath(keyPath, key)) : null;
    const x = axis("x");
    const y = axis("y");
    if (x == null && y == null) throw documentError(keyPath, "moves nothing; expected \"x\" or \"y\"");
    return { vertex, x, y };
}

/** `{"base": B, "amplitude": A, "frequency": F, "phase": P}`: B + A·cos(F·t + P). */
function waveValue(json, keyPath) {
    const object = documentObject(json, keyPath, "an object");
    documentRejectUnknownKeys(object, documentKeysWaveAxis, "a wave", keyPath);
    for (const key of ["amplitude", "frequency"]) {
        if (!documentHas(object, key)) throw documentError(documentPath(keyPath, key), "missing; expected a number");
    }
    const number = (key) => documentNumber(object[key], documentPath(keyPath, key));
    return {
        base: documentPresent(object, "base") ? number("base") : null,
        amplitude: number("amplitude"),
        frequency: number("frequency"),
        phase: documentPresent(object, "phase") ? number("phase") : 0,
    };
}

/** `{"seed": 7, "amplitude": 0.6, "speed": 0.5}`, the seed a BigInt (Swift's UInt64). */
function driftValue(json, keyPath) {
    const object = documentObject(json, keyPath, "an object");
    documentRejectUnknownKeys(object, documentKeysDrift, "drift", keyPath);
    // Seeds up to 2^53, the integers a JSON number holds exactly.
    const seed = documentInteger(object, "seed", keyPath, 0, 9007199254740992, "an integer in 0…2^53") ?? 1;
    const number = (key, fallback) =>
        documentPresent(object, key) ? documentNumber(object[key], documentPath(keyPath, key)) : fallback;
    return { seed: BigInt(seed), amplitude: number("amplitude", 0.5), speed: number("speed", 0.5) };
}

/** `{"duration": 2, "easing": "easeInOut", "points": [...], "colors": [...], "background": ...}`. */
function keyframeValue(json, keyPath) {
    const object = documentObject(json, keyPath, "an object");
    documentRejectUnknownKeys(object, documentKeysKeyframe, "a keyframe", keyPath);
    if (!documentHas(object, "duration")) {
        throw documentError(documentPath(keyPath, "duration"), "missing; expected seconds > 0");
    }
    const at = (key) => documentPath(keyPath, key);
    const list = (key, read) => documentPresent(object, key)
        ? documentArray(object[key], at(key), "an array").map((element, index) => read(element, `${at(key)}[${index}]`))
        : null;
    return {
        duration: documentNumber(object.duration, at("duration")),
        easing: documentPresent(object, "easing") ? easingValue(object.easing, at("easing")) : "easeInOut",
        positions: list("points", pointValue),
        colors: list("colors", colorValue),
        background: documentPresent(object, "background") ? colorValue(object.background, at("background")) : null,
    };
}

const easingValueExpected =
    "expected \"linear\", \"easeIn\", \"easeOut\", \"easeInOut\" or " +
    "{\"spring\": {\"response\": R, \"dampingFraction\": D}}";

/** `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"` or `{"spring": {"response": R, "dampingFraction": D}}`. */
function easingValue(json, keyPath) {
    if (typeof json === "string") {
        if (!["linear", "easeIn", "easeOut", "easeInOut"].includes(json)) {
            throw documentError(keyPath, `${JSON.stringify(json)} is not an easing; ${easingValueExpected}`);
        }
        return json;
    }
    const object = documentObject(json, keyPath, easingValueExpected.slice("expected ".length));
    documentRejectUnknownKeys(object, documentKeysEasing, "an easing", keyPath);
    if (!documentHas(object, "spring")) throw documentError(keyPath, easingValueExpected);
    const springPath = documentPath(keyPath, "spring");
    const spring = documentObject(object.spring, springPath, "an object");
    documentRejectUnknownKeys(spring, documentKeysSpring, "a spring", springPath);
    const number = (key, fallback) =>
        documentPresent(spring, key) ? documentNumber(spring[key], documentPath(springPath, key)) : fallback;
    return { spring: { response: number("response", 0.55), dampingFraction: number("dampingFraction", 0.825) } };
}
