#version 330 core
// Pass 1 geometry stage: the affine map from canvas position to (u, v) of
// each triangle (mesh-math §7), in canvas coordinates.
//
// The fragment stage evaluates these planes at its canvas pixel center
// (gl_FragCoord + regionOrigin, exact) instead of using the rasterizer's
// interpolation, whose rounding depends on where the triangle sits in the
// framebuffer. So a tile computes exactly the (u, v) the whole canvas would:
// tiled renders equal one-piece renders pixel for pixel. Twin of the
// planes in Sources/MeshGradCore/Render/RasterTriangle.swift.

layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;

in vec2 canvasPosition[];
in vec2 vertexParameter[];
flat in uint vertexPatch[];

flat out uint patchIndex;
// u(p) = uPlane.x + uPlane.y * (p.x - planeOrigin.x) + uPlane.z * (p.y - planeOrigin.y); v likewise.
flat out vec2 planeOrigin;
flat out vec3 uPlane;
flat out vec3 vPlane;

void main() {
    vec2 e1 = canvasPosition[1] - canvasPosition[0];
    vec2 e2 = canvasPosition[2] - canvasPosition[0];
    float det = e1.x * e2.y - e2.x * e1.y;
    if (det == 0.0) return;  // covers nothing
    vec2 du = vec2(vertexParameter[1].x - vertexParameter[0].x, vertexParameter[2].x - vertexParameter[0].x);
    vec2 dv = vec2(vertexParameter[1].y - vertexParameter[0].y, vertexParameter[2].y - vertexParameter[0].y);
    vec3 u = vec3(vertexParameter[0].x, (du.x * e2.y - du.y * e1.y) / det, (e1.x * du.y - e2.x * du.x) / det);
    vec3 v = vec3(vertexParameter[0].y, (dv.x * e2.y - dv.y * e1.y) / det, (e1.x * dv.y - e2.x * dv.x) / det);
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        patchIndex = vertexPatch[0];
        planeOrigin = canvasPosition[0];
        uPlane = u;
        vPlane = v;
        EmitVertex();
    }
    EndPrimitive();
}
