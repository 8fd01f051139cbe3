#version 330 core
// The preview's overlay (vertices, mesh edges, handles): flat-colored
// triangles given in framebuffer pixels, y down like the canvas.

layout(location = 0) in vec2 position;
layout(location = 1) in vec4 color;

uniform vec2 framebufferSize;

out vec4 vertexColor;

void main() {
    vec2 ndc = position / framebufferSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vertexColor = color;
}
