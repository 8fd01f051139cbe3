// One frame of the element: the document's mesh at the shown time,
// planned for the drawing buffer's size and drawn; the next frame asked
// for while the clock runs.

function meshGradientRequestFrame(element) {
    const state = element.state;
    if (state.frame || !state.document || !element.isConnected) return;
    state.frame = requestAnimationFrame(() => {
        state.frame = 0;
        meshGradientDrawFrame(element);
        if (state.running) meshGradientRequestFrame(element);
    });
}

function meshGradientDrawFrame(element) {
    const state = element.state;
    const { width, height } = element.canvas;
    // Nothing before the box is known: the canvas's own 300 × 150 is not it.
    if (!state.sized || width === 0 || height === 0 || element.hasAttribute("fallback")) return;
    const renderer = meshGradientRenderer(element);
    if (!renderer) return;
    const time = meshGradientTime(state);
    const mesh = animatedMeshAt(state.document.animatedMesh, time);
    const plan = renderPlan(mesh, width, height);
    const grain = state.document.grain ? grainField(state.document.grain, time) : null;
    const dithers = !state.ditherOff && element.getAttribute("dither") !== "off";
    try {
        draw(renderer, plan, dithers, grain, meshGradientDrawsInDisplayP3(element, renderer.gl));
    } catch (error) {
        meshGradientFail(element, error);
        return;
    }
    element.framesDrawn += 1;
    element.dispatchEvent(new CustomEvent("meshgradientframe", { detail: { time } }));
}

/**
 * Whether to draw in Display P3: the document's colors reach beyond sRGB
 * and the browser offers the drawing buffer in it (the buffer is switched
 * to it, or back to sRGB).
 */
function meshGradientDrawsInDisplayP3(element, gl) {
    if (!("drawingBufferColorSpace" in gl)) return false;
    const space = element.state.document.gamut !== "srgb" ? "display-p3" : "srgb";
    if (gl.drawingBufferColorSpace !== space) gl.drawingBufferColorSpace = space;
    return gl.drawingBufferColorSpace === "display-p3";
}

/** The WebGL2 renderer, made at the first frame; null (and the fallback shown) without WebGL2. */
function meshGradientRenderer(element) {
    const state = element.state;
    if (state.renderer) return state.renderer;
    const gl = element.canvas.getContext("webgl2", {
        antialias: false, premultipliedAlpha: false, alpha: true, depth: true, preserveDrawingBuffer: false,
    });
    if (!gl) {
        meshGradientFail(element, new Error("this browser has no WebGL2; showing the element's own content"));
        return null;
    }
    state.renderer = createGLRenderer(gl, !state.fetchesPerPixel);
    return state.renderer;
}
