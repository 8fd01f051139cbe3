// Twin of Sources/MeshGradGL/PassTargets.swift: pass 1's images for a mesh
// drawn in two passes. The mesh draws into float renderbuffers (4 samples
// where the border is anti-aliased), which resolve into two float
// textures: the premultiplied colors over the premultiplied background,
// and the coverage (> 0 wherever the mesh is).

/** The targets for a width × height canvas, made again only when the size or samples change. */
function passTargets(renderer, width, height, samples) {
    const old = renderer.passTargets;
    if (old && old.width === width && old.height === height && old.samples === samples) return old;
    const gl = renderer.gl;
    if (old) deletePassTargets(gl, old);
    const renderbuffer = (format) => {
        const buffer = gl.createRenderbuffer();
        gl.bindRenderbuffer(gl.RENDERBUFFER, buffer);
        gl.renderbufferStorageMultisample(gl.RENDERBUFFER, samples, format, width, height);
        return buffer;
    };
    const meshFramebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, meshFramebuffer);
    const color = renderbuffer(gl.RGBA32F);
    const covered = renderbuffer(gl.RGBA32F);
    const depth = renderbuffer(gl.DEPTH_COMPONENT32F);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, color);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT1, gl.RENDERBUFFER, covered);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, depth);
    const premultiplied = floatTextureFramebuffer(gl, width, height);
    const coverage = floatTextureFramebuffer(gl, width, height);
    renderer.passTargets = {
        width, height, samples, meshFramebuffer, renderbuffers: [color, covered, depth],
        premultiplied: premultiplied.texture, coverage: coverage.texture,
        resolveFramebuffers: [premultiplied.framebuffer, coverage.framebuffer],
    };
    return renderer.passTargets;
}

function floatTextureFramebuffer(gl, width, height) {
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, width, height);
    const framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    return { texture, framebuffer };
}

function deletePassTargets(gl, targets) {
    gl.deleteFramebuffer(targets.meshFramebuffer);
    for (const buffer of targets.renderbuffers) gl.deleteRenderbuffer(buffer);
    for (const framebuffer of targets.resolveFramebuffers) gl.deleteFramebuffer(framebuffer);
    gl.deleteTexture(targets.premultiplied);
    gl.deleteTexture(targets.coverage);
}

/** Pass 1's framebuffer, cleared: the premultiplied background, no coverage. */
function bindPassOne(gl, targets, background) {
    gl.bindFramebuffer(gl.FRAMEBUFFER, targets.meshFramebuffer);
    gl.drawBuffers([gl.COLOR_ATTACHMENT0, gl.COLOR_ATTACHMENT1]);
    gl.viewport(0, 0, targets.width, targets.height);
    const [r, g, b, a] = background.map(Math.fround);
    gl.clearBufferfv(gl.COLOR, 0, [r * a, g * a, b * a, a]);
    gl.clearBufferfv(gl.COLOR, 1, [0, 0, 0, 0]);
}

/** Each sample image averaged into its texture (the multisample resolve). */
function resolvePassOne(gl, targets) {
    const { width, height } = targets;
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, targets.meshFramebuffer);
    targets.resolveFramebuffers.forEach((framebuffer, index) => {
        gl.readBuffer(gl.COLOR_ATTACHMENT0 + index);
        gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, framebuffer);
        gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
    });
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
}
