// Twin of Sources/MeshGradCore/Color/CSSColor.swift.

/** The largest magnitude a component may have (HDR whites are a few times 1). */
const cssColorComponentLimit = 100;

/**
 * The color (`[r, g, b, a]`, extended sRGB) that CSS Color 4's
 * `color(display-p3 | rec2020 | srgb-linear | srgb r g b [/ a])` or
 * `oklch(L C H [/ a])` names; null when `text` is not one of these forms
 * (Swift's `CSSColor.parse`).
 */
function parseCSSColor(text) {
    const trimmed = cssColorTrimmed(text).toLowerCase();
    const open = trimmed.indexOf("(");
    if (!trimmed.endsWith(")") || open < 0) return null;
    const name = trimmed.slice(0, open);
    let body = trimmed.slice(open + 1, trimmed.length - 1);
    let alpha = 1;
    const slash = body.indexOf("/");
    if (slash >= 0) {
        const a = cssColorNumber(body.slice(slash + 1), 1);
        if (a == null || !(a >= 0 && a <= 1)) return null;
        alpha = a;
        body = body.slice(0, slash);
    }
    const words = body.split(/[ \t]/).filter((word) => word.length > 0);
    if (name === "color") {
        if (words.length !== 4 || !["srgb", "srgb-linear", "display-p3", "rec2020"].includes(words[0])) return null;
        const values = words.slice(1).map((word) => cssColorNumber(word, 1)).filter((value) => value != null);
        if (values.length !== 3 || !values.every((value) => Math.abs(value) <= cssColorComponentLimit)) return null;
        return colorSpaceNameColor(words[0], values, alpha);
    }
    if (name === "oklch") {
        if (words.length !== 3) return null;
        const l = cssColorNumber(words[0], 1);
        const c = cssColorNumber(words[1], 0.4);
        const h = cssColorNumber(words[2].endsWith("deg") ? words[2].slice(0, -3) : words[2], null);
        if (l == null || c == null || h == null) return null;
        const inRange = (x) => x >= 0 && x <= cssColorComponentLimit;
        if (!inRange(l) || !inRange(c) || !(Math.abs(h) <= 1e6)) return null;
        return cssColorOklchExact(l, c, h, alpha);
    }
    return null;
}

/** A number, or a percentage of `scale` (null: none allowed); null for anything else. */
function cssColorNumber(word, scale) {
    const trimmed = cssColorTrimmed(word);
    if (trimmed.endsWith("%")) {
        if (scale == null) return null;
        const value = swiftDouble(trimmed.slice(0, -1));
        if (value == null || !Number.isFinite(value)) return null;
        return value / 100 * scale;
    }
    const value = swiftDouble(trimmed);
    if (value == null || !Number.isFinite(value)) return null;
    return value;
}

/** `text` without the spaces and tabs at its ends (Foundation's `.whitespaces`). */
function cssColorTrimmed(text) {
    return text.replace(/^[\t\p{Zs}]+|[\t\p{Zs}]+$/gu, "");
}

/**
 * Swift's `Double(text)` for decimal text (`Number` would also take "",
 * spaces and "0b1"); null for anything else. Swift also reads hexadecimal
 * floats, infinities and NaN: no color anyone writes, and the last two are
 * refused anyway.
 */
function swiftDouble(text) {
    return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : null;
}

/**
 * `Oklch(lightness:chroma:hue:).exactColor(alpha:)` of Math/Oklch.swift:
 * the color itself, chroma kept, as extended sRGB.
 */
function cssColorOklchExact(lightness, chroma, hue, alpha) {
    const radians = hue * Math.PI / 180;
    const linear = oklabToLinearSRGB([lightness, chroma * Math.cos(radians), chroma * Math.sin(radians)]);
    return colorSpaceNameColor("srgb-linear", linear, alpha);
}

// A color space name (Swift's `ColorSpaceName`) is its raw value: "srgb",
// "srgb-linear", "display-p3" or "rec2020".

/** The RGB gamut of a space name, with its transfer curve (null: linear sRGB). */
function colorSpaceNameGamut(space) {
    return space === "srgb-linear" ? null : space;
}

/** Components `values` (`[r, g, b]`) of this space as an extended sRGB color (Swift's `color(_:alpha:)`). */
function colorSpaceNameColor(space, values, alpha) {
    if (space === "srgb") return [values[0], values[1], values[2], alpha];
    let linear = values;
    const gamut = colorSpaceNameGamut(space);
    if (gamut != null) {
        linear = matrix3Apply(colorGamutToLinearSRGB(gamut), values.map((x) => colorGamutDecode(gamut, x)));
    }
    return [...linear.map((x) => colorGamutEncode("srgb", x)), alpha];
}

/** An extended sRGB color's components in this space (Swift's `components(of:)`). */
function colorSpaceNameComponents(space, color) {
    if (space === "srgb") return [color[0], color[1], color[2]];
    const linear = [color[0], color[1], color[2]].map((x) => colorGamutDecode("srgb", x));
    const gamut = colorSpaceNameGamut(space);
    if (gamut == null) return linear;
    return matrix3Apply(colorGamutFromLinearSRGB(gamut), linear).map((x) => colorGamutEncode(gamut, x));
}
