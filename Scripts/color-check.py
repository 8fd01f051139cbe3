#!/usr/bin/env python3
"""Checks meshgrad's wide-gamut PNGs against colour-science.

Renders documents written here (flat fills in CSS Color 4 notations, and a
mesh of the Display P3 primaries) with `meshgrad render --gamut …`, decodes
the PNGs with a small reader of its own (no image library in between), and
compares:

- each flat fill's pixel with colour-science's conversion of the document's
  color into the output's space (16-bit: within 16/65535);
- the sRGB output of Display P3 green with CSS Color 4's gamut mapping,
  written here from its specification on colour-science's Oklab (ΔE_OK);
- the cICP chunk's code points and the iCCP profile's primaries (rXYZ,
  gXYZ, bXYZ, D50-adapted) and curves with colour-science's;
- HDR AVIFs (decoded by libavif's own avifdec): a white at twice SDR white
  (`color(srgb-linear 2 2 2)`, SDR white 203 cd/m²) against
  colour-science's PQ code value, SDR white against HLG's 75 %, and the
  nclx tags avifdec reports;
- video: a Display P3 mesh's H.264 and an HDR10 HEVC (`animate --hdr pq`),
  their ffprobe tags and HDR10 metadata, and the PQ clip decoded by zimg
  (zscale, the stream's own matrix and range) against colour-science's PQ
  code value.

Usage: color-check.py MESHGRAD  (run with a Python that has colour-science).
Prints one line per check and exits 1 if any fails.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import warnings
import zlib

warnings.filterwarnings("ignore")
import numpy as np  # noqa: E402
import colour  # noqa: E402

MESHGRAD = sys.argv[1] if len(sys.argv) > 1 else "meshgrad"
SPACES = {
    "srgb": colour.RGB_COLOURSPACES["sRGB"],
    "display-p3": colour.RGB_COLOURSPACES["Display P3"],
    "rec2020": colour.RGB_COLOURSPACES["ITU-R BT.2020"],
}
# CSS Color 4 and meshgrad derive every matrix from the primaries and D65;
# colour-science's sRGB otherwise uses IEC 61966-2-1's four-decimal matrix
# (up to 2e-4 away).
for _space in SPACES.values():
    _space.use_derived_transformation_matrices(True)
# BT.2020's curve with the exact constants CSS Color 4 (and meshgrad) use;
# colour-science's defaults are their rounded 10- and 12-bit values.
_exact = colour.utilities.Structure(alpha=lambda _: 1.09929682680944, beta=lambda _: 0.018053968510807)
SPACES["rec2020"] = SPACES["rec2020"].copy()
SPACES["rec2020"].cctf_encoding = lambda x: colour.models.oetf_BT2020(x, constants=_exact)
SPACES["rec2020"].cctf_decoding = lambda x: colour.models.oetf_inverse_BT2020(x, constants=_exact)
failures = []
# Every file the checks make is in one folder, removed when the script ends.
SCRATCH = tempfile.TemporaryDirectory(prefix="meshgrad-color-check-")


def new_folder():
    return tempfile.mkdtemp(dir=SCRATCH.name)


def check(name, ok, detail):
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}")
    if not ok:
        failures.append(name)


def read_png(path):
    """(chunks by type, pixels as float 0..1 array [h, w, channels])."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, offset, idat = {}, 8, b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        kind = kind.decode("latin-1")
        chunks.setdefault(kind, []).append(body)
        if kind == "IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, color_type = struct.unpack(">IIBB", chunks["IHDR"][0][:10])
    channels = {2: 3, 6: 4}[color_type]
    bpp = channels * depth // 8
    stride = width * bpp
    raw = zlib.decompress(idat)
    rows, prior = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prior = line
    dtype = ">u2" if depth == 16 else "u1"
    pixels = np.frombuffer(b"".join(rows), dtype=dtype).reshape(height, width, channels)
    return chunks, pixels.astype(np.float64) / (65535 if depth == 16 else 255)


def render(document, gamut, depth, name, extension="png", extra=()):
    folder = new_folder()
    source = os.path.join(folder, name + ".json")
    output = os.path.join(folder, name + "." + extension)
    json.dump(document, open(source, "w"))
    subprocess.run([MESHGRAD, "render", source, "--size", "8x8", "--gamut", gamut, "--depth", str(depth),
                    *(["--no-dither"] if extension == "png" else []), *extra, "-o", output], check=True)
    return read_png(output) if extension == "png" else output


def flat(color):
    return {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]], "colors": [color] * 4}


def expected(color, gamut):
    """colour-science's encoded components of a CSS color in `gamut`."""
    space, values = color[color.index("(") + 1:-1].split(" ", 1) if color.startswith("color(") else ("oklch", color[6:-1])
    values = np.array([float(v) for v in values.split()])
    target = SPACES[gamut]
    if space == "oklch":
        lab = np.array([values[0], values[1] * np.cos(np.radians(values[2])), values[1] * np.sin(np.radians(values[2]))])
        xyz = colour.Oklab_to_XYZ(lab)
        return colour.XYZ_to_RGB(xyz, target, apply_cctf_encoding=True)
    if space == "srgb-linear":
        return colour.RGB_to_RGB(values, SPACES["srgb"], target, apply_cctf_decoding=False, apply_cctf_encoding=True)
    return colour.RGB_to_RGB(values, SPACES[space], target, apply_cctf_decoding=True, apply_cctf_encoding=True)


def flat_fills():
    colors = ["color(display-p3 1 0 0)", "color(display-p3 0 1 0)", "color(display-p3 0 0 1)",
              "color(display-p3 1 1 1)", "color(display-p3 0.2 0.6 0.85)", "color(rec2020 0.3 0.7 0.2)",
              "color(srgb-linear 0.05 0.4 0.8)", "oklch(0.7 0.15 30)", "color(srgb 0.9 0.35 0.1)"]
    for gamut in ["display-p3", "rec2020"]:
        for color in colors:
            want = expected(color, gamut)
            if want.min() < -1e-9 or want.max() > 1 + 1e-9:
                continue  # outside this gamut: mapped, checked below
            _, pixels = render(flat(color), gamut, 16, "flat")
            got = pixels[4, 4, :3]
            error = np.abs(got - want).max() * 65535
            check(f"{color} in {gamut}, 16-bit", error <= 16, f"off by {error:.1f}/65535 (got {np.round(got, 5)}, colour-science {np.round(want, 5)})")


def primaries_mesh():
    """One document of the Display P3 primaries and white, each held by two
    neighbouring columns so that the patch between them is flat: its pixels
    are the vertex color itself."""
    p3 = ["color(display-p3 1 0 0)", "color(display-p3 0 1 0)", "color(display-p3 0 0 1)", "color(display-p3 1 1 1)"]
    row = [c for c in p3 for _ in range(2)]
    document = {"width": 8, "height": 2, "points": [[i / 7, j] for j in (0, 1) for i in range(8)], "colors": row * 2}
    folder = new_folder()
    source, output = os.path.join(folder, "primaries.json"), os.path.join(folder, "primaries.png")
    json.dump(document, open(source, "w"))
    subprocess.run([MESHGRAD, "render", source, "--size", "224x16", "--depth", "16", "-o", output], check=True)
    chunks, pixels = read_png(output)
    check("primaries document tagged Display P3 by default", chunks.get("cICP", [b""])[0][:2] == bytes([12, 13]),
          f"cICP {tuple(chunks.get('cICP', [b''])[0])}")
    for k, color in enumerate(p3):
        got = pixels[8, 16 + 64 * k, :3]
        want = expected(color, "display-p3")
        error = np.abs(got - want).max() * 65535
        check(f"{color} at its vertices, 16-bit", error <= 16, f"off by {error:.1f}/65535")


def oklab_of_srgb(rgb):
    return colour.XYZ_to_Oklab(colour.RGB_to_XYZ(rgb, SPACES["srgb"], apply_cctf_decoding=True))


def css_gamut_map_to_srgb(p3):
    """CSS Color 4, 13.2: binary search in Oklch with local MINDE."""
    srgb = SPACES["srgb"]
    lab = colour.XYZ_to_Oklab(colour.RGB_to_XYZ(p3, SPACES["display-p3"], apply_cctf_decoding=True))
    L, C, h = lab[0], np.hypot(lab[1], lab[2]), np.arctan2(lab[2], lab[1])

    def to_srgb(chroma):
        return colour.XYZ_to_RGB(colour.Oklab_to_XYZ(np.array([L, chroma * np.cos(h), chroma * np.sin(h)])), srgb,
                                 apply_cctf_encoding=True)

    def delta(rgb, chroma):
        return np.linalg.norm(oklab_of_srgb(rgb) - np.array([L, chroma * np.cos(h), chroma * np.sin(h)]))

    jnd, eps = 0.02, 0.0001
    clipped = np.clip(to_srgb(C), 0, 1)
    if delta(clipped, C) < jnd:
        return clipped
    low, high, low_in = 0.0, C, True
    while high - low > eps:
        chroma = (low + high) / 2
        current = to_srgb(chroma)
        if low_in and current.min() >= 0 and current.max() <= 1:
            low = chroma
            continue
        clipped = np.clip(current, 0, 1)
        e = delta(clipped, chroma)
        if e < jnd:
            if jnd - e < eps:
                return clipped
            low_in, low = False, chroma
        else:
            high = chroma
    return clipped


def gamut_mapping():
    green = "color(display-p3 0 1 0)"
    _, pixels = render(flat(green), "srgb", 16, "green")
    got = pixels[4, 4, :3]
    css = css_gamut_map_to_srgb(np.array([0.0, 1.0, 0.0]))
    clip = np.clip(colour.RGB_to_RGB(np.array([0.0, 1.0, 0.0]), SPACES["display-p3"], SPACES["srgb"],
                                     apply_cctf_decoding=True, apply_cctf_encoding=True), 0, 1)
    d_css = np.linalg.norm(oklab_of_srgb(got) - oklab_of_srgb(css))
    d_clip = np.linalg.norm(oklab_of_srgb(clip) - oklab_of_srgb(css))
    check("Display P3 green in sRGB", d_css <= 0.006,
          f"ΔE_OK {d_css:.4f} from CSS Color 4's mapping {np.round(css, 4)} (got {np.round(got, 4)}); clipping is {d_clip:.4f} away")


def s15(data, offset):
    return struct.unpack(">i", data[offset:offset + 4])[0] / 65536


def icc_tags(profile):
    count = struct.unpack(">I", profile[128:132])[0]
    tags = {}
    for i in range(count):
        sig, offset, size = struct.unpack(">4sII", profile[132 + 12 * i:144 + 12 * i])
        tags[sig.decode("latin-1")] = profile[offset:offset + size]
    return tags


def tags():
    codes = {"display-p3": (12, 13), "rec2020": (9, 1)}
    d50 = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["ICC D50"]
    for gamut, (primaries, transfer) in codes.items():
        chunks, _ = render(flat("color(display-p3 0.5 0.5 0.5)"), gamut, 8, "tags")
        cicp = chunks.get("cICP", [b""])[0]
        check(f"cICP of {gamut}", tuple(cicp) == (primaries, transfer, 0, 1), f"{tuple(cicp)}")
        check(f"no sRGB chunk in {gamut}", "sRGB" not in chunks, f"chunks {sorted(chunks)}")
        iccp = chunks["iCCP"][0]
        profile = zlib.decompress(iccp[iccp.index(b"\0") + 2:])
        icc = icc_tags(profile)
        space = SPACES[gamut]
        adapt = colour.adaptation.matrix_chromatic_adaptation_VonKries(
            colour.xy_to_XYZ(space.whitepoint), colour.xy_to_XYZ(d50), "Bradford")
        want = adapt @ space.matrix_RGB_to_XYZ
        got = np.array([[s15(icc[t], 8 + 4 * k) for t in ("rXYZ", "gXYZ", "bXYZ")] for k in range(3)])
        error = np.abs(got - want).max()
        check(f"ICC primaries of {gamut}", error < 2e-3, f"max difference {error:.5f} from colour-science's (Bradford to D50)")
        curve = icc["rTRC"]
        kind, = struct.unpack(">H", curve[8:10])
        params = [s15(curve, 12 + 4 * k) for k in range(5)]
        samples = np.linspace(0.01, 1, 50)
        linear = (np.where(samples >= params[4], (params[1] * samples + params[2]) ** params[0], params[3] * samples))
        want_linear = space.cctf_decoding(samples)
        error = np.abs(linear - want_linear).max()
        check(f"ICC curve of {gamut}", kind == 3 and error < 1e-3, f"parametric type {kind + 1}, max difference {error:.5f} from colour-science's decoding")


def hdr_avif():
    for hdr, color, want in [
        ("pq", "color(srgb-linear 2 2 2)", colour.models.eotf_inverse_ST2084(2 * 203) * 1023),
        ("hlg", "color(srgb-linear 1 1 1)", 0.75 * 1023),
    ]:
        avif = render(flat(color), "rec2020", 10, hdr, "avif", ["--hdr", hdr, "--quality", "100"])
        png = avif[:-5] + "-decoded.png"
        subprocess.run(["avifdec", "--depth", "16", avif, png], check=True, capture_output=True)
        _, pixels = read_png(png)
        got = pixels[4, 4, :3] * 1023
        error = np.abs(got - want).max()
        check(f"{hdr.upper()} AVIF of {color}", error <= 2, f"code {np.round(got, 1)} of 1023, colour-science {want:.1f}")
        info = subprocess.run(["avifdec", "--info", avif], check=True, capture_output=True, text=True).stdout
        transfer = {"pq": "16", "hlg": "18"}[hdr]
        ok = "Color Primaries: 9" in info and f"Transfer Char. : {transfer}" in info and "Bit Depth      : 10" in info
        check(f"{hdr.upper()} AVIF tags", ok, " ".join(l.strip() for l in info.splitlines() if "Color Primaries" in l or "Transfer" in l or "Bit Depth" in l))


def ffprobe(path, entries):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", *entries, "-of", "json", path],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def videos():
    folder = new_folder()
    source = os.path.join(folder, "bright.json")
    json.dump(flat("color(srgb-linear 2 2 2)"), open(source, "w"))
    p3 = os.path.join(folder, "p3.json")
    json.dump(flat("color(display-p3 0.1 0.9 0.3)"), open(p3, "w"))
    clips = {"p3": (p3, [], os.path.join(folder, "p3.mp4")),
             "pq": (source, ["--hdr", "pq"], os.path.join(folder, "pq.mp4"))}
    for name, (doc, extra, out) in clips.items():
        subprocess.run([MESHGRAD, "animate", doc, "--size", "128x96", "--duration", "0.5", "--fps", "4", "--quiet",
                        *extra, "-o", out], check=True)
    stream = ffprobe(clips["p3"][2], ["-show_entries", "stream=color_primaries,color_transfer,color_space"])["streams"][0]
    check("Display P3 video tags", (stream["color_primaries"], stream["color_space"]) == ("smpte432", "bt709"), f"{stream}")
    pq = clips["pq"][2]
    stream = ffprobe(pq, ["-show_entries", "stream=codec_name,pix_fmt,color_primaries,color_transfer,color_space"])["streams"][0]
    ok = (stream["codec_name"], stream["pix_fmt"], stream["color_primaries"], stream["color_transfer"], stream["color_space"]) == (
        "hevc", "yuv420p10le", "bt2020", "smpte2084", "bt2020nc")
    check("HDR10 video tags", ok, f"{stream}")
    frames = ffprobe(pq, ["-read_intervals", "%+#1", "-show_frames", "-show_entries", "frame=side_data_list"])["frames"]
    side = {d["side_data_type"]: d for d in frames[0].get("side_data_list", [])}
    light = side.get("Content light level metadata", {})
    mastering = side.get("Mastering display metadata", {})
    check("HDR10 metadata", light.get("max_content") == 406 and mastering.get("max_luminance") == "10000000/10000",
          f"MaxCLL {light.get('max_content')}, mastering peak {mastering.get('max_luminance')}")
    raw = os.path.join(folder, "pq.raw")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", pq, "-frames:v", "1", "-vf",
                    "zscale=matrixin=2020_ncl:rangein=limited:transferin=smpte2084:primariesin=2020:matrix=gbr:range=full:"
                    "transfer=smpte2084:primaries=2020:filter=bilinear:dither=none,format=gbrp16le", "-f", "rawvideo", raw],
                   check=True)
    planes = np.fromfile(raw, dtype="<u2").astype(np.float64).reshape(3, 96, 128)
    got = planes[:, 48, 64] / 65535 * 1023
    want = colour.models.eotf_inverse_ST2084(2 * 203) * 1023
    check("HDR10 video of color(srgb-linear 2 2 2)", np.abs(got - want).max() <= 2,
          f"code {np.round(got, 1)} of 1023, colour-science {want:.1f}")


primaries_mesh()
flat_fills()
gamut_mapping()
tags()
hdr_avif()
videos()
print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
