#!/usr/bin/env python3
"""Decodes a video as a player would (the stream's own matrix and range,
accurate rounding, to 16 bits per channel) and compares its frames with
16-bit reference PNGs: per-channel mean bias, p99 difference and the banding
figure (RMS of 16x16 block means of the error), all in 8-bit steps (1/255).

Decoding is by zimg (exact); DECODER=swscale uses ffmpeg's scale with
accurate_rnd+full_chroma_int instead, which is itself off by 0.1-0.2 levels.

usage: video-quality.py VIDEO REFERENCE.png [FRAMES]
The reference is compared with each of the first FRAMES frames (default 1)."""
import json, subprocess, sys
import numpy as np

def probe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream=width,height,color_space,color_range,pix_fmt", "-of", "json", path],
                         check=True, capture_output=True).stdout
    return json.loads(out)["streams"][0]

def decode(path, width, height, frames, vf):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-frames:v", str(frames), "-vf", vf,
                          "-f", "rawvideo", "-pix_fmt", "rgba64le", "-"], check=True, capture_output=True).stdout
    a = np.frombuffer(raw, dtype="<u2").astype(np.float64) / 65535 * 255
    return a.reshape(-1, height, width, 4)

def player_filter(stream):
    matrix = {"bt709": "bt709", "smpte170m": "bt601", "bt470bg": "bt601", "bt2020nc": "bt2020"}.get(
        stream.get("color_space", ""), None)
    if stream.get("pix_fmt", "").startswith(("rgb", "bgr", "gbr", "pal", "argb", "abgr")) or matrix is None:
        # RGB codecs (PNG, GIF, WebP lossless) and untagged YUV as a player defaults: 709 for HD.
        matrix = "bt709"
    rng = "tv" if stream.get("color_range", "tv") != "pc" else "pc"
    import os
    if os.environ.get("DECODER", "zscale") == "zscale":
        zm = {"bt709": "709", "bt601": "470bg", "bt2020": "2020_ncl"}[matrix]
        return f"zscale=matrixin={zm}:rangein={'limited' if rng == 'tv' else 'full'}:transferin=709:primariesin=709:matrix=gbr:transfer=709:primaries=709:range=full:filter=bilinear:dither=none,format=gbrp16le"
    return f"scale=in_color_matrix={matrix}:in_range={rng}:flags=accurate_rnd+full_chroma_int+bitexact"

def figures(decoded, exact, block=16):
    err = decoded[..., :3] - exact[..., :3]
    h, w = (err.shape[0] // block) * block, (err.shape[1] // block) * block
    blocks = err[:h, :w].reshape(h // block, block, w // block, block, 3).mean(axis=(1, 3))
    return {"bias": err.reshape(-1, 3).mean(axis=0).round(3).tolist(),
            "p99": float(np.percentile(np.abs(err), 99).round(3)),
            "banding": float(np.sqrt((blocks ** 2).mean()).round(3))}

def main():
    video, reference = sys.argv[1], sys.argv[2]
    frames = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    s = probe(video)
    w, h = int(s["width"]), int(s["height"])
    exact = decode(reference, w, h, 1, "scale=flags=accurate_rnd+full_chroma_int")[0]
    got = decode(video, w, h, frames, player_filter(s))
    results = [figures(f, exact) for f in got]
    worst = {"bias": [max((r["bias"][c] for r in results), key=abs) for c in range(3)],
             "p99": max(r["p99"] for r in results), "banding": max(r["banding"] for r in results)}
    print(json.dumps(dict(worst, frames=len(results), tags={k: s.get(k) for k in ("pix_fmt", "color_space", "color_range")})))

main()
