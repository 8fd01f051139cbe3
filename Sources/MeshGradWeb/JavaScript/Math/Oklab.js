// Twin of Sources/MeshGradCore/Math/Oklab.swift (`Oklab.fromSRGB` is
// `oklabFromSRGB`, and so on). Math.cbrt and Math.pow may round
// differently from glibc's in the last bit.

/** Linear sRGB [r, g, b] to Oklab [L, a, b]. */
function oklabFromLinearSRGB(rgb) {
    const l = 0.4122214708 * rgb[0] + 0.5363325363 * rgb[1] + 0.0514459929 * rgb[2];
    const m = 0.2119034982 * rgb[0] + 0.6806995451 * rgb[1] + 0.1073969566 * rgb[2];
    const s = 0.0883024619 * rgb[0] + 0.2817188376 * rgb[1] + 0.6299787005 * rgb[2];
    const l_ = Math.cbrt(l);
    const m_ = Math.cbrt(m);
    const s_ = Math.cbrt(s);
    return [
        0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
        1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
        0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_,
    ];
}

/** Oklab [L, a, b] to linear sRGB (not clamped). */
function oklabToLinearSRGB(lab) {
    const l_ = lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2];
    const m_ = lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2];
    const s_ = lab[0] - 0.0894841775 * lab[1] - 1.2914855480 * lab[2];
    const l = l_ * l_ * l_;
    const m = m_ * m_ * m_;
    const s = s_ * s_ * s_;
    return [
        4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
        -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
        -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s,
    ];
}

/**
 * sRGB gamma-encoded components to Oklab. Extended sRGB: the curve is
 * mirrored for negative components (ColorGamut.sRGB.decode in Swift).
 */
function oklabFromSRGB(rgb) {
    const decode = (encoded) => {
        const linear = srgbToLinear(Math.abs(encoded));
        return encoded < 0 ? -linear : linear;
    };
    return oklabFromLinearSRGB([decode(rgb[0]), decode(rgb[1]), decode(rgb[2])]);
}

/** Oklab to sRGB gamma-encoded components, clamped to 0...1 in linear light first. */
function oklabToSRGB(lab) {
    // SIMD's clamped(lowerBound:upperBound:): Double.maximum, then Double.minimum.
    const unit = (x) => {
        const low = x > 0 ? x : 0;
        return low <= 1 ? low : 1;
    };
    const linear = oklabToLinearSRGB(lab).map(unit);
    return [linearToSRGB(linear[0]), linearToSRGB(linear[1]), linearToSRGB(linear[2])];
}
