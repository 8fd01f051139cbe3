// The element's clock: the time it shows, and whether it moves. A held
// clock keeps its time, so an animation paused (by pause(), off screen, in
// a hidden tab) resumes where it stopped.

/** The time shown: frozen by `?t=`, the poster under reduced motion, else the clock's. */
function meshGradientTime(state) {
    if (state.frozenTime !== null) return state.frozenTime;
    if (state.reducedMotion && !state.running) return state.document ? state.document.poster : 0;
    if (!state.running) return state.heldTime;
    return (performance.now() - state.clockStart) / 1000;
}

/** Stops the clock at `seconds` (it moves on from there when running). */
function meshGradientHoldClock(state, seconds) {
    state.heldTime = Number.isFinite(seconds) ? seconds : 0;
    state.clockStart = performance.now() - state.heldTime * 1000;
}

/** Whether the document moves at all. */
function meshGradientIsAnimated(state) {
    const animation = state.document && state.document.animatedMesh.animation;
    const grain = state.document && state.document.grain;
    return Boolean(animation || (grain && grain.animated && grain.amount > 0));
}

/** Starts or holds the clock after any change of the conditions it needs. */
function meshGradientUpdateRunning(element) {
    const state = element.state;
    const shouldRun = meshGradientIsAnimated(state) && !state.userPaused && state.visible
        && !state.reducedMotion && state.frozenTime === null && element.isConnected;
    if (shouldRun === state.running) return;
    if (shouldRun) {
        state.clockStart = performance.now() - state.heldTime * 1000;
    } else {
        state.heldTime = meshGradientTime(state);
    }
    state.running = shouldRun;
    if (shouldRun) meshGradientRequestFrame(element);
}
