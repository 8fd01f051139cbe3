#version 330 core
// A rectangle of whole canvas pixels, from gl_VertexID alone (a triangle
// strip of four vertices, no vertex buffer): where a scene layer, its
// shadow's source or its shadow is drawn. Target rows run top to bottom
// like the canvas's, so no flip.

uniform ivec4 rect;          // x0, y0, x1, y1 in canvas pixels
uniform ivec2 targetOrigin;  // the canvas pixel at the target's (0, 0)
uniform ivec2 targetSize;

void main() {
    ivec2 corner = ivec2(gl_VertexID & 1, gl_VertexID >> 1);
    ivec2 p = ivec2(corner.x == 0 ? rect.x : rect.z, corner.y == 0 ? rect.y : rect.w) - targetOrigin;
    gl_Position = vec4(vec2(p) / vec2(targetSize) * 2.0 - 1.0, 0.0, 1.0);
}
