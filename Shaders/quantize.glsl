#version 330 core
// From a straight color to the stored output (mesh-math §8): shared by
// finish.frag (pass 2) and mesh.frag (which finishes directly when the
// mesh needs no multisample resolve), linked into both programs. Twin of
// Sources/MeshGradCore/Render/Quantize.swift and PixelWriter.swift:
// the functions carry the same names.

uint hash32(uint value) {
    uint x = value;
    x ^= x >> 16u;
    x *= 0x7feb352du;
    x ^= x >> 15u;
    x *= 0x846ca68bu;
    x ^= x >> 16u;
    return x;
}

uint ditherRowSeed(int y) {
    return hash32(uint(y));
}

// Entry (x + rowSeed) & 4095 of DitherTable.entries (DitherTable.index),
// computed rather than fetched: four integer hashes cost llvmpipe less than
// one buffer texture fetch, and give the same bits (every float step is
// exact).
vec4 ditherNoise(int x, uint rowSeed) {
    uint k = ((uint(x) + rowSeed) & 4095u) * 4u + 1u;
    uvec4 h = uvec4(hash32(k), hash32(k + 1u), hash32(k + 2u), hash32(k + 3u));
    vec4 r1 = (vec4(h & 0xffffu) + 0.5) / 65536.0;
    vec4 r2 = (vec4(h >> 16u) + 0.5) / 65536.0;
    return r1 + r2 - 1.0;
}

// floor(v*255 + 0.5 + n), clamped; alpha is only dithered where rounding
// would not give 0 or 255. Returned as k/255, which the RGBA8 target
// stores exactly.
vec4 quantize8(vec4 color, vec4 noise) {
    if (!(color.a >= 0.5 / 255.0 && color.a < 254.5 / 255.0)) noise.a = 0.0;
    return clamp(floor(color * 255.0 + 0.5 + noise), 0.0, 255.0) / 255.0;
}

vec4 quantize16(vec4 color) {
    return clamp(floor(color * 65535.0 + 0.5), 0.0, 65535.0) / 65535.0;
}

// The value stored for a straight color at canvas pixel `pixel`. Output
// modes: 0 8-bit dithered, 1 8-bit rounded, 2 16-bit, 3 float (OutputFormat.
// shaderMode): callers pass a constant, which the compiler folds, so only
// the mode's own code runs. `dithers` is false for the flat background,
// which cannot band; it gets no grain either.
// In grain.glsl, linked with this file: grain over the content (the
// pixels that dither), before quantization.
vec4 applyGrain(vec4 straight, ivec2 pixel);

vec4 storedColor(vec4 straight, ivec2 pixel, int outputMode, bool dithers) {
    if (dithers) straight = applyGrain(straight, pixel);
    if (outputMode == 0 || outputMode == 1) {
        vec4 noise = (outputMode == 0 && dithers) ? ditherNoise(pixel.x, ditherRowSeed(pixel.y)) : vec4(0.0);
        return quantize8(straight, noise);
    } else if (outputMode == 2) {
        return quantize16(straight);
    }
    return clamp(straight, 0.0, 1.0);
}
