#version 330 core
// From the interpolation space to straight sRGB (mesh-math §4c): shared by
// mesh.frag and layer.frag, linked into both programs. Twin of
// finishColor() and oklabToSRGB() in Sources/MeshGradCore/Render/
// MeshShading.swift and Math/Oklab.swift.

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

// Premultiplied, interpolation space -> straight sRGB. colorSpace 0:
// device (sRGB values), 1: perceptual (Oklab).
vec4 finishColor(vec4 c, int colorSpace) {
    float alpha = clamp(c.a, 0.0, 1.0);
    if (!(alpha > 0.0)) return vec4(0.0);
    float inverse = 1.0 / alpha;
    if (colorSpace == 0) {
        return vec4(clamp(c.rgb, 0.0, alpha) * inverse, alpha);
    }
    return vec4(oklabToSRGB(c.rgb * inverse), alpha);
}
