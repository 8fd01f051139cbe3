#version 330 core
// The mesh's vertex stage: the tessellated mesh (Sources/MeshGradCore/
// Tessellation), uploaded exactly as Swift built it: MeshVertex, 20 bytes.

#ifndef WEBGL
#define WEBGL 0
#endif
#ifndef FOLDS
#define FOLDS 0
#endif

#if WEBGL
// WebGL2 has no geometry stage: each vertex of a triangle carries what
// mesh.geom would emit for it (the triangle's planes, computed by its
// JavaScript twin, Render/MeshGeom.js) and the patch whose color
// polynomial mesh.frag fetches. The canvas is the whole framebuffer: canvas
// y maps to framebuffer row y (pass 1's image), or, drawing to the page's
// canvas (flipsY), to canvasSize.y - y.
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 anchor;
layout(location = 2) in vec4 slopes;
layout(location = 3) in uint meshPatch;
uniform vec2 canvasSize;
uniform bool flipsY;

flat out vec4 planeAnchor;
flat out vec4 planeSlopes;
#if FOLDS
flat out float patchIndex;
#endif
// POLYNOMIAL_VARYINGS 1 where the browser passes 18 vectors from stage to
// stage: the polynomial is fetched here, per vertex, and passed flat, as
// mesh.geom passes it, instead of per pixel in mesh.frag (16 fetches a
// pixel cost a CPU rasterizer most of its frame).
#ifndef POLYNOMIAL_VARYINGS
#define POLYNOMIAL_VARYINGS 0
#endif
#ifndef OPAQUE
#define OPAQUE 0
#endif
#if POLYNOMIAL_VARYINGS
#if OPAQUE
#define COEFFICIENT vec3
#define CHANNELS rgb
#else
#define COEFFICIENT vec4
#define CHANNELS rgba
#endif
uniform highp sampler2D colorPolynomials;
flat out COEFFICIENT polynomial[16];
#else
flat out uint polynomialPatch;
#endif

void main() {
    vec2 ndc = position / canvasSize * 2.0 - 1.0;
    if (flipsY) ndc.y = -ndc.y;
    gl_Position = vec4(ndc, 0.0, 1.0);
    planeAnchor = anchor;
    planeSlopes = slopes;
#if POLYNOMIAL_VARYINGS
    ivec2 first = ivec2(int(meshPatch % 64u) * 16, int(meshPatch / 64u));
    for (int k = 0; k < 16; k++) polynomial[k] = texelFetch(colorPolynomials, first + ivec2(k, 0), 0).CHANNELS;
#else
    polynomialPatch = meshPatch;
#endif
#if FOLDS
    patchIndex = float(meshPatch);
#endif
}
#else
layout(location = 0) in vec2 position;   // canvas pixels, (0, 0) top-left, y down
layout(location = 1) in vec2 parameter;  // (u, v) inside the patch
layout(location = 2) in uint patch;      // row-major patch index

// The canvas position of this draw's first pixel (the whole canvas, or one
// tile), and 2/S for the power of two S of the viewport (-S/2, -S/2, S, S).
// With that viewport, window = (position - regionOrigin) * (2/S) * (S/2)
// exactly: every step is exact in float, so each tile covers exactly the
// pixels the whole canvas would. Canvas y maps to window y unflipped, so
// glReadPixels returns the image's top row first.
uniform vec2 regionOrigin;
uniform float ndcScale;
// Drawing into a window, whose first row is its bottom one: canvas y maps
// to regionHeight - y.
uniform bool flipsY;
uniform float regionHeight;

out vec2 canvasPosition;
out vec2 vertexParameter;
flat out uint vertexPatch;

void main() {
    vec2 window = position - regionOrigin;
    if (flipsY) window.y = regionHeight - window.y;
    gl_Position = vec4(window * ndcScale, 0.0, 1.0);
    canvasPosition = position;
    vertexParameter = parameter;
    vertexPatch = patch;
}
#endif
