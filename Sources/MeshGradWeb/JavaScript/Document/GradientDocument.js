// Twin of Sources/MeshGradDocument/GradientDocument.swift: a mesh document read from parsed JSON.

/** The mesh at `time` seconds: moved by the animation (unchanged when there is none). */
function animatedMeshAt(animated, time) {
    return animated.animation == null ? animated.mesh : meshAnimationMesh(animated.animation, animated.mesh, time);
}

/**
 * A mesh document (Docs/document-format.md), parsed JSON in:
 * `{animatedMesh: {mesh, animation}, size: [w, h] | null, poster, grain}`,
 * with Swift's defaults. Throws an Error naming the key path for a scene,
 * a missing or ill-typed key, a count that does not match the grid.
 */
function readMeshDocument(json) {
    const document = documentObject(json, "", "a JSON object with width, height, points and colors");
    if (documentHas(document, "layers")) {
        throw documentError("layers", "scenes are drawn on the web as their poster image");
    }
    documentRejectUnknownKeys(document, documentKeysMeshDocument, "the document", "");
    const animatedMesh = meshValue(document, "");
    const size = documentCanvasSize(document, "");
    const poster = documentPresent(document, "poster") ? documentNumber(document.poster, "poster") : 0;
    return { animatedMesh, size, poster, grain: grainValue(document, "") };
}

/** The keys of one mesh, as Swift's `MeshValue`: `{mesh, animation}`. */
function meshValue(object, path) {
    const width = documentGridSide(object, "width", path);
    const height = documentGridSide(object, "height", path);
    const count = width * height;
    let points = null;
    let bezierPoints = null;
    const hasPoints = documentHas(object, "points");
    const hasBezier = documentHas(object, "bezierPoints");
    if (hasPoints && hasBezier) {
        throw documentError(path, "has both points and bezierPoints; expected one of them");
    } else if (hasPoints) {
        points = documentList(object, "points", path, count, "[x, y] pairs", pointValue);
    } else if (hasBezier) {
        const keyPath = documentPath(path, "bezierPoints");
        const values = documentList(object, "bezierPoints", path, count, "Bézier points", bezierPointValue);
        bezierPoints = values.map((value, index) => bezierPointResolve(
            value, index % width, Math.floor(index / width), width, height, `${keyPath}[${index}]`));
    } else {
        throw documentError(documentPath(path, "points"), `missing; expected ${count} [x, y] pairs (or bezierPoints)`);
    }
    if (!documentHas(object, "colors")) {
        throw documentError(documentPath(path, "colors"), `missing; expected ${count} colors`);
    }
    const colors = documentList(object, "colors", path, count, "colors", colorValue);
    const background = documentPresent(object, "background")
        ? colorValue(object.background, documentPath(path, "background")) : [0, 0, 0, 0];
    const smoothsColors = documentPresent(object, "smoothsColors")
        ? documentBool(object.smoothsColors, documentPath(path, "smoothsColors")) : true;
    const colorSpace = documentColorSpace(object, path);
    let animation = null;
    if (documentHas(object, "animation")) {
        const animationPath = documentPath(path, "animation");
        animation = animationValue(object.animation, animationPath);
        try {
            meshAnimationValidate(animation, count);
        } catch (error) {
            throw documentError(`${animationPath}.${error.path}`, error.reason);
        }
    }
    const mesh = { width, height, points, bezierPoints, colors, background, smoothsColors, colorSpace };
    return { mesh, animation };
}

/** `object[key]`, an array of exactly `count` elements, each read by `read(element, keyPath)`. */
function documentList(object, key, path, count, noun, read) {
    const keyPath = documentPath(path, key);
    const list = documentArray(object[key], keyPath, `${count} ${noun}`);
    const values = list.map((element, index) => read(element, `${keyPath}[${index}]`));
    documentCheckCount(values.length, count, keyPath);
    return values;
}

/** Swift's `checkCount`: a list with one entry per vertex. */
function documentCheckCount(actual, expected, keyPath) {
    if (actual !== expected) {
        throw documentError(keyPath, `has ${actual} entries; expected width × height = ${expected}`);
    }
}

/** `width` or `height`: an integer from 2 to 256. */
function documentGridSide(object, key, path) {
    const keyPath = documentPath(path, key);
    if (!documentHas(object, key)) throw documentError(keyPath, "missing; expected an integer ≥ 2");
    const value = documentNumber(object[key], keyPath, "an integer ≥ 2");
    if (!(Number.isInteger(value) && value >= 2 && value <= 256)) {
        const limit = value > 256 ? "an integer from 2 to 256" : "an integer ≥ 2";
        throw documentError(keyPath, `${value} is not allowed; expected ${limit}`);
    }
    return value;
}

/** `colorSpace`: "device" (the default) or "perceptual". */
function documentColorSpace(object, path) {
    if (!documentPresent(object, "colorSpace")) return "device";
    const keyPath = documentPath(path, "colorSpace");
    const name = documentString(object.colorSpace, keyPath);
    if (name !== "device" && name !== "perceptual") {
        throw documentError(keyPath, `${JSON.stringify(name)} is not a color space; expected "device" or "perceptual"`);
    }
    return name;
}

/** `size`: `[width, height]` in pixels, null when absent. */
function documentCanvasSize(object, path) {
    if (!documentHas(object, "size")) return null;
    const keyPath = documentPath(path, "size");
    const expected = "[width, height] in pixels";
    const pair = documentArray(object.size, keyPath, expected).map((value, index) => {
        const number = documentNumber(value, `${keyPath}[${index}]`, expected);
        if (!Number.isInteger(number) || Math.abs(number) > 9007199254740992) {
            throw documentError(`${keyPath}[${index}]`, `${number} is not an integer; expected ${expected}`);
        }
        return number;
    });
    if (pair.length !== 2) throw documentError(keyPath, `has ${pair.length} numbers; expected ${expected}`);
    canvasSizeValidate(pair[0], pair[1], keyPath);
    return pair;
}

// Reading parsed JSON with key paths (Swift's decoding containers).

/** `points[3][0]`: `key` inside `path`. */
function documentPath(path, key) {
    if (path === "") return key;
    return key.startsWith("[") ? path + key : `${path}.${key}`;
}

/** Whether `object` has `key`, null included (Swift's `contains`). */
function documentHas(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
}

/** Whether `object` has `key` with a value other than null (what `decodeIfPresent` reads). */
function documentPresent(object, key) {
    return documentHas(object, key) && object[key] !== null;
}

/** What a value is, for "found a string; expected …". */
function documentFound(value) {
    if (value === null) return "found null";
    if (Array.isArray(value)) return "found an array";
    if (typeof value === "object") return "found an object";
    if (typeof value === "boolean") return "found true or false";
    return `found a ${typeof value}`;
}

function documentObject(value, keyPath, expected) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
        throw documentError(keyPath, `${documentFound(value)}; expected ${expected}`);
    }
    return value;
}

function documentArray(value, keyPath, expected) {
    if (!Array.isArray(value)) throw documentError(keyPath, `${documentFound(value)}; expected ${expected}`);
    return value;
}

/** A finite number (JSON cannot hold others, but `1e999` parses to Infinity). */
function documentNumber(value, keyPath, expected = "a number") {
    if (typeof value !== "number") throw documentError(keyPath, `${documentFound(value)}; expected ${expected}`);
    if (!Number.isFinite(value)) throw documentError(keyPath, `${value} is not a finite number; expected ${expected}`);
    return value;
}

function documentBool(value, keyPath) {
    if (typeof value !== "boolean") throw documentError(keyPath, `${documentFound(value)}; expected true or false`);
    return value;
}

function documentString(value, keyPath) {
    if (typeof value !== "string") throw documentError(keyPath, `${documentFound(value)}; expected a string`);
    return value;
}

/** An integer under `key` in `low…high`; null when absent (Swift's `decodeInteger`). */
function documentInteger(object, key, path, low, high, expected) {
    if (!documentHas(object, key)) return null;
    const keyPath = documentPath(path, key);
    const value = documentNumber(object[key], keyPath, expected);
    if (!Number.isInteger(value)) throw documentError(keyPath, `${value} is not an integer; expected ${expected}`);
    if (!(value >= low && value <= high)) {
        throw documentError(keyPath, `${value} is out of range; expected ${expected}`);
    }
    return value;
}

/** Refuses a key not in `allowed`: a typo must not be silently ignored. */
function documentRejectUnknownKeys(object, allowed, context, path) {
    for (const key of Object.keys(object)) {
        if (!allowed.includes(key)) {
            throw documentError(
                documentPath(path, key), `unknown key in ${context}; expected one of ${allowed.join(", ")}`);
        }
    }
}
