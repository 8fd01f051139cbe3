#!/usr/bin/python3
"""Decodes an animated WebP with libwebp's own animation decoder (through
Pillow) and compares every frame, composed on its canvas as a viewer shows
it, with the still PNG of every frame time it is shown at (libwebp merges a
frame equal to the one before into its duration): the mean absolute
difference of each 64x64 tile, in 8-bit steps (1/255). Prints one JSON
object: {"frames", "shown", "durations_ms", "worst_tile", "worst_frame",
"mean"}, where "shown" counts the stills compared.

    webp-frames.py ANIMATION.webp FPS STILL-0.png STILL-1.png ...

Debian's python3-pil and python3-numpy (hence /usr/bin/python3).
"""
import json
import sys

import numpy
from PIL import Image

TILE = 64


def frames(path):
    image = Image.open(path)
    count = getattr(image, "n_frames", 1)
    for index in range(count):
        image.seek(index)
        # Pillow knows a frame's duration only once it is loaded.
        image.load()
        yield numpy.asarray(image.convert("RGBA"), dtype=numpy.float64), image.info.get("duration", 0)


def worst_tile(a, b):
    height, width = a.shape[:2]
    worst = 0.0
    for y in range(0, height, TILE):
        for x in range(0, width, TILE):
            tile = numpy.abs(a[y : y + TILE, x : x + TILE, :3] - b[y : y + TILE, x : x + TILE, :3])
            worst = max(worst, float(tile.mean()))
    return worst


def main():
    animation, fps, stills = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    decoded = list(frames(animation))
    worst, worst_frame, means, start = 0.0, -1, [], 0.0
    for frame, duration in decoded:
        # The stills whose times fall within this frame's display.
        first = round(start * fps / 1000)
        start += duration
        for index in range(first, min(round(start * fps / 1000), len(stills))):
            still = numpy.asarray(Image.open(stills[index]).convert("RGBA"), dtype=numpy.float64)
            tile = worst_tile(frame, still)
            means.append(float(numpy.abs(frame[..., :3] - still[..., :3]).mean()))
            if tile > worst:
                worst, worst_frame = tile, index
    print(json.dumps({
        "frames": len(decoded),
        "shown": len(means),
        "durations_ms": [duration for _, duration in decoded],
        "worst_tile": round(worst, 3),
        "worst_frame": worst_frame,
        "mean": round(max(means) if means else 0.0, 3),
    }))


if __name__ == "__main__":
    main()
