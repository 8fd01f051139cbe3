#version 330 core
// Pass 2 fragment stage: from the mesh pass's premultiplied colors to the
// stored output (mesh-math §8). Twin of Sources/MeshGradCore/Render/
// Quantization.swift and PixelWriter.swift: the functions carry the same
// names.

uniform sampler2D premultipliedImage;  // pass 1, resolved
uniform sampler2D coverageImage;       // pass 1: > 0 wherever the mesh is
// DitherTable.entries: 4096 RGBA32F noise vectors in (-1, 1).
uniform samplerBuffer ditherTable;
uniform vec4 background;               // straight sRGB
// 0: 8-bit dithered, 1: 8-bit rounded, 2: 16-bit, 3: float.
uniform int outputMode;
// Canvas position of this region's first pixel: the noise hashes canvas
// coordinates, so tiles meet without seams.
uniform ivec2 regionOrigin;
// Drawing to a window (whose origin is its bottom-left corner) rather than
// to an image read back top row first: read the source rows upside down.
uniform bool flipsY;
// A scene's canvas (SceneRenderer's twin): every pixel is content, none is
// flat background, so every pixel is dithered.
uniform bool isScene;

out vec4 result;

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

vec4 ditherNoise(int x, uint rowSeed) {
    return texelFetch(ditherTable, int(hash32(uint(x) + rowSeed) & 4095u));
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

void main() {
    ivec2 local = ivec2(gl_FragCoord.xy);
    if (flipsY) local.y = textureSize(premultipliedImage, 0).y - 1 - local.y;
    ivec2 pixel = local + regionOrigin;
    bool meshHere = isScene || texelFetch(coverageImage, local, 0).r > 0.0;
    vec4 straight = background;
    if (meshHere) {
        vec4 c = texelFetch(premultipliedImage, local, 0);
        straight = c.a > 0.0 ? vec4(c.rgb / c.a, c.a) : vec4(0.0);
    }
    if (outputMode == 0 || outputMode == 1) {
        // The background is a flat fill: never dithered, it cannot band.
        vec4 noise = (outputMode == 0 && meshHere) ? ditherNoise(pixel.x, ditherRowSeed(pixel.y)) : vec4(0.0);
        result = quantize8(straight, noise);
    } else if (outputMode == 2) {
        result = quantize16(straight);
    } else {
        result = clamp(straight, 0.0, 1.0);
    }
}
