// Twin of Sources/MeshGradCore/Color/ColorGamut.swift.

// A gamut is its name: "srgb", "display-p3" or "rec2020" (Swift's raw values).

/** Every gamut, each holding the ones before it. */
const colorGamutAllCases = ["srgb", "display-p3", "rec2020"];

/** D65, as the three standards give it. */
const colorGamutWhitePoint = [0.3127, 0.3290];

/** ITU-R BT.2020's curve constants (as CSS Color 4 gives them). */
const colorGamutBT2020Alpha = 1.09929682680944;
const colorGamutBT2020Beta = 0.018053968510807;

/** The wider of two. */
function colorGamutWidening(gamut, other) {
    return colorGamutAllCases.indexOf(other) > colorGamutAllCases.indexOf(gamut) ? other : gamut;
}

/** The red, green and blue primaries' chromaticities `[x, y]`. */
function colorGamutPrimaries(gamut) {
    switch (gamut) {
        case "srgb": return [[0.64, 0.33], [0.30, 0.60], [0.15, 0.06]];
        case "display-p3": return [[0.680, 0.320], [0.265, 0.690], [0.150, 0.060]];
        case "rec2020": return [[0.708, 0.292], [0.170, 0.797], [0.131, 0.046]];
    }
    throw new Error(`${gamut} is not a gamut`);
}

/** Linear RGB of this gamut to CIE XYZ (D65, Y of white 1). */
function colorGamutToXYZ(gamut) {
    return matrix3RGBToXYZ(colorGamutPrimaries(gamut), colorGamutWhitePoint);
}

/** Linear (extended) sRGB to this gamut's linear RGB. */
function colorGamutFromLinearSRGB(gamut) {
    return matrix3Times(matrix3Inverse(colorGamutToXYZ(gamut)), colorGamutToXYZ("srgb"));
}

/** This gamut's linear RGB to linear (extended) sRGB. */
function colorGamutToLinearSRGB(gamut) {
    return matrix3Times(matrix3Inverse(colorGamutToXYZ("srgb")), colorGamutToXYZ(gamut));
}

/** Gamma-encodes a linear component with the gamut's curve, mirrored for negative values. */
function colorGamutEncode(gamut, linear) {
    const magnitude = Math.abs(linear);
    let encoded;
    if (gamut === "rec2020") {
        encoded = magnitude < colorGamutBT2020Beta
            ? 4.5 * magnitude : colorGamutBT2020Alpha * Math.pow(magnitude, 0.45) - (colorGamutBT2020Alpha - 1);
    } else {
        encoded = linearToSRGB(magnitude);
    }
    return linear < 0 ? -encoded : encoded;
}

/** The inverse of `colorGamutEncode`. */
function colorGamutDecode(gamut, encoded) {
    const magnitude = Math.abs(encoded);
    let linear;
    if (gamut === "rec2020") {
        linear = magnitude < 4.5 * colorGamutBT2020Beta
            ? magnitude / 4.5 : Math.pow((magnitude + colorGamutBT2020Alpha - 1) / colorGamutBT2020Alpha, 1 / 0.45);
    } else {
        linear = srgbToLinear(magnitude);
    }
    return encoded < 0 ? -linear : linear;
}

/** Whether linear RGB of a gamut lies inside it (a hair's tolerance for the matrices' rounding). */
function colorGamutContains(linear) {
    const tolerance = 1e-9;
    return Math.min(...linear) >= -tolerance && Math.max(...linear) <= 1 + tolerance;
}

/** The narrowest gamut holding a color given in extended sRGB; null for one outside even BT.2020. */
function colorGamutNarrowest(color) {
    const linear = colorSpaceNameComponents("srgb-linear", color);
    return colorGamutAllCases.find((gamut) => colorGamutContains(matrix3Apply(colorGamutFromLinearSRGB(gamut), linear)))
        ?? null;
}

/** The narrowest gamut holding every visible color of `colors` (BT.2020 past even it). */
function colorGamutNarrowestHoldingAll(colors) {
    return colors.reduce(
        (widest, color) => colorGamutWidening(widest, color[3] > 0 ? colorGamutNarrowest(color) ?? "rec2020" : "srgb"),
        "srgb");
}
