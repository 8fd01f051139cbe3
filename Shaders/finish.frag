#version 330 core
// Pass 2 fragment stage, for meshes drawn with multisampling (a border
// crossing the canvas) and for scene canvases: from pass 1's premultiplied
// colors to the stored output (mesh-math §8). Twin of
// Sources/MeshGradCore/Render/Finish.swift (`unpremultiply`, and `blend`
// for the border the resolve blends); the quantization itself is
// quantize.glsl.

uniform sampler2D premultipliedImage;  // pass 1, resolved
uniform sampler2D coverageImage;       // pass 1: > 0 wherever the mesh is
uniform vec4 background;               // straight sRGB
// OUTPUT_MODE 0: 8-bit dithered, 1: 8-bit rounded, 2: 16-bit, 3: float; a
// constant (one program per mode), so only its own code runs.
#ifndef OUTPUT_MODE
#define OUTPUT_MODE 0
#endif
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

// In quantize.glsl, linked with this file.
vec4 storedColor(vec4 straight, ivec2 pixel, int outputMode, bool dithers);

// A premultiplied color back to straight; zero alpha gives transparent
// black. Twin of unpremultiply() in Finish.swift.
vec4 unpremultiply(vec4 c) {
    return c.a > 0.0 ? vec4(c.rgb / c.a, c.a) : vec4(0.0);
}

void main() {
    ivec2 local = ivec2(gl_FragCoord.xy);
    if (flipsY) local.y = textureSize(premultipliedImage, 0).y - 1 - local.y;
    ivec2 pixel = local + regionOrigin;
    bool meshHere = isScene || texelFetch(coverageImage, local, 0).r > 0.0;
    vec4 straight = background;
    if (meshHere) {
        straight = unpremultiply(texelFetch(premultipliedImage, local, 0));
    }
    result = storedColor(straight, pixel, OUTPUT_MODE, meshHere);
}
