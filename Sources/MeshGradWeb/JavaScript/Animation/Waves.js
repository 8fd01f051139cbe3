// Twin of Sources/MeshGradCore/Animation/Waves.swift.

// A wave is {base, amplitude, frequency, phase} (base null: the vertex's own
// coordinate); a vertex's waves are {vertex, x, y} (either wave null).

/** The swing alone: `amplitude · cos(frequency · t + phase)` (Swift's `value(at:)`). */
function waveValueAt(wave, t) {
    return wave.amplitude * Math.cos(wave.frequency * t + wave.phase);
}

/** The coordinate at `t`, for a vertex whose own coordinate is `own`. */
function waveCoordinate(wave, t, own) {
    return (wave.base ?? own) + waveValueAt(wave, t);
}

/** The wave with its frequency moved to a whole number of cycles per `loop` (at least one). */
function waveClosingLoop(wave, loop) {
    const cycles = swiftMax(1, roundedHalfAwayFromZero(wave.frequency * loop / (2 * Math.PI)));
    return {
        base: wave.base, amplitude: wave.amplitude,
        frequency: 2 * Math.PI * cycles / loop * (wave.frequency < 0 ? -1 : 1), phase: wave.phase,
    };
}

/** The vertex's position at `t`, from its position `own` (`[x, y]`) without waves. */
function vertexWavesPosition(waves, t, own) {
    return [
        waves.x ? waveCoordinate(waves.x, t, own[0]) : own[0],
        waves.y ? waveCoordinate(waves.y, t, own[1]) : own[1],
    ];
}

/** Swift's `max(x, y)`, `y >= x ? y : x`: with a NaN it keeps `x`, where `Math.max` gives NaN. */
function swiftMax(x, y) {
    return y >= x ? y : x;
}
