// Twin of Sources/MeshGradCore/Render/Grain.swift: only `Grain.field(at:)` (the GPU draws the grain).

/**
 * The grain as the renderers draw it at `time` seconds (Swift's
 * `field(at:)`): `{amount, inverseSize, monochrome, seed}`, the numbers
 * single precision and the seed a uint32, as the shader's uniforms.
 */
function grainField(grain, time) {
    let frameSeed = grain.seed >>> 0;
    if (grain.animated) {
        // UInt32(truncatingIfNeeded: Int64((time * 1000).rounded())): the low 32 bits.
        const milliseconds = Number(BigInt.asUintN(32, BigInt(roundedHalfAwayFromZero(time * 1000))));
        frameSeed = grainFieldHash32((frameSeed ^ grainFieldHash32((milliseconds + 0x9e3779b9) >>> 0)) >>> 0);
    }
    return {
        amount: Math.fround(grain.amount), inverseSize: Math.fround(1 / grain.size),
        monochrome: grain.monochrome, seed: frameSeed,
    };
}

/** `hash32` of Render/Quantize.swift (lowbias32): uint32 in, uint32 out, with 32-bit wrapping products. */
function grainFieldHash32(value) {
    let x = value >>> 0;
    x = (x ^ (x >>> 16)) >>> 0;
    x = Math.imul(x, 0x7feb352d) >>> 0;
    x = (x ^ (x >>> 15)) >>> 0;
    x = Math.imul(x, 0x846ca68b) >>> 0;
    x = (x ^ (x >>> 16)) >>> 0;
    return x;
}
