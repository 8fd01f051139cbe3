#version 330 core
// A layer's shape and stroke (mesh-math §10a): linked into layer.frag.
// Twin of Sources/MeshGradCore/Scene/Shape.swift: the functions carry the
// same names and do the same float operations in the same order.

// The rounded box every shape becomes, in canvas pixels.
uniform bool hasShape;
uniform vec2 shapeCenter;
uniform vec2 shapeHalfSize;
uniform float shapeRadius;
uniform float strokeWidth;  // 0: no stroke
uniform vec4 strokeColor;   // premultiplied

// Signed distance in pixels from p to the rounded box's edge, negative inside.
float roundedBoxDistance(vec2 p, vec2 center, vec2 halfSize, float radius) {
    float qx = abs(p.x - center.x) - halfSize.x + radius;
    float qy = abs(p.y - center.y) - halfSize.y + radius;
    float ox = max(qx, 0.0);
    float oy = max(qy, 0.0);
    float outside = sqrt(ox * ox + oy * oy);
    float inside = min(max(qx, qy), 0.0);
    return outside + inside - radius;
}

// The part of the pixel inside the shape: a one-pixel ramp across the edge.
float shapeCoverage(float d) {
    return min(max(0.5 - d, 0.0), 1.0);
}

// A stroke `width` pixels wide centered on the edge.
float strokeCoverage(float d, float width) {
    return shapeCoverage(d - width * 0.5) - shapeCoverage(d + width * 0.5);
}

// The premultiplied fill color at pixel center p once shaped: the fill
// inside, the stroke's color over it.
vec4 shapeColor(vec4 fill, vec2 p) {
    float d = roundedBoxDistance(p, shapeCenter, shapeHalfSize, shapeRadius);
    vec4 color = fill * shapeCoverage(d);
    if (strokeWidth > 0.0) {
        vec4 stroke = strokeColor * strokeCoverage(d, strokeWidth);
        color = stroke + color * (1.0 - stroke.w);
    }
    return color;
}
