#version 330 core
// From the interpolation space to straight sRGB (mesh-math §4c): shared by
// mesh.frag and layer.frag, linked into both programs. Twin of
// finishColor() and oklabToSRGB() in Sources/MeshGradCore/Render/
// MeshShading.swift and Math/Oklab.swift.

float linearToSRGB(float l) {
    return l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

// DISPLAY_P3 1: the output is a Display P3 drawing buffer (the web export,
// for a document with colors beyond sRGB): the finished color is encoded
// in Display P3, clipped to it, instead of clipped to sRGB. The renderers
// of files map into their gamut instead (WideColor.swift, mesh-math §12).
#ifndef DISPLAY_P3
#define DISPLAY_P3 0
#endif
#if DISPLAY_P3
// The sRGB curve, mirrored for negative components (extended sRGB).
float srgbToLinear(float e) {
    float m = abs(e);
    return sign(e) * (m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4));
}

// Linear sRGB to encoded Display P3: the matrix ColorGamut derives from
// the primaries and D65, rows; then Display P3's curve, which is sRGB's.
vec3 encodedDisplayP3(vec3 linearSRGB) {
    vec3 p3 = clamp(vec3(
        dot(vec3(0.8224619687, 0.1775380313, 0.0), linearSRGB),
        dot(vec3(0.0331941989, 0.9668058011, 0.0), linearSRGB),
        dot(vec3(0.0170826307, 0.0723974407, 0.9105199286), linearSRGB)), 0.0, 1.0);
    return vec3(linearToSRGB(p3.r), linearToSRGB(p3.g), linearToSRGB(p3.b));
}
#endif

vec3 oklabToSRGB(vec3 lab) {
    float l_ = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z;
    float m_ = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z;
    float s_ = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z;
    vec3 lms = vec3(l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_);
    vec3 linear = vec3(
        4.0767416621 * lms.x - 3.3077115913 * lms.y + 0.2309699292 * lms.z,
        -1.2684380046 * lms.x + 2.6097574011 * lms.y - 0.3413193965 * lms.z,
        -0.0041960863 * lms.x - 0.7034186147 * lms.y + 1.7076147010 * lms.z);
#if DISPLAY_P3
    return encodedDisplayP3(linear);
#endif
    linear = clamp(linear, 0.0, 1.0);
    return vec3(linearToSRGB(linear.r), linearToSRGB(linear.g), linearToSRGB(linear.b));
}

// Premultiplied, interpolation space -> straight sRGB. colorSpace 0:
// device (sRGB values), 1: perceptual (Oklab).
vec4 finishColor(vec4 c, int colorSpace) {
    float alpha = clamp(c.a, 0.0, 1.0);
    if (!(alpha > 0.0)) return vec4(0.0);
    float inverse = 1.0 / alpha;
    if (colorSpace == 0) {
#if DISPLAY_P3
        vec3 straight = c.rgb * inverse;
        return vec4(encodedDisplayP3(vec3(srgbToLinear(straight.r), srgbToLinear(straight.g), srgbToLinear(straight.b))), alpha);
#endif
        return vec4(clamp(c.rgb, 0.0, alpha) * inverse, alpha);
    }
    return vec4(oklabToSRGB(c.rgb * inverse), alpha);
}
