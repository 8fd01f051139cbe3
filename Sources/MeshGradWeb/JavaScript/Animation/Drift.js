// Twin of Sources/MeshGradCore/Animation/Drift.swift.

// A drift is {seed, amplitude, speed}, `seed` a BigInt (Swift's UInt64).

/** The seeded waves of coordinate `axis` (0: x, 1: y) of `vertex`, before scaling. */
function driftWaves(drift, vertex, axis, loop) {
    const mix = (value, constant) => BigInt.asUintN(64, BigInt(value) * constant);
    const generator = splitMix64(
        BigInt.asUintN(64, drift.seed) ^ mix(vertex, 0x9e3779b97f4a7c15n) ^ mix(axis, 0xc2b2ae3d27d4eb4fn));
    const weights = [0.55, 0.3, 0.15];
    const factors = [1.0, 1.7, 2.9];
    const waves = [];
    for (let k = 0; k < 3; k++) {
        // Frequency first, then phase: the order the generator is drawn in.
        const frequency = drift.speed * (0.5 + splitMix64Unit(generator)) * factors[k];
        const wave = { base: null, amplitude: weights[k], frequency, phase: splitMix64Unit(generator) * 2 * Math.PI };
        waves.push(loop == null ? wave : waveClosingLoop(wave, loop));
    }
    return waves;
}

/** The summed swing of `waves` at `t`, added in order as Swift's `reduce`. */
function driftSum(waves, t) {
    let sum = 0;
    for (const wave of waves) sum += waveValueAt(wave, t);
    return sum;
}

/**
 * Offsets (`[dx, dy]`) of every vertex at time `t` for a `width × height`
 * grid whose base positions are `positions`: corners stay, border vertices
 * slide along their edge, each within a third of the way to a neighbour.
 */
function driftOffsets(drift, t, width, height, positions, loop) {
    const at = (c, r) => positions[r * width + c];
    const result = positions.map(() => [0, 0]);
    const a = Math.min(Math.max(drift.amplitude, 0), 1);
    for (let r = 0; r < height; r++) {
        for (let c = 0; c < width; c++) {
            const index = r * width + c;
            const movesX = !(c === 0 || c === width - 1);
            const movesY = !(r === 0 || r === height - 1);
            const p = at(c, r);
            const offset = [0, 0];
            if (movesX) {
                const reach = Math.min(Math.abs(p[0] - at(c - 1, r)[0]), Math.abs(at(c + 1, r)[0] - p[0])) / 3;
                offset[0] = a * reach * driftSum(driftWaves(drift, index, 0, loop), t);
            }
            if (movesY) {
                const reach = Math.min(Math.abs(p[1] - at(c, r - 1)[1]), Math.abs(at(c, r + 1)[1] - p[1])) / 3;
                offset[1] = a * reach * driftSum(driftWaves(drift, index, 1, loop), t);
            }
            result[index] = offset;
        }
    }
    return result;
}
