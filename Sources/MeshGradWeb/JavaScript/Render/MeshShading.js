// Twin of Sources/MeshGradCore/Render/MeshShading.swift. Swift overloads
// finishColor for Float and Double: the Float one is `finishColorFloat`
// here, and the Float Oklab conversion `oklabToSRGBFloat`.

/**
 * A patch's color polynomial at (u, v) in single precision, by Horner's
 * rule: `poly` a Float32Array of coefficients [r, g, b, a] from `offset`
 * (the one of uⁱ vʲ at offset + (j * 4 + i) * 4).
 */
function evaluateColorPolynomial(poly, offset, u, v) {
    const f = Math.fround;
    const row = (j) => {
        const a = offset + j * 16;
        const p = [0, 0, 0, 0];
        for (let c = 0; c < 4; c++) {
            let x = poly[a + 12 + c];
            x = f(f(x * u) + poly[a + 8 + c]);
            x = f(f(x * u) + poly[a + 4 + c]);
            p[c] = f(f(x * u) + poly[a + c]);
        }
        return p;
    };
    const result = row(3);
    for (let j = 2; j >= 0; j--) {
        const next = row(j);
        for (let c = 0; c < 4; c++) result[c] = f(f(result[c] * v) + next[c]);
    }
    return result;
}

/**
 * Finishes a premultiplied single-precision color (each component already
 * a float) to straight sRGB: alpha clamped to 0...1; device channels
 * clamped to 0...alpha and divided by it; perceptual ones divided by alpha
 * before leaving Oklab. Zero alpha gives transparent black.
 */
function finishColorFloat(c, space) {
    const f = Math.fround;
    const alpha = clamp(c[3], 0, 1);
    if (!(alpha > 0)) return [0, 0, 0, 0];
    const inverse = f(1 / alpha);
    if (space === "perceptual") {
        const rgb = oklabToSRGBFloat([f(c[0] * inverse), f(c[1] * inverse), f(c[2] * inverse)]);
        return [rgb[0], rgb[1], rgb[2], alpha];
    }
    return [
        f(clamp(c[0], 0, alpha) * inverse), f(clamp(c[1], 0, alpha) * inverse), f(clamp(c[2], 0, alpha) * inverse),
        alpha,
    ];
}

/** min(max(x, lower), upper) as Swift's scalar clamp writes it (NaN stays NaN). */
function clamp(x, lower, upper) {
    return x < lower ? lower : (x > upper ? upper : x);
}

/** The double-precision finish: the same rule on doubles, through Oklab's exact curve. */
function finishColor(c, space) {
    const alpha = Math.min(Math.max(c[3], 0), 1);
    if (!(alpha > 0)) return [0, 0, 0, 0];
    if (space === "perceptual") {
        const rgb = oklabToSRGB([c[0] / alpha, c[1] / alpha, c[2] / alpha]);
        return [rgb[0], rgb[1], rgb[2], alpha];
    }
    // SIMD's clamped(lowerBound:upperBound:): Double.maximum, then Double.minimum.
    const channel = (x) => {
        const low = x > 0 ? x : 0;
        return (low <= alpha ? low : alpha) / alpha;
    };
    return [channel(c[0]), channel(c[1]), channel(c[2]), alpha];
}

/** Oklab to clamped, encoded sRGB in single precision (each operation rounded to a float). */
function oklabToSRGBFloat(lab) {
    const f = Math.fround;
    const [x, y, z] = lab;
    const l_ = f(f(x + f(f(0.3963377774) * y)) + f(f(0.2158037573) * z));
    const m_ = f(f(x - f(f(0.1055613458) * y)) - f(f(0.0638541728) * z));
    const s_ = f(f(x - f(f(0.0894841775) * y)) - f(f(1.2914855480) * z));
    const l = f(f(l_ * l_) * l_);
    const m = f(f(m_ * m_) * m_);
    const s = f(f(s_ * s_) * s_);
    const r = f(f(f(f(4.0767416621) * l) - f(f(3.3077115913) * m)) + f(f(0.2309699292) * s));
    const g = f(f(f(f(-1.2684380046) * l) + f(f(2.6097574011) * m)) - f(f(0.3413193965) * s));
    const b = f(f(f(f(-0.0041960863) * l) - f(f(0.7034186147) * m)) + f(f(1.7076147010) * s));
    return [linearToSRGBFloat(clamp(r, 0, 1)), linearToSRGBFloat(clamp(g, 0, 1)), linearToSRGBFloat(clamp(b, 0, 1))];
}

/** Single-precision sRGB encoding of a linear value in 0...1, from the table. */
function linearToSRGBFloat(l) {
    return srgbEncodeTableEncode(l);
}

/** SRGBEncodeTable's storage, built on first use (a cache: it never changes once made). */
const srgbEncodeTableStorage = { table: null };

/** The sRGB curve at t = √l for 4097 steps of t, as floats, with the last repeated. */
function srgbEncodeTable() {
    if (srgbEncodeTableStorage.table === null) {
        const intervals = 4096;
        const table = new Float32Array(intervals + 2);
        for (let i = 0; i <= intervals; i++) {
            const t = i / intervals;
            table[i] = linearToSRGB(t * t);
        }
        table[intervals + 1] = table[intervals];  // lets t = 1 interpolate without a branch
        srgbEncodeTableStorage.table = table;
    }
    return srgbEncodeTableStorage.table;
}

/** SRGBEncodeTable.encode: the encoded value of l (clamped to 0...1), interpolated in the table. */
function srgbEncodeTableEncode(l) {
    const f = Math.fround;
    const intervals = 4096;
    const t = f(f(Math.sqrt(clamp(l, 0, 1))) * intervals);
    const index = floorClamped(t, intervals);
    const fraction = f(t - index);
    const table = srgbEncodeTable();
    return f(table[index] + f(f(table[index + 1] - table[index]) * fraction));
}
