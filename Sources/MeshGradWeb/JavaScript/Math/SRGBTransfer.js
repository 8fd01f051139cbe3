// Twin of Sources/MeshGradCore/Math/SRGBTransfer.swift.
// (Math.pow may round differently from glibc's pow in the last bit.)

/** The sRGB curve: gamma-encoded to linear light. */
function srgbToLinear(c) {
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

/** Linear light to sRGB gamma-encoded: the inverse of srgbToLinear. */
function linearToSRGB(l) {
    return l <= 0.0031308 ? 12.92 * l : 1.055 * Math.pow(l, 1 / 2.4) - 0.055;
}
