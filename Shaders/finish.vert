#version 330 core
// Pass 2 vertex stage: one triangle that covers the whole viewport, from
// gl_VertexID alone (no vertex buffer).

void main() {
    vec2 corner = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
