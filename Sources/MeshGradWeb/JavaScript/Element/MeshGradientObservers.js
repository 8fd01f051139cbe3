// What the element watches while connected: its size in device pixels,
// whether it is on screen, whether the tab is shown, and the reader's
// motion preference.

function meshGradientConnect(element) {
    const state = element.state;
    const resize = new ResizeObserver((entries) => meshGradientResize(element, entries[entries.length - 1]));
    try {
        resize.observe(element, { box: "device-pixel-content-box" });
    } catch {
        resize.observe(element);
    }
    // Seen: on screen (the last intersection reported) and the tab shown.
    let onScreen = false;
    const updateVisible = () => {
        state.visible = onScreen && !document.hidden;
        meshGradientUpdateRunning(element);
    };
    const intersection = new IntersectionObserver((entries) => {
        onScreen = entries[entries.length - 1].isIntersecting;
        updateVisible();
    });
    intersection.observe(element);
    state.observers = [resize, intersection];
    const motion = matchMedia("(prefers-reduced-motion: reduce)");
    const onMotion = () => {
        state.reducedMotion = motion.matches;
        meshGradientUpdateRunning(element);
        meshGradientRequestFrame(element);
    };
    const onVisibility = updateVisible;
    motion.addEventListener("change", onMotion);
    document.addEventListener("visibilitychange", onVisibility);
    state.listeners = [[motion, "change", onMotion], [document, "visibilitychange", onVisibility]];
    state.reducedMotion = motion.matches;
    meshGradientUpdateRunning(element);
}

function meshGradientDisconnect(element) {
    const state = element.state;
    for (const observer of state.observers) observer.disconnect();
    for (const [target, name, listener] of state.listeners) target.removeEventListener(name, listener);
    state.observers = [];
    state.listeners = [];
    meshGradientUpdateRunning(element);
    if (state.frame) cancelAnimationFrame(state.frame);
    state.frame = 0;
}

/** The drawing buffer follows the element's box in device pixels. */
function meshGradientResize(element, entry) {
    let width;
    let height;
    if (entry.devicePixelContentBoxSize) {
        width = entry.devicePixelContentBoxSize[0].inlineSize;
        height = entry.devicePixelContentBoxSize[0].blockSize;
    } else {
        width = Math.round(entry.contentRect.width * devicePixelRatio);
        height = Math.round(entry.contentRect.height * devicePixelRatio);
    }
    const first = !element.state.sized;
    element.state.sized = true;
    if (!first && element.canvas.width === width && element.canvas.height === height) return;
    element.canvas.width = width;
    element.canvas.height = height;
    meshGradientRequestFrame(element);
}
