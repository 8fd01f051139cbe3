// Twin of Sources/MeshGradCore/Animation/Keyframes.swift.

// A keyframe is {duration, easing, positions, colors, background}, what it
// leaves out null; a mesh state is {positions, colors, background}.

/** The state `progress` of the way from `state` to `other`, colors in `space`. */
function meshStateInterpolated(state, other, progress, space) {
    if (progress === 1) return other;
    const count = Math.min(state.positions.length, other.positions.length);
    const positions = [];
    for (let i = 0; i < count; i++) {
        const p = state.positions[i];
        const q = other.positions[i];
        positions.push([p[0] + (q[0] - p[0]) * progress, p[1] + (q[1] - p[1]) * progress]);
    }
    const colorCount = Math.min(state.colors.length, other.colors.length);
    const colors = [];
    for (let i = 0; i < colorCount; i++) {
        colors.push(interpolateColor(state.colors[i], other.colors[i], progress, space));
    }
    return {
        positions, colors, background: interpolateColor(state.background, other.background, progress, space),
    };
}

/**
 * `a` to `b` by `t` in the interpolation space (premultiplied, so that a
 * fade to clear does not darken), returned as straight sRGB.
 */
function interpolateColor(a, b, t, space) {
    if (t === 0 || (a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3])) return a;
    if (t === 1) return b;
    const pa = interpolationColor(a, space);
    const pb = interpolationColor(b, space);
    const mixed = [0, 1, 2, 3].map((i) => pa[i] + (pb[i] - pa[i]) * t);
    return finishColor(mixed, space);
}
