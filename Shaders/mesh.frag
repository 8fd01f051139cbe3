#version 330 core
// Pass 1 fragment stage: the color of one pixel (mesh-math §4).
// Twin of Sources/MeshGradCore/Render/MeshShading.swift: the functions
// carry the same names.

flat in uint patchIndex;
flat in vec2 planeOrigin;
flat in vec3 uPlane;
flat in vec3 vPlane;

// 16 RGBA32F texels per patch: the coefficient of u^i v^j of patch k is
// texel k*16 + j*4 + i (ColorPolynomial, premultiplied, interpolation space).
uniform samplerBuffer colorPolynomials;
// 0: device (sRGB values), 1: perceptual (Oklab).
uniform int colorSpace;
// The canvas position of the framebuffer's first pixel (see mesh.vert).
uniform vec2 regionOrigin;

// The finished color, premultiplied so that multisample resolve blends the
// mesh border with the background correctly; and 1 wherever the mesh is.
layout(location = 0) out vec4 premultiplied;
layout(location = 1) out vec4 covered;

vec4 evaluateColorPolynomial(int base, vec2 p) {
    vec4 result = vec4(0.0);
    for (int j = 3; j >= 0; j--) {
        int row = base + j * 4;
        vec4 r = texelFetch(colorPolynomials, row + 3);
        r = r * p.x + texelFetch(colorPolynomials, row + 2);
        r = r * p.x + texelFetch(colorPolynomials, row + 1);
        r = r * p.x + texelFetch(colorPolynomials, row);
        result = result * p.y + r;
    }
    return result;
}

// Premultiplied, interpolation space -> straight sRGB (mesh-math §4c):
// in color.glsl, linked with this file.
vec4 finishColor(vec4 c, int colorSpace);

void main() {
    // The pixel center in canvas coordinates, and (u, v) there.
    vec2 d = gl_FragCoord.xy + regionOrigin - planeOrigin;
    vec2 uv = vec2(uPlane.x + uPlane.y * d.x + uPlane.z * d.y, vPlane.x + vPlane.y * d.x + vPlane.z * d.y);
    vec2 p = clamp(uv, 0.0, 1.0);
    vec4 straight = finishColor(evaluateColorPolynomial(int(patchIndex) * 16, p), colorSpace);
    premultiplied = vec4(straight.rgb * straight.a, straight.a);
    covered = vec4(1.0);
}
