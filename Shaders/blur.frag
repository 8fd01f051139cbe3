#version 330 core
// One pass of the separable Gaussian blur: each pixel of the target is the
// source convolved along `direction` (1, 0) or (0, 1) with the kernel's
// weights. Twin of `convolveSymmetric` in
// Sources/MeshGradCore/Render/GaussianBlur.swift: the same Float weights
// (GaussianKernel, uploaded as a buffer texture) summed in the same order,
// and the same transparent outside. Drawn with finish.vert's full-screen
// triangle into a target the size of the source.

uniform sampler2D sourceImage;
// weights[k] for offsets +k and -k, k = 0...kernelRadius (R32F texels).
uniform samplerBuffer gaussianWeights;
uniform int kernelRadius;
uniform ivec2 direction;

out vec4 result;

// texelFetch outside the texture is undefined: the outside is zero here,
// as on the CPU.
vec4 texelOrZero(ivec2 position, ivec2 size) {
    if (any(lessThan(position, ivec2(0))) || any(greaterThanEqual(position, size))) {
        return vec4(0.0);
    }
    return texelFetch(sourceImage, position, 0);
}

vec4 convolveSymmetric(ivec2 center, ivec2 size) {
    vec4 sum = texelFetch(gaussianWeights, 0).r * texelFetch(sourceImage, center, 0);
    for (int k = 1; k <= kernelRadius; k++) {
        vec4 left = texelOrZero(center - k * direction, size);
        vec4 right = texelOrZero(center + k * direction, size);
        sum += texelFetch(gaussianWeights, k).r * (left + right);
    }
    return sum;
}

void main() {
    ivec2 size = textureSize(sourceImage, 0);
    result = convolveSymmetric(ivec2(gl_FragCoord.xy), size);
}
