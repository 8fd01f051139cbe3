#version 330 core
// A layer's shadow on the canvas: its blurred alpha (GLGaussianBlur of the
// layer drawn by layer.frag), shifted by the shadow's offset, in the
// shadow's premultiplied color; composited over by GL blending. Twin of
// SceneRenderer.drawShadow in Sources/MeshGradCore/Scene/Shadow.swift.

uniform sampler2D shadowImage;  // the blurred layer, premultiplied
uniform ivec2 shadowOrigin;     // the canvas pixel at its (0, 0), offset applied
uniform vec4 shadowColor;       // premultiplied

out vec4 result;

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    result = shadowColor * texelFetch(shadowImage, pixel - shadowOrigin, 0).a;
}
