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

float linearToSRGB(float l) {
    return l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

vec3 oklabToSRGB(vec3 lab) {
    float l_ = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z;
    float m_ = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z;
    float s_ = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z;
    vec3 lms = vec3(l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_);
    vec3 linear = vec3(
        4.0767416621 * lms.x - 3.3077115913 * lms.y + 0.2309699292 * lms.z,
        -1.2684380046 * lms.x + 2.6097574011 * lms.y - 0.3413193965 * lms.z,
        -0.0041960863 * lms.x - 0.7034186147 * lms.y + 1.7076147010 * lms.z);
    linear = clamp(linear, 0.0, 1.0);
    return vec3(linearToSRGB(linear.r), linearToSRGB(linear.g), linearToSRGB(linear.b));
}

// Premultiplied, interpolation space -> straight sRGB (mesh-math §4c).
vec4 finishColor(vec4 c) {
    float alpha = clamp(c.a, 0.0, 1.0);
    if (!(alpha > 0.0)) return vec4(0.0);
    float inverse = 1.0 / alpha;
    if (colorSpace == 0) {
        return vec4(clamp(c.rgb, 0.0, alpha) * inverse, alpha);
    }
    return vec4(oklabToSRGB(c.rgb * inverse), alpha);
}

void main() {
    // The pixel center in canvas coordinates, and (u, v) there.
    vec2 d = gl_FragCoord.xy + regionOrigin - planeOrigin;
    vec2 uv = vec2(uPlane.x + uPlane.y * d.x + uPlane.z * d.y, vPlane.x + vPlane.y * d.x + vPlane.z * d.y);
    vec2 p = clamp(uv, 0.0, 1.0);
    vec4 straight = finishColor(evaluateColorPolynomial(int(patchIndex) * 16, p));
    premultiplied = vec4(straight.rgb * straight.a, straight.a);
    covered = vec4(1.0);
}
