// Twin of Sources/MeshGradDocument/DocumentKeys.swift: the keys of the objects a mesh document holds.

const documentKeysMeshDocument = [
    "width", "height", "points", "bezierPoints", "colors", "background", "smoothsColors", "colorSpace", "size",
    "animation", "poster", "grain",
];
const documentKeysGrain = ["amount", "size", "monochrome", "seed", "animated"];
const documentKeysBezierPoint = ["position", "leading", "top", "trailing", "bottom"];
const documentKeysAnimation = ["loop", "waves", "drift", "keyframes"];
const documentKeysWave = ["vertex", "x", "y"];
const documentKeysWaveAxis = ["base", "amplitude", "frequency", "phase"];
const documentKeysDrift = ["seed", "amplitude", "speed"];
const documentKeysKeyframe = ["duration", "easing", "points", "colors", "background"];
const documentKeysEasing = ["spring"];
const documentKeysSpring = ["response", "dampingFraction"];
