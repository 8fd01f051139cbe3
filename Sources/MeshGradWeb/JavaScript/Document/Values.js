// Twin of Sources/MeshGradDocument/Values.swift: points, Bézier points and colors.

/** `[x, y]`: a position in the unit square. */
function pointValue(json, keyPath) {
    const list = documentArray(json, keyPath, "[x, y]");
    const numbers = list.map((value, index) => documentNumber(value, `${keyPath}[${index}]`));
    if (numbers.length !== 2) throw documentError(keyPath, `has ${numbers.length} numbers; expected [x, y]`);
    return numbers;
}

/** `{"position": [x, y], "leading": …, "top": …, "trailing": …, "bottom": …}`: `{position, handles}`. */
function bezierPointValue(json, keyPath) {
    const object = documentObject(
        json, keyPath, "{\"position\": [x, y], \"leading\": [x, y], …}");
    documentRejectUnknownKeys(object, documentKeysBezierPoint, "a Bézier point", keyPath);
    if (!documentHas(object, "position")) {
        throw documentError(documentPath(keyPath, "position"), "missing; expected [x, y]");
    }
    const position = pointValue(object.position, documentPath(keyPath, "position"));
    const handles = {};
    for (const name of ["leading", "top", "trailing", "bottom"]) {
        if (documentPresent(object, name)) handles[name] = pointValue(object[name], documentPath(keyPath, name));
    }
    return { position, handles };
}

/**
 * The Bézier point of vertex (c, r): a handle out of the grid defaults to
 * the vertex itself; one toward a neighbour is required.
 */
function bezierPointResolve(value, c, r, width, height, keyPath) {
    const needed = { leading: c > 0, trailing: c < width - 1, top: r > 0, bottom: r < height - 1 };
    for (const name of ["leading", "top", "trailing", "bottom"]) {
        if (needed[name] && value.handles[name] == null) {
            throw documentError(
                `${keyPath}.${name}`,
                `missing; vertex (${c}, ${r}) has a neighbour on that side, so expected [x, y]`);
        }
    }
    const handle = (name) => value.handles[name] ?? value.position;
    return {
        position: value.position, leading: handle("leading"), top: handle("top"),
        trailing: handle("trailing"), bottom: handle("bottom"),
    };
}

const colorValueExpected =
    "expected \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b] or [r, g, b, a] with components in 0…1, " +
    "\"color(display-p3 r g b)\" (or srgb, srgb-linear, rec2020; \"/ a\" for alpha) or \"oklch(L C H)\"";

/**
 * A color, `[r, g, b, a]` (straight, extended sRGB): `"#RRGGBB"`,
 * `"#RRGGBBAA"`, `[r, g, b]` or `[r, g, b, a]` in 0…1, or CSS Color 4's
 * `color(…)` and `oklch(…)`.
 */
function colorValue(json, keyPath = "") {
    if (typeof json === "string") {
        const color = colorValueHex(json) ?? parseCSSColor(json);
        if (color == null) {
            throw documentError(keyPath, `${JSON.stringify(json)} is not a color; ${colorValueExpected}`);
        }
        return color;
    }
    const list = documentArray(json, keyPath, colorValueExpected.slice("expected ".length));
    const components = list.map((value, index) => {
        const number = documentNumber(value, `${keyPath}[${index}]`, "a number in 0…1");
        if (!(number >= 0 && number <= 1)) {
            throw documentError(`${keyPath}[${index}]`, `${number} is out of range; expected a number in 0…1`);
        }
        return number;
    });
    if (components.length !== 3 && components.length !== 4) {
        throw documentError(keyPath, `has ${components.length} components; ${colorValueExpected}`);
    }
    return [components[0], components[1], components[2], components.length === 4 ? components[3] : 1];
}

/** `#RRGGBB` or `#RRGGBBAA` (`#` optional, any case) as Swift's `RGBAColor(hex:)`; null for anything else. */
function colorValueHex(text) {
    const match = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text);
    if (match == null) return null;
    const digits = match[1].length === 6 ? match[1] + "ff" : match[1];
    return [0, 2, 4, 6].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
}
