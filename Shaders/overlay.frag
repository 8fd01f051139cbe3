#version 330 core
// The preview's overlay: the vertex color, blended over the gradient.

in vec4 vertexColor;
out vec4 result;

void main() {
    result = vertexColor;
}
