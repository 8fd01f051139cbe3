// Twin of Sources/MeshGradCore/Animation/MeshAnimation.swift.

// An animation is {waves, drift, keyframes, loop}: waves a list of vertex
// waves, drift null or a drift, keyframes a list, loop null or seconds.

/** The keyframes' total duration. */
function meshAnimationKeyframeDuration(animation) {
    return animation.keyframes.reduce((sum, keyframe) => sum + keyframe.duration, 0);
}

/** How long the animation runs before repeating or resting; null for waves and drift without a loop. */
function meshAnimationNaturalDuration(animation) {
    if (animation.loop != null) return animation.loop;
    if (animation.waves.length === 0 && animation.drift == null && animation.keyframes.length !== 0) {
        return meshAnimationKeyframeDuration(animation);
    }
    return null;
}

/** The same motion repeating every `loop` seconds (Swift's `looping(every:)`). */
function meshAnimationLooping(animation, loop) {
    return { ...animation, loop };
}

/** The mesh at time `t` seconds, from the document's mesh `base` (Swift's `mesh(from:at:)`). */
function meshAnimationMesh(animation, base, t) {
    const basePositions = base.points ?? base.bezierPoints.map((point) => point.position);
    const baseState = { positions: basePositions, colors: base.colors, background: base.background };
    const state = meshAnimationKeyframedState(animation, baseState, t, base.colorSpace);

    const positions = state.positions.slice();
    const loop = animation.loop;
    for (const w of animation.waves) {
        const closed = loop == null ? w : {
            vertex: w.vertex, x: w.x ? waveClosingLoop(w.x, loop) : null, y: w.y ? waveClosingLoop(w.y, loop) : null,
        };
        positions[w.vertex] = vertexWavesPosition(closed, t, positions[w.vertex]);
    }
    if (animation.drift != null) {
        // Reach is measured on the keyframed positions, before the waves.
        const offsets = driftOffsets(animation.drift, t, base.width, base.height, state.positions, loop);
        for (let i = 0; i < positions.length; i++) {
            positions[i] = [positions[i][0] + offsets[i][0], positions[i][1] + offsets[i][1]];
        }
    }

    const mesh = { ...base, colors: state.colors, background: state.background };
    if (base.points != null) {
        mesh.points = positions;
    } else {
        // A moving vertex carries its handles along.
        const count = Math.min(base.bezierPoints.length, positions.length);
        const moved = [];
        for (let i = 0; i < count; i++) {
            const point = base.bezierPoints[i];
            const position = positions[i];
            const delta = [position[0] - point.position[0], position[1] - point.position[1]];
            const add = (handle) => [handle[0] + delta[0], handle[1] + delta[1]];
            moved.push({
                position, leading: add(point.leading), top: add(point.top),
                trailing: add(point.trailing), bottom: add(point.bottom),
            });
        }
        mesh.bezierPoints = moved;
    }
    return mesh;
}

/**
 * Where the keyframes are at `t`: each moves from the previous state to its
 * own; looping, time wraps and the rest of the loop returns to `base`.
 */
function meshAnimationKeyframedState(animation, base, t, space) {
    if (animation.keyframes.length === 0) return base;
    const loop = animation.loop;
    let time = t;
    if (loop != null) {
        time = time % loop;
        if (time < 0) time += loop;
    }
    let previous = base;
    let start = 0;
    for (const keyframe of animation.keyframes) {
        const target = {
            positions: keyframe.positions ?? previous.positions, colors: keyframe.colors ?? previous.colors,
            background: keyframe.background ?? previous.background,
        };
        if (time < start + keyframe.duration) {
            const progress = easingProgress(keyframe.easing, time - start, keyframe.duration);
            return meshStateInterpolated(previous, target, progress, space);
        }
        previous = target;
        start += keyframe.duration;
    }
    if (loop != null && loop - start > 1e-12) {
        const progress = easingProgress("easeInOut", time - start, loop - start);
        return meshStateInterpolated(previous, base, progress, space);
    }
    return previous;
}

/**
 * Checks what a document can get wrong; throws an Error whose `path` is the
 * place inside `animation` and whose message names it too.
 */
function meshAnimationValidate(animation, vertexCount) {
    const fail = (path, message) => {
        const error = new Error(`animation.${path}: ${message}`);
        error.path = path;
        error.reason = message;
        throw error;
    };
    const loop = animation.loop;
    if (loop != null && !(loop > 0 && Number.isFinite(loop))) {
        fail("loop", `${loop} is not allowed; expected a positive number of seconds`);
    }
    animation.waves.forEach((w, i) => {
        if (!(w.vertex >= 0 && w.vertex < vertexCount)) {
            fail(`waves[${i}].vertex`, `${w.vertex} is out of range; expected 0…${vertexCount - 1}`);
        }
        for (const [axis, wave] of [["x", w.x], ["y", w.y]]) {
            if (wave == null) continue;
            if (![wave.amplitude, wave.frequency, wave.phase, wave.base ?? 0].every(Number.isFinite)) {
                fail(`waves[${i}].${axis}`, "has a number that is not finite");
            }
        }
    });
    const drift = animation.drift;
    if (drift != null) {
        if (!(drift.amplitude >= 0 && drift.amplitude <= 1)) {
            fail("drift.amplitude", `${drift.amplitude} is out of range; expected 0…1`);
        }
        if (!(drift.speed >= 0 && Number.isFinite(drift.speed))) {
            fail("drift.speed", `${drift.speed} is not allowed; expected a speed ≥ 0 (radians per second)`);
        }
    }
    animation.keyframes.forEach((k, i) => {
        if (!(k.duration > 0 && Number.isFinite(k.duration))) {
            fail(`keyframes[${i}].duration`, `${k.duration} is not allowed; expected seconds > 0`);
        }
        for (const [key, list] of [["points", k.positions], ["colors", k.colors]]) {
            if (list != null && list.length !== vertexCount) {
                fail(`keyframes[${i}].${key}`, `has ${list.length} entries; expected width × height = ${vertexCount}`);
            }
        }
        const spring = k.easing.spring;
        if (spring && !(spring.response > 0 && spring.dampingFraction > 0)) {
            fail(`keyframes[${i}].easing`, "a spring needs response > 0 and dampingFraction > 0");
        }
    });
    const duration = meshAnimationKeyframeDuration(animation);
    if (loop != null && duration > loop + 1e-9) {
        fail("loop", `${loop} s is shorter than the keyframes (${duration} s); expected a loop at least that long`);
    }
}
