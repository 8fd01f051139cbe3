// Twin of Sources/MeshGradDocument/DocumentGamut.swift: the gamut a mesh's
// colors need.

/** Every color the mesh can show: its vertices, its background and every keyframe's. */
function animatedMeshAllColors(animated) {
    const colors = [...animated.mesh.colors, animated.mesh.background];
    for (const keyframe of animated.animation ? animated.animation.keyframes : []) {
        if (keyframe.colors) colors.push(...keyframe.colors);
        if (keyframe.background) colors.push(keyframe.background);
    }
    return colors;
}

/** The narrowest gamut holding every color: "srgb", "display-p3" or "rec2020". */
function animatedMeshNarrowestGamut(animated) {
    return colorGamutNarrowestHoldingAll(animatedMeshAllColors(animated));
}
