#!/usr/bin/env python3
"""Times meshgrad against cairo's mesh pattern and Skia's drawPatch drawing
the same mesh to a PNG, on this machine, in one run. Run by
Scripts/bench-peers.sh, which installs cairo, pycairo and skia-python and
builds meshgrad first.

The peers draw the preset's own patches: each cell of the grid is a Coons
patch whose four cubic edges follow meshgrad's handle rule (Catmull-Rom
inside the grid, a third of the way to the neighbour on its border), with the
document's sRGB colors at the corners. They blend colors bilinearly along
those edges rather than with meshgrad's monotone bicubic, so images agree
closely but not exactly; the script prints how closely, as a check that the
same mesh was drawn.

    peers.py --meshgrad BIN --bench BIN [--runs N] [--size WxH] [--preset NAME] [--out DIR]
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import cairo
import numpy
import skia


def parse_color(value):
    """An sRGB color of the document as (r, g, b) floats in 0...1."""
    if isinstance(value, str):
        digits = value.lstrip("#")
        return tuple(int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return tuple(float(c) for c in value[:3])


def vertex_handles(points, width, height):
    """Handles (trailing, leading, bottom, top) of every vertex by the rule
    meshgrad uses for plain points: along the row, interior vertices get
    t = (P[c+1] - P[c-1]) / 6 with trailing P + t and leading P - t, the
    first a trailing handle a third of the way to its neighbour, the last a
    leading one; along the column likewise for bottom and top."""

    def point(c, r):
        return points[r * width + c]

    def add(p, q, scale=1.0):
        return (p[0] + scale * q[0], p[1] + scale * q[1])

    def sub(p, q):
        return (p[0] - q[0], p[1] - q[1])

    handles = {}
    for r in range(height):
        for c in range(width):
            p = point(c, r)
            trailing = leading = bottom = top = p
            if 0 < c < width - 1:
                t = sub(point(c + 1, r), point(c - 1, r))
                trailing, leading = add(p, t, 1 / 6), add(p, t, -1 / 6)
            if c == 0:
                trailing = add(p, sub(point(c + 1, r), p), 1 / 3)
            if c == width - 1:
                leading = add(p, sub(p, point(c - 1, r)), -1 / 3)
            if 0 < r < height - 1:
                t = sub(point(c, r + 1), point(c, r - 1))
                bottom, top = add(p, t, 1 / 6), add(p, t, -1 / 6)
            if r == 0:
                bottom = add(p, sub(point(c, r + 1), p), 1 / 3)
            if r == height - 1:
                top = add(p, sub(p, point(c, r - 1)), -1 / 3)
            handles[(c, r)] = {"position": p, "trailing": trailing, "leading": leading, "bottom": bottom, "top": top}
    return handles


def patches(document, canvas_width, canvas_height):
    """Every patch as its 12 boundary points clockwise from the top-left
    corner (top edge, right edge, bottom edge reversed, left edge reversed),
    in pixels, and its corner colors top-left, top-right, bottom-right,
    bottom-left."""
    if "points" not in document:
        sys.exit("peers.py: only documents with plain points are supported")
    width, height = document["width"], document["height"]
    points = [tuple(p) for p in document["points"]]
    colors = [parse_color(c) for c in document["colors"]]
    handles = vertex_handles(points, width, height)

    def pixels(p):
        return (p[0] * canvas_width, p[1] * canvas_height)

    result = []
    for r in range(height - 1):
        for c in range(width - 1):
            a, b, cc, d = handles[(c, r)], handles[(c + 1, r)], handles[(c, r + 1)], handles[(c + 1, r + 1)]
            top = [a["position"], a["trailing"], b["leading"], b["position"]]
            right = [b["bottom"], d["top"], d["position"]]
            bottom_reversed = [d["leading"], cc["trailing"], cc["position"]]
            left_reversed = [cc["top"], a["bottom"]]
            cubics = [pixels(p) for p in top + right + bottom_reversed + left_reversed]
            corner_colors = [colors[r * width + c], colors[r * width + c + 1], colors[(r + 1) * width + c + 1],
                             colors[(r + 1) * width + c]]
            result.append((cubics, corner_colors))
    return result


# MARK: - Peers


class Cairo:
    name = "cairo mesh pattern"

    def __init__(self, document, width, height):
        self.width, self.height = width, height
        self.background = parse_color(document.get("background", "#000000"))
        self.pattern = cairo.MeshPattern()
        for cubics, colors in patches(document, width, height):
            self.pattern.begin_patch()
            self.pattern.move_to(*cubics[0])
            for i in (1, 4, 7):
                self.pattern.curve_to(*cubics[i], *cubics[i + 1], *cubics[i + 2])
            self.pattern.curve_to(*cubics[10], *cubics[11], *cubics[0])
            for corner, color in enumerate(colors):
                self.pattern.set_corner_color_rgb(corner, *color)
            self.pattern.end_patch()

    def render(self):
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, self.width, self.height)
        context = cairo.Context(surface)
        context.set_source_rgb(*self.background)
        context.paint()
        context.set_source(self.pattern)
        context.paint()
        surface.flush()
        return surface

    def write(self, surface, path):
        surface.write_to_png(path)


class Skia:
    def __init__(self, document, width, height, dithers):
        self.name = "skia drawPatch" + (", dithered" if dithers else "")
        self.width, self.height = width, height
        self.background = skia.Color(*(round(c * 255) for c in parse_color(document.get("background", "#000000"))))
        self.patches = [
            ([skia.Point(*p) for p in cubics], [skia.Color(*(round(v * 255) for v in color)) for color in colors])
            for cubics, colors in patches(document, width, height)
        ]
        self.paint = skia.Paint()
        self.paint.setDither(dithers)

    def render(self):
        # Opaque, so that the PNG is RGB like meshgrad's.
        info = skia.ImageInfo.Make(self.width, self.height, skia.kRGBA_8888_ColorType, skia.kOpaque_AlphaType)
        surface = skia.Surface.MakeRaster(info)
        canvas = surface.getCanvas()
        canvas.clear(self.background)
        for cubics, colors in self.patches:
            # No shader: kDst keeps the corner colors as they are (the default,
            # kModulate, would multiply them by the paint's black).
            canvas.drawPatch(cubics, colors, [], skia.BlendMode.kDst, self.paint)
        return surface.makeImageSnapshot()

    def write(self, image, path):
        data = image.encodeToData(skia.kPNG, 100)
        with open(path, "wb") as file:
            file.write(bytes(data))


# MARK: - Timing


def median_ms(body, runs):
    body()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def memory_folder():
    """Where every tool writes its files: a folder in memory (/dev/shm)
    where there is one. Replacing a file on the disk whose last version the
    disk is still writing makes the replacement wait for that write (5 to
    10 ms a run on an ext4 VM disk): the disk's time, not the tool's, and
    it lands on whoever runs right after the previous run's write."""
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


def is_in_memory(path):
    """Whether `path` is on a memory file system (as bench.sh tells: df)."""
    kind = subprocess.run(["df", "--output=fstype", path], check=True, capture_output=True, text=True).stdout
    return kind.split()[-1] in ("tmpfs", "ramfs")


def time_peer(peer, runs, path):
    render_ms = median_ms(peer.render, runs)
    end_to_end_ms = median_ms(lambda: peer.write(peer.render(), path), runs)
    return render_ms, end_to_end_ms, os.path.getsize(path)


def time_command(arguments, runs, path):
    def run():
        subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL)

    return median_ms(run, runs), os.path.getsize(path)


def meshgrad_render_only(bench, preset, size, runs, gl):
    """Render-only medians from meshgrad-bench: plan + CPU raster, dithered
    and plain, and the GL renderer's total (both passes and readback) when
    it ran."""
    arguments = [bench, "--runs", str(runs), "--size", size, "--preset", preset, "--no-encode"]
    if not gl:
        arguments.append("--no-gl")
    output = subprocess.run(arguments, check=True, capture_output=True, text=True).stdout
    result = {}
    section = None
    for line in output.splitlines():
        if line.startswith("CPU renderer"):
            section = "cpu"
        elif line.startswith("GL renderer:"):
            section = "gl"
        fields = line.split()
        if not fields or fields[0] != preset:
            continue
        numbers = [float(f) for f in fields[1:] if re.fullmatch(r"[0-9.]+", f)]
        if section == "cpu" and len(numbers) >= 3:
            result["dithered"] = numbers[0] + numbers[1]
            result["plain"] = numbers[0] + numbers[2]
        elif section == "gl" and len(numbers) >= 4:
            result["gl"] = numbers[3]
    return result


def mean_difference(path_a, path_b):
    """Mean absolute RGB difference (0-255) of two PNGs, decoded by Skia."""
    a = skia.Image.open(path_a).toarray(colorType=skia.kRGBA_8888_ColorType)[..., :3].astype(numpy.int16)
    b = skia.Image.open(path_b).toarray(colorType=skia.kRGBA_8888_ColorType)[..., :3].astype(numpy.int16)
    return float(numpy.abs(a - b).mean())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--meshgrad", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--preset", default="onboarding")
    parser.add_argument("--out", default=None, help="keep the PNGs here")
    options = parser.parse_args()
    width, height = (int(v) for v in options.size.lower().split("x"))
    out = options.out or tempfile.mkdtemp(prefix="meshgrad-peers-", dir=memory_folder())
    os.makedirs(out, exist_ok=True)

    document = json.loads(subprocess.run([options.meshgrad, "presets", options.preset], check=True,
                                         capture_output=True, text=True).stdout)
    # The peers draw the document's points; an animated preset's picture at
    # t = 0 has its waves applied. Everyone draws the mesh at rest.
    document.pop("animation", None)
    still_document = os.path.join(out, "still.json")
    with open(still_document, "w") as file:
        json.dump(document, file)
    has_gl = subprocess.run([options.meshgrad, "info"], capture_output=True).returncode == 0
    gl_name = ""
    if has_gl:
        info = subprocess.run([options.meshgrad, "info"], capture_output=True, text=True).stdout
        match = re.search(r"^renderer:\s*(\S+)", info, re.MULTILINE)
        gl_name = f" ({match.group(1)})" if match else ""

    render_only = meshgrad_render_only(options.bench, options.preset, options.size, options.runs, has_gl)
    rows = []  # (name, render ms or None, end-to-end ms, bytes)
    render = [options.meshgrad, "render", still_document, "--size", options.size]
    for name, extra, key in [
        ("meshgrad cpu, dithered", ["--backend", "cpu"], "dithered"),
        ("meshgrad cpu, --no-dither", ["--backend", "cpu", "--no-dither"], "plain"),
    ] + ([("meshgrad gl" + gl_name + ", dithered", ["--backend", "gl"], "gl")] if has_gl else []):
        path = os.path.join(out, f"meshgrad-{key}.png")
        ms, size = time_command(render + extra + ["-o", path], options.runs, path)
        rows.append((name, render_only.get(key), ms, size))
    peers = [Cairo(document, width, height), Skia(document, width, height, dithers=False),
             Skia(document, width, height, dithers=True)]
    peer_files = {}
    for peer in peers:
        path = os.path.join(out, re.sub(r"[^a-z]+", "-", peer.name) + ".png")
        rows.append((peer.name,) + time_peer(peer, options.runs, path))
        peer_files[peer.name] = path

    cores = os.cpu_count()
    place = "in memory" if is_in_memory(out) else "on the disk"
    print(f"== {options.preset} at {width}x{height} to PNG, median of {options.runs} runs (ms); "
          f"meshgrad uses {cores} threads, cairo and Skia one; every file {place}")
    # Not the picture of `render --preset`, whose animation at t = 0 bends
    # the mesh (a higher level): meshgrad's render column, from
    # meshgrad-bench, is that picture's.
    print(f"end to end, every tool draws the mesh at rest (the preset's animation not applied); "
          f"meshgrad's render column is meshgrad-bench's, of the preset at t = 0")
    print(f"{'':50} {'render':>8} {'end to end':>11} {'PNG bytes':>12}")
    for name, render_ms, end_to_end_ms, size in rows:
        shown = f"{render_ms:8.0f}" if render_ms is not None else f"{'-':>8}"
        print(f"{name:50} {shown} {end_to_end_ms:11.0f} {size:12,d}")

    times = {name: (render_ms, end_to_end_ms) for name, render_ms, end_to_end_ms, _ in rows}
    print()
    print("== meshgrad / peer, time ratio (below 1: meshgrad is faster)")
    print(f"{'':50} {'render':>8} {'end to end':>11}")
    for mine, theirs in [
        ("meshgrad cpu, dithered", "skia drawPatch, dithered"),
        ("meshgrad cpu, --no-dither", "skia drawPatch"),
        ("meshgrad cpu, --no-dither", "cairo mesh pattern"),
        ("meshgrad cpu, dithered", "skia drawPatch"),
    ]:
        (my_render, my_total), (their_render, their_total) = times[mine], times[theirs]
        render_ratio = f"{my_render / their_render:8.2f}" if my_render else f"{'-':>8}"
        speedup = their_total / my_total
        verdict = f"{speedup:.1f}x faster" if speedup >= 1 else f"{1 / speedup:.1f}x slower"
        print(f"{mine[9:] + ' / ' + theirs:50} {render_ratio} {my_total / their_total:11.2f}   ({verdict})")

    # The peers blend colors bilinearly within each patch; meshgrad does so
    # too with "smoothsColors": false, so against that rendering only the
    # rasterization differs, and a mean difference well under one level says
    # the peers drew the same patches.
    bilinear = dict(document, smoothsColors=False)
    bilinear_document = os.path.join(out, "bilinear.json")
    with open(bilinear_document, "w") as file:
        json.dump(bilinear, file)
    bilinear_png = os.path.join(out, "meshgrad-bilinear.png")
    subprocess.run([options.meshgrad, "render", bilinear_document, "--size", options.size, "--backend", "cpu",
                    "--no-dither", "-o", bilinear_png], check=True)
    print()
    print("== same mesh? mean |difference| of RGB (0-255) against meshgrad --no-dither with bilinear colors")
    for name, path in peer_files.items():
        print(f"{name:50} {mean_difference(bilinear_png, path):8.2f}")
    if options.out:
        print(f"\nimages in {out}")
    else:
        shutil.rmtree(out)


if __name__ == "__main__":
    main()
