// <mesh-gradient>: a meshgrad document drawn live with WebGL2 by the
// JavaScript twins of the renderer (renderPlan, meshGeomVertices, the
// GLSL ES shaders made from the renderer's own). It fills its box at the
// screen's pixel density, animates while it can be seen, holds still for
// `prefers-reduced-motion` (at the document's poster time), and shows its
// own content (a poster image, or its CSS background) without WebGL2.
//
// The document comes from the `document` property (an object or JSON
// text), a `<script type="application/json">` child, or `src` (a URL).
// URL parameters for tests and posters: `?t=SECONDS` freezes every
// element at that time, `dither=0` turns the dither off (as
// `meshgrad render --time T --no-dither`); `varyings=0` makes the
// renderer fetch the color polynomial per pixel, as browsers that pass
// fewer than 19 vectors between stages do.

const meshGradientShadow = `<style>
    :host { display: block; position: relative; overflow: hidden; }
    canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
    slot { display: none; }
    :host([fallback]) canvas { display: none; }
    :host([fallback]) slot { display: contents; }
</style><canvas part="canvas"></canvas><slot></slot>`;

const MeshGradientElement = class extends HTMLElement {
    static observedAttributes = ["src", "dither"];

    constructor() {
        super();
        this.attachShadow({ mode: "open" }).innerHTML = meshGradientShadow;
        this.canvas = this.shadowRoot.querySelector("canvas");
        this.framesDrawn = 0;
        this.state = meshGradientInitialState();
    }

    connectedCallback() {
        meshGradientConnect(this);
        if (!this.state.document) meshGradientLoad(this);
    }

    disconnectedCallback() {
        meshGradientDisconnect(this);
    }

    attributeChangedCallback(name) {
        if (name === "src" && this.isConnected) meshGradientLoad(this);
        if (name === "dither") meshGradientRequestFrame(this);
    }

    /** The document: a parsed object (set an object or JSON text). */
    get document() { return this.state.source; }
    set document(value) { meshGradientSetDocument(this, typeof value === "string" ? JSON.parse(value) : value); }

    /** The time shown, in seconds. */
    get time() { return meshGradientTime(this.state); }
    set time(seconds) {
        meshGradientHoldClock(this.state, Number(seconds));
        meshGradientRequestFrame(this);
    }

    /** Whether play() was undone by pause(). */
    get paused() { return this.state.userPaused; }
    play() {
        this.state.userPaused = false;
        meshGradientUpdateRunning(this);
    }
    pause() {
        this.state.userPaused = true;
        meshGradientUpdateRunning(this);
    }

    /** Whether the clock moves now: animated, playing, on screen, the tab shown, motion allowed. */
    get running() { return this.state.running; }
};

function meshGradientInitialState() {
    const query = new URLSearchParams(globalThis.location ? location.search : "");
    const frozen = query.has("t") ? Number(query.get("t")) : null;
    return {
        source: null, document: null, renderer: null, frame: 0, running: false, userPaused: false,
        sized: false, visible: false, reducedMotion: false, clockStart: 0, heldTime: 0,
        frozenTime: Number.isFinite(frozen) ? frozen : null, ditherOff: query.get("dither") === "0",
        fetchesPerPixel: query.get("varyings") === "0",
        observers: [], listeners: [],
    };
}

/** Reads the document from `src` or an inline JSON child. */
function meshGradientLoad(element) {
    const src = element.getAttribute("src");
    if (src) {
        fetch(src).then((response) => response.json())
            .then((json) => meshGradientSetDocument(element, json))
            .catch((error) => meshGradientFail(element, error));
        return;
    }
    const inline = element.querySelector('script[type="application/json"]');
    if (inline) {
        try {
            meshGradientSetDocument(element, JSON.parse(inline.textContent));
        } catch (error) {
            meshGradientFail(element, error);
        }
    }
}

function meshGradientSetDocument(element, json) {
    const state = element.state;
    try {
        state.document = readMeshDocument(json);
        state.document.gamut = animatedMeshNarrowestGamut(state.document.animatedMesh);
        state.source = json;
    } catch (error) {
        meshGradientFail(element, error);
        return;
    }
    element.removeAttribute("fallback");
    meshGradientHoldClock(state, 0);
    meshGradientUpdateRunning(element);
    meshGradientRequestFrame(element);
}

/** Shows the element's own content instead, and says why. */
function meshGradientFail(element, error) {
    element.setAttribute("fallback", "");
    console.error(`<mesh-gradient>: ${error.message || error}`);
    element.dispatchEvent(new CustomEvent("meshgradienterror", { detail: String(error.message || error) }));
}
