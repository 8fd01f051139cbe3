// Twin of Sources/MeshGradCore/Animation/FrameSchedule.swift.

/** The most frames an export may have: over nine hours at 30 fps. */
const frameScheduleMaximumCount = 1000000;

/**
 * Throws a one-line reason when `duration × fps` is not a frame count in
 * 1…`frameScheduleMaximumCount` (`frameSchedule` clamps instead).
 */
function frameScheduleCheck(duration, fps) {
    const frames = duration * fps;
    if (!(Number.isFinite(frames) && roundedHalfAwayFromZero(frames) <= frameScheduleMaximumCount)) {
        throw new Error(`${duration} s at ${fps} fps is ${roundedHalfAwayFromZero(frames)} frames; ` +
            `expected at most ${frameScheduleMaximumCount}`);
    }
}

/** `count` frames `1 / fps` apart from `start`: {fps, count, start}. */
function frameSchedule(duration, fps, start = 0) {
    return { fps, count: Math.max(1, clampedInteger(duration * fps, frameScheduleMaximumCount)), start };
}

/** The time frame `k` shows (Swift's `time(ofFrame:)`). */
function frameScheduleTime(schedule, k) {
    return schedule.start + k / schedule.fps;
}

/** Every frame's time, in order. */
function frameScheduleTimes(schedule) {
    return Array.from({ length: schedule.count }, (_, k) => frameScheduleTime(schedule, k));
}
