#version 330 core
// A backdrop material (mesh-math §10b): linked into layer.frag. Twin of
// Sources/MeshGradCore/Scene/Material.swift: the function carries the same
// name and does the same float operations in the same order.

// The material's premultiplied color from the blurred premultiplied
// backdrop: saturation raised about its Rec. 709 luma, kept within
// 0…alpha, then the tint composited over.
vec4 materialColor(vec4 blurred, float saturation, vec4 tint) {
    float luma = 0.2126 * blurred.x + 0.7152 * blurred.y + 0.0722 * blurred.z;
    float r = min(max(luma + (blurred.x - luma) * saturation, 0.0), blurred.w);
    float g = min(max(luma + (blurred.y - luma) * saturation, 0.0), blurred.w);
    float b = min(max(luma + (blurred.z - luma) * saturation, 0.0), blurred.w);
    vec4 saturated = vec4(r, g, b, blurred.w);
    return tint + saturated * (1.0 - tint.w);
}
