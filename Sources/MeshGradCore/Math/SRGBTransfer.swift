import Foundation

/// The sRGB transfer curve (mesh-math §5): gamma-encoded to linear light.
@inlinable
public func srgbToLinear(_ c: Double) -> Double {
    c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
}

/// Linear light to sRGB gamma-encoded: the inverse of ``srgbToLinear(_:)``.
@inlinable
public func linearToSRGB(_ l: Double) -> Double {
    l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
}
