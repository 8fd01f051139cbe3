#version 330 core
// One scene layer's premultiplied color at a pixel: its content (a solid
// color, a linear gradient, or a mesh drawn beforehand into an image),
// clipped to its shape and stroked (shape.glsl), times its text mask,
// times its opacity; composited over the canvas by
// GL blending (ONE, ONE_MINUS_SRC_ALPHA). Twin of LayerSource and
// Sources/MeshGradCore/Scene/LayerShading.swift: the functions carry the
// same names.

uniform ivec2 targetOrigin;  // the canvas pixel at the target's (0, 0)
uniform ivec2 boxOrigin;     // the canvas pixel at the layer box's (0, 0)
// 0: solid, 1: linear gradient, 2: premultiplied image, 3: straight image,
// 4: a material's blurred backdrop (material.glsl).
uniform int contentKind;
uniform vec4 solidColor;     // straight
// LinearGradient.shadingStops: premultiplied, interpolation space.
uniform float stopLocations[16];
uniform vec4 stopColors[16];
uniform int stopCount;
uniform int colorSpace;
uniform vec2 gradientStart;  // canvas pixels
uniform vec2 gradientEnd;
uniform sampler2D contentImage;  // box-sized
uniform sampler2D maskImage;     // box-sized coverage, red channel
uniform bool hasMask;
uniform float opacity;

out vec4 result;

// In color.glsl, linked with this file.
vec4 finishColor(vec4 c, int colorSpace);
// In material.glsl, linked with this file.
vec4 materialColor(vec4 blurred, float saturation, vec4 tint);
uniform ivec2 backdropOrigin;  // the canvas pixel at the backdrop's (0, 0)
uniform float materialSaturation;
uniform vec4 materialTint;     // premultiplied
// In shape.glsl, linked with this file.
uniform bool hasShape;
vec4 shapeColor(vec4 fill, vec2 p);

float linearGradientParameter(vec2 p, vec2 start, vec2 end) {
    float dx = end.x - start.x;
    float dy = end.y - start.y;
    float lengthSquared = dx * dx + dy * dy;
    if (!(lengthSquared > 0.0)) return 0.0;
    return ((p.x - start.x) * dx + (p.y - start.y) * dy) / lengthSquared;
}

vec4 linearGradientColor(float t) {
    if (stopCount <= 0) return vec4(0.0);
    vec4 premultiplied = stopColors[0];
    if (t >= stopLocations[stopCount - 1]) {
        premultiplied = stopColors[stopCount - 1];
    } else if (t > stopLocations[0]) {
        int k = 1;
        while (k < stopCount - 1 && t > stopLocations[k]) k++;
        float span = stopLocations[k] - stopLocations[k - 1];
        float f = span > 0.0 ? (t - stopLocations[k - 1]) / span : 1.0;
        premultiplied = stopColors[k - 1] + (stopColors[k] - stopColors[k - 1]) * f;
    }
    return finishColor(premultiplied, colorSpace);
}

vec4 premultiply(vec4 c) {
    return vec4(c.rgb * c.a, c.a);
}

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy) + targetOrigin;
    ivec2 local = pixel - boxOrigin;
    vec4 color;
    if (contentKind == 0) {
        color = premultiply(solidColor);
    } else if (contentKind == 1) {
        vec2 center = vec2(pixel) + 0.5;
        color = premultiply(linearGradientColor(linearGradientParameter(center, gradientStart, gradientEnd)));
    } else if (contentKind == 2) {
        color = texelFetch(contentImage, local, 0);
    } else if (contentKind == 3) {
        color = premultiply(texelFetch(contentImage, local, 0));
    } else {
        vec4 blurred = texelFetch(contentImage, pixel - backdropOrigin, 0);
        color = materialColor(blurred, materialSaturation, materialTint);
    }
    if (hasShape) color = shapeColor(color, vec2(pixel) + 0.5);
    if (hasMask) {
        color *= texelFetch(maskImage, local, 0).r * opacity;
    } else if (opacity < 1.0) {
        color *= opacity;
    }
    result = color;
}
