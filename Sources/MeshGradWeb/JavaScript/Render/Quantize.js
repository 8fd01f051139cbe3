// Twin of Sources/MeshGradCore/Render/Quantize.swift (floorClamped only).

/**
 * ⌊x⌋ for x in 0...maximum as an integer, clamped to that range (NaN gives
 * 0). Swift reads the floor from the float's bits after clamping x to
 * 0.5...maximum + 0.5; the floor of the same clamped value is the same.
 */
function floorClamped(x, maximum) {
    const top = Math.fround(maximum + 0.5);
    const y = x > 0.5 ? (x < top ? x : top) : 0.5;
    return Math.floor(y);
}
