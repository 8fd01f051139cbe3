// Twin of Sources/MeshGradDocument/CanvasSize.swift (what a document's `size` needs).

/** The largest side meshgrad accepts. */
const canvasSizeMaximumSide = 65536;

/** Throws unless both sides are in 1…`canvasSizeMaximumSide` (Swift's `validate()`). */
function canvasSizeValidate(width, height, keyPath) {
    const inRange = (side) => side >= 1 && side <= canvasSizeMaximumSide;
    if (!inRange(width) || !inRange(height)) {
        throw documentError(
            keyPath, `size ${width}x${height} is out of range; expected each side in 1…${canvasSizeMaximumSide}`);
    }
}
