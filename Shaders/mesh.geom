#version 330 core
// The mesh's geometry stage: the affine map from canvas position to (u, v) of
// each triangle (mesh-math §7), in canvas coordinates.
//
// The fragment stage evaluates these planes at its canvas pixel center
// (gl_FragCoord + regionOrigin, exact) instead of using the rasterizer's
// interpolation, whose rounding depends on where the triangle sits in the
// framebuffer. So a tile computes exactly the (u, v) the whole canvas would:
// tiled renders equal one-piece renders pixel for pixel. Twin of the
// planes in Sources/MeshGradCore/Render/MeshGeom.swift (`RasterTriangle`).

layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;

in vec2 canvasPosition[];
in vec2 vertexParameter[];
flat in uint vertexPatch[];

// With d = p - planeAnchor.xy for a canvas position p:
// u(p) = planeAnchor.z + planeSlopes.x * d.x + planeSlopes.y * d.y,
// v(p) = planeAnchor.w + planeSlopes.z * d.x + planeSlopes.w * d.y.
// Two vectors, not four: every flat output costs a software rasterizer
// set-up work per triangle and loads per pixel block.
flat out vec4 planeAnchor;
flat out vec4 planeSlopes;
// FOLDS 1 when a patch of the mesh folds over itself (GLRenderer defines
// it): the fragment stage then needs the patch index for its depth key.
#ifndef FOLDS
#define FOLDS 0
#endif
#if FOLDS
flat out float patchIndex;
#endif
// OPAQUE 1 when every color is opaque (GLRenderer defines it; see
// mesh.frag): the polynomial's alpha is then 1 and not passed on.
#ifndef OPAQUE
#define OPAQUE 0
#endif
#if OPAQUE
#define COEFFICIENT vec3
#define CHANNELS rgb
#else
#define COEFFICIENT vec4
#define CHANNELS rgba
#endif

// The patch's color polynomial, fetched once per triangle here rather than
// once per pixel in mesh.frag: the coefficient of u^i v^j is
// polynomial[j * 4 + i].
flat out COEFFICIENT polynomial[16];

// 16 RGBA32F texels per patch: the coefficients of patch k are texels
// k*16 ... k*16 + 15 (ColorPolynomial, premultiplied, interpolation space).
uniform samplerBuffer colorPolynomials;

void main() {
    vec2 e1 = canvasPosition[1] - canvasPosition[0];
    vec2 e2 = canvasPosition[2] - canvasPosition[0];
    float det = e1.x * e2.y - e2.x * e1.y;
    if (det == 0.0) return;  // covers nothing
    vec2 du = vec2(vertexParameter[1].x - vertexParameter[0].x, vertexParameter[2].x - vertexParameter[0].x);
    vec2 dv = vec2(vertexParameter[1].y - vertexParameter[0].y, vertexParameter[2].y - vertexParameter[0].y);
    vec4 slopes = vec4(
        (du.x * e2.y - du.y * e1.y) / det, (e1.x * du.y - e2.x * du.x) / det,
        (dv.x * e2.y - dv.y * e1.y) / det, (e1.x * dv.y - e2.x * dv.x) / det);
    COEFFICIENT coefficients[16];
    int base = int(vertexPatch[0]) * 16;
    for (int k = 0; k < 16; k++) coefficients[k] = texelFetch(colorPolynomials, base + k).CHANNELS;
    for (int i = 0; i < 3; i++) {
        polynomial = coefficients;
        gl_Position = gl_in[i].gl_Position;
        planeAnchor = vec4(canvasPosition[0], vertexParameter[0]);
        planeSlopes = slopes;
#if FOLDS
        patchIndex = float(vertexPatch[0]);
#endif
        EmitVertex();
    }
    EndPrimitive();
}
