#version 330 core
// Film grain (mesh-math §8a): noise added in linear light to a finished
// straight color, before quantization and its dither. Linked into the
// programs that call storedColor() (quantize.glsl). Twin of
// Sources/MeshGradCore/Render/Grain.swift: grainLattice(), grainNoise()
// and applyGrain() carry the same names and do the same operations.

// In quantize.glsl, linked with this file.
uint hash32(uint value);

// amount 0 turns grain off; grainInverseSize is 1 / size.
uniform float grainAmount;
uniform float grainInverseSize;
uniform bool grainMonochrome;
uniform uint grainSeed;

// Mean 0, variance 1: four 16-bit uniforms from two hashes (Irwin-Hall 4).
float grainLattice(int i, int j, uint channel, uint seed) {
    uint key = hash32(uint(i) + hash32(uint(j) + hash32(seed + channel)));
    uint other = hash32(key ^ 0x68e31da4u);
    float sum = float(key & 0xffffu) + float(key >> 16u) + float(other & 0xffffu) + float(other >> 16u) + 2.0;
    return (sum / 65536.0 - 2.0) * 1.7320508;
}

float grainNoise(ivec2 pixel, uint channel) {
    if (grainInverseSize == 1.0) return grainLattice(pixel.x, pixel.y, channel, grainSeed);
    vec2 p = (vec2(pixel) + 0.5) * grainInverseSize;
    vec2 f = floor(p);
    vec2 t = p - f;
    ivec2 ij = ivec2(f);
    float n00 = grainLattice(ij.x, ij.y, channel, grainSeed);
    float n10 = grainLattice(ij.x + 1, ij.y, channel, grainSeed);
    float n01 = grainLattice(ij.x, ij.y + 1, channel, grainSeed);
    float n11 = grainLattice(ij.x + 1, ij.y + 1, channel, grainSeed);
    float top = n00 + (n10 - n00) * t.x;
    float bottom = n01 + (n11 - n01) * t.x;
    return (top + (bottom - top) * t.y) * 1.5;
}

float grained(float c, float n) {
    float clamped = clamp(c, 0.0, 1.0);
    float linear = clamped <= 0.04045 ? clamped / 12.92 : pow((clamped + 0.055) / 1.055, 2.4);
    float noisy = clamp(linear + grainAmount * n * sqrt(linear + 1.0 / 256.0), 0.0, 1.0);
    return noisy <= 0.0031308 ? 12.92 * noisy : 1.055 * pow(noisy, 1.0 / 2.4) - 0.055;
}

// The straight color with grain at canvas pixel `pixel`; alpha untouched.
// GRAIN is 0 in the programs of grainless frames (GLRenderer.meshProgram):
// a uniform branch would not spare llvmpipe the grain's cost.
vec4 applyGrain(vec4 straight, ivec2 pixel) {
#if GRAIN
    if (!(grainAmount > 0.0)) return straight;
    float n0 = grainNoise(pixel, 0u);
    float n1 = grainMonochrome ? n0 : grainNoise(pixel, 1u);
    float n2 = grainMonochrome ? n0 : grainNoise(pixel, 2u);
    return vec4(grained(straight.r, n0), grained(straight.g, n1), grained(straight.b, n2), straight.a);
#else
    return straight;
#endif
}
