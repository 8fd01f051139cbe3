#version 330 core
// The mesh's fragment stage: the color of one pixel (mesh-math §4), stored
// directly in the output, or premultiplied for finish.frag (pass 2).
// Twin of Sources/MeshGradCore/Render/MeshShading.swift: the functions
// carry the same names.

// The triangle's affine map from canvas position to (u, v) (mesh.geom).
flat in vec4 planeAnchor;
flat in vec4 planeSlopes;
// Constants, not uniforms, so the driver compiles only the path taken
// (GLRenderer keeps one program per combination; the defaults serve
// offline validation).
// OPAQUE 1: every color of the mesh is opaque, so alpha is 1 everywhere
// and neither passed, evaluated nor divided by: a quarter of the work of
// a pixel, on a CPU rasterizer.
#ifndef OPAQUE
#define OPAQUE 0
#endif
#if OPAQUE
#define COEFFICIENT vec3
#else
#define COEFFICIENT vec4
#endif
// COLOR_SPACE 0: device (sRGB values), 1: perceptual (Oklab).
#ifndef COLOR_SPACE
#define COLOR_SPACE 0
#endif
// OUTPUT_MODE -1: the premultiplied color for pass 2 (a multisampled
// border, a scene layer); otherwise the stored output itself
// (OutputFormat.shaderMode), as the CPU renderer does wherever no sample
// straddles the border: one pass, no float image in between.
#ifndef OUTPUT_MODE
#define OUTPUT_MODE 0
#endif
// FOLDS 1: a patch folds over itself, so the pixel's depth is its fold
// key (mesh-math §7a), which the depth test (GL_GEQUAL) compares: the
// sheet with the larger v wins, equal keys the later triangle. Twin of
// `foldKey` in Sources/MeshGradCore/Tessellation/Folding.swift.
#ifndef FOLDS
#define FOLDS 0
#endif
#if FOLDS
flat in float patchIndex;
// RenderPlan.foldKeyScale: a power of two, 1 / (patch count rounded up).
uniform float foldKeyScale;
#endif
// The patch's color polynomial (premultiplied, interpolation space): the
// coefficient of u^i v^j is polynomial[j * 4 + i] (see mesh.geom).
flat in COEFFICIENT polynomial[16];

// The canvas position of the framebuffer's first pixel (see mesh.vert).
uniform vec2 regionOrigin;
// Drawing into a window: the framebuffer's rows run bottom to top.
uniform bool flipsY;
uniform float regionHeight;

// Pass 2's input: the finished color, premultiplied so that multisample
// resolve blends the mesh border with the background correctly; and 1
// wherever the mesh is. Or, finishing directly, the stored output (location
// 1 then has no draw buffer).
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 covered;

vec4 evaluateColorPolynomial(vec2 p) {
    COEFFICIENT result = COEFFICIENT(0.0);
    for (int j = 3; j >= 0; j--) {
        int row = j * 4;
        COEFFICIENT r = polynomial[row + 3];
        r = r * p.x + polynomial[row + 2];
        r = r * p.x + polynomial[row + 1];
        r = r * p.x + polynomial[row];
        result = result * p.y + r;
    }
#if OPAQUE
    return vec4(result, 1.0);
#else
    return result;
#endif
}

// Premultiplied, interpolation space -> straight sRGB (mesh-math §4c): in
// color.glsl. Straight color -> stored output (§8): in quantize.glsl.
vec4 finishColor(vec4 c, int colorSpace);
vec4 storedColor(vec4 straight, ivec2 pixel, int outputMode, bool dithers);

void main() {
    // The pixel center in canvas coordinates, and (u, v) there.
    vec2 local = gl_FragCoord.xy;
    if (flipsY) local.y = regionHeight - local.y;
    vec2 d = local + regionOrigin - planeAnchor.xy;
    vec2 uv = vec2(
        planeAnchor.z + planeSlopes.x * d.x + planeSlopes.y * d.y,
        planeAnchor.w + planeSlopes.z * d.x + planeSlopes.w * d.y);
    vec2 p = clamp(uv, 0.0, 1.0);
#if FOLDS
    gl_FragDepth = (patchIndex + p.y) * foldKeyScale;
#endif
    vec4 straight = finishColor(evaluateColorPolynomial(p), COLOR_SPACE);
#if OUTPUT_MODE < 0
    color = vec4(straight.rgb * straight.a, straight.a);
    covered = vec4(1.0);
#else
    color = storedColor(straight, ivec2(floor(local + regionOrigin)), OUTPUT_MODE, true);
#endif
}
