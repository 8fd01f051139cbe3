// Twin of Sources/MeshGradGL/GLRenderer.swift in WebGL2, with the same
// rule for its two paths. One pass: the background stored as the renderers
// store it, then the mesh, each pixel finishing its own stored color
// (mesh.frag with OUTPUT_MODE 0, dithered, or 1, rounded). Two passes,
// where the mesh border crosses the canvas (multisampled, as there) or a
// patch folds: pass 1 the premultiplied colors and coverage in float
// images (PassTargets.js), pass 2 finish.frag.

/**
 * A renderer for one WebGL2 context: its programs by defines, buffers,
 * textures and pass targets. `passesPolynomials` false keeps the
 * polynomial fetch in the fragment stage even where varyings would hold it.
 */
function createGLRenderer(gl, passesPolynomials = true) {
    const vertexArray = gl.createVertexArray();
    const buffer = gl.createBuffer();
    gl.bindVertexArray(vertexArray);
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    const stride = meshGeomStride * 4;
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, stride, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 4, gl.FLOAT, false, stride, 8);
    gl.enableVertexAttribArray(2);
    gl.vertexAttribPointer(2, 4, gl.FLOAT, false, stride, 24);
    gl.enableVertexAttribArray(3);
    gl.vertexAttribIPointer(3, 1, gl.UNSIGNED_INT, stride, 40);
    gl.bindVertexArray(null);
    return {
        gl, vertexArray, buffer, texture: gl.createTexture(), programs: new Map(), passTargets: null,
        emptyVertexArray: gl.createVertexArray(),
        floatImages: gl.getExtension("EXT_color_buffer_float") !== null,
        polynomialVaryings: passesPolynomials && gl.getParameter(gl.MAX_VARYING_VECTORS) >= 19,
    };
}

/** The program of `vertex` and `fragment` with these defines, compiled once. */
function compiledProgram(renderer, vertex, fragment, defines) {
    const key = JSON.stringify([vertex.length, fragment.length, defines]);
    const cached = renderer.programs.get(key);
    if (cached) return cached;
    const gl = renderer.gl;
    const lines = Object.entries(defines).map(([name, value]) => `#define ${name} ${value}\n`).join("");
    const program = gl.createProgram();
    for (const [kind, source] of [[gl.VERTEX_SHADER, vertex], [gl.FRAGMENT_SHADER, fragment]]) {
        const shader = gl.createShader(kind);
        gl.shaderSource(shader, source.replace("\n", "\n" + lines));
        gl.compileShader(shader);
        if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader));
        gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
    const locations = new Map();
    const uniform = (name) => {
        if (!locations.has(name)) locations.set(name, gl.getUniformLocation(program, name));
        return locations.get(name);
    };
    const entry = { program, uniform };
    renderer.programs.set(key, entry);
    return entry;
}

/** GLRenderer.meshProgram: outputMode -1 writes pass 1's premultiplied colors. */
function meshProgram(renderer, plan, outputMode, grain) {
    return compiledProgram(renderer, meshVertexShader, meshFragmentShader, {
        WEBGL: 1, OPAQUE: plan.colorsAreOpaque ? 1 : 0, COLOR_SPACE: plan.colorSpace === "perceptual" ? 1 : 0,
        OUTPUT_MODE: outputMode, FOLDS: plan.folds ? 1 : 0, GRAIN: outputMode >= 0 && grainDrawn(grain) ? 1 : 0,
        POLYNOMIAL_VARYINGS: renderer.polynomialVaryings ? 1 : 0, DISPLAY_P3: renderer.displayP3 ? 1 : 0,
    });
}

function finishProgram(renderer, outputMode, grain) {
    return compiledProgram(renderer, finishVertexShader, finishFragmentShader, {
        WEBGL: 1, OUTPUT_MODE: outputMode, GRAIN: grainDrawn(grain) ? 1 : 0,
    });
}

function grainDrawn(grain) {
    return Boolean(grain && grain.amount > 0);
}

/**
 * Draws `plan` (renderPlan's) into the context's drawing buffer, which is
 * plan.width × plan.height: dithered unless `dithers` is false, with the
 * grain field `grain` (grainField's, or null), encoded in Display P3 when
 * `displayP3` (the drawing buffer's color space then).
 */
function draw(renderer, plan, dithers, grain, displayP3 = false) {
    const gl = renderer.gl;
    const outputMode = dithers ? 0 : 1;
    renderer.displayP3 = displayP3;
    if (displayP3) plan = { ...plan, background: displayP3Background(plan.background) };
    uploadMesh(renderer, plan);
    const twoPasses = (plan.antialiasesBorder || plan.folds) && renderer.floatImages;
    if (!twoPasses) {
        gl.bindFramebuffer(gl.FRAMEBUFFER, null);
        gl.viewport(0, 0, plan.width, plan.height);
        gl.clearBufferfv(gl.COLOR, 0, storedBackground(plan.background));
        drawMesh(renderer, plan, outputMode, grain, true);
        return;
    }
    const samples = plan.antialiasesBorder ? Math.min(4, gl.getParameter(gl.MAX_SAMPLES)) : 0;
    const targets = passTargets(renderer, plan.width, plan.height, samples);
    bindPassOne(gl, targets, plan.background);
    drawMesh(renderer, plan, -1, null, false);
    resolvePassOne(gl, targets);
    finishPassTwo(renderer, targets, plan, outputMode, grain);
}

/** The plan's triangles (with their planes) and color polynomials, uploaded. */
function uploadMesh(renderer, plan) {
    const gl = renderer.gl;
    const vertices = meshGeomVertices(plan);
    gl.bindBuffer(gl.ARRAY_BUFFER, renderer.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, vertices.data, gl.STREAM_DRAW);
    renderer.vertexCount = vertices.count;
    uploadColorPolynomials(gl, renderer.texture, plan.colorPolynomials);
}

/** The mesh's triangles into the bound framebuffer; a fold picks its sheet by depth. */
function drawMesh(renderer, plan, outputMode, grain, flipsY) {
    const gl = renderer.gl;
    if (plan.folds) {
        // The fold rule (mesh-math §7a): the largest key wins, equal keys the later triangle.
        gl.clearBufferfv(gl.DEPTH, 0, [0]);
        gl.enable(gl.DEPTH_TEST);
        gl.depthFunc(gl.GEQUAL);
    }
    const program = meshProgram(renderer, plan, outputMode, grain);
    gl.useProgram(program.program);
    const uniform = program.uniform;
    gl.uniform2f(uniform("canvasSize"), plan.width, plan.height);
    gl.uniform2f(uniform("regionOrigin"), 0, 0);
    gl.uniform1i(uniform("flipsY"), flipsY ? 1 : 0);
    gl.uniform1f(uniform("regionHeight"), plan.height);
    gl.uniform1f(uniform("foldKeyScale"), plan.foldKeyScale);
    gl.uniform1i(uniform("colorPolynomials"), 0);
    if (outputMode >= 0) setGrain(gl, uniform, grain);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, renderer.texture);
    gl.bindVertexArray(renderer.vertexArray);
    gl.drawArrays(gl.TRIANGLES, 0, renderer.vertexCount);
    gl.bindVertexArray(null);
    gl.disable(gl.DEPTH_TEST);
}

/** Pass 2: unpremultiply, grain, dither, quantize, into the page's canvas. */
function finishPassTwo(renderer, targets, plan, outputMode, grain) {
    const gl = renderer.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, plan.width, plan.height);
    const program = finishProgram(renderer, outputMode, grain);
    gl.useProgram(program.program);
    const uniform = program.uniform;
    gl.uniform1i(uniform("premultipliedImage"), 1);
    gl.uniform1i(uniform("coverageImage"), 2);
    gl.uniform4fv(uniform("background"), plan.background.map(Math.fround));
    gl.uniform2i(uniform("regionOrigin"), 0, 0);
    gl.uniform1i(uniform("flipsY"), 1);
    gl.uniform1i(uniform("isScene"), 0);
    setGrain(gl, uniform, grain);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, targets.premultiplied);
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D, targets.coverage);
    gl.bindVertexArray(renderer.emptyVertexArray);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindVertexArray(null);
}

/** GLProgram.setGrain: the grain field's uniforms (grain.glsl). */
function setGrain(gl, uniform, grain) {
    if (!grainDrawn(grain)) return;
    gl.uniform1f(uniform("grainAmount"), grain.amount);
    gl.uniform1f(uniform("grainInverseSize"), grain.inverseSize);
    gl.uniform1i(uniform("grainMonochrome"), grain.monochrome ? 1 : 0);
    gl.uniform1ui(uniform("grainSeed"), grain.seed >>> 0);
}

/** 16 RGBA32F texels a patch, 64 patches a row (mesh.frag's WEBGL fetch). */
function uploadColorPolynomials(gl, texture, coefficients) {
    const patches = coefficients.length / 64;
    const width = 16 * Math.min(64, patches);
    const height = Math.ceil(patches / 64);
    const texels = new Float32Array(width * height * 4);
    texels.set(coefficients);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, width, height, 0, gl.RGBA, gl.FLOAT, texels);
}

/**
 * A straight extended-sRGB color encoded in Display P3, clipped to it (as
 * color.glsl's encodedDisplayP3 encodes the mesh's colors).
 */
function displayP3Background(color) {
    const linear = color.slice(0, 3).map((c) => colorGamutDecode("srgb", c));
    const p3 = matrix3Apply(colorGamutFromLinearSRGB("display-p3"), linear);
    return [...p3.map((c) => colorGamutEncode("display-p3", Math.min(1, Math.max(0, c)))), color[3]];
}

/**
 * The background as the 8-bit output stores it (PixelWriter's
 * backgroundPixel: rounded, never dithered), as k/255.
 */
function storedBackground(color) {
    const f = Math.fround;
    return color.map((c) => Math.min(255, Math.max(0, Math.floor(f(f(f(c) * 255) + 0.5)))) / 255);
}
