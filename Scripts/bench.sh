#!/usr/bin/env bash
# meshgrad benchmarks: render-only timings of the CPU renderer and PNG
# encoding timings and sizes (libpng, the old path, against PNGStreamEncoder;
# medians of several runs, from the meshgrad-bench executable) and
# end-to-end timings of the `meshgrad render` command (hyperfine when
# installed, else a median of repeated runs). Prints the machine first,
# since numbers mean nothing without it. Scripts/bench-peers.sh compares
# with cairo and Skia.
#
#   Scripts/bench.sh            # 4K, every mesh preset, floors and peers
#   RUNS=11 Scripts/bench.sh    # more runs per median
#   FLOORS=0 PEERS=0 Scripts/bench.sh  # without the 1080p/4K/8K floors and peers
#   VIDEO=1 Scripts/bench.sh    # also the animation export (minutes more)
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
SIZE=${SIZE:-3840x2160}
# Every mesh preset (scene presets: meshgrad-bench --scenes).
PRESETS=${PRESETS:-"onboarding meshing-text-mesh aurora sunset silk sticker frost lava tide"}

echo "== machine"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "memory: $(free -h | awk '/Mem:/ {print $2}')"
echo "swift: $(swift --version 2>/dev/null | head -1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (numbers from a loaded machine are inflated: compare within this run)"
echo

swift build -c release --product meshgrad >/dev/null
swift build -c release --product meshgrad-bench >/dev/null
BIN=.build/release

echo "== render only (CPU renderer; GL renderer stage by stage), then PNG encoding of the first preset"
args=()
for p in $PRESETS; do args+=(--preset "$p"); done
"$BIN/meshgrad-bench" --runs "$RUNS" --size "$SIZE" "${args[@]}"
echo

echo "== end to end: meshgrad render --preset onboarding --size $SIZE -o w.png"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if command -v hyperfine >/dev/null; then
    hyperfine --warmup 1 --runs "$RUNS" --style none --export-json "$out/e2e.json" \
        -n "cpu, 8-bit dithered" "$BIN/meshgrad render --preset onboarding --size $SIZE --backend cpu -o $out/w.png" \
        -n "cpu, 8-bit plain" "$BIN/meshgrad render --preset onboarding --size $SIZE --backend cpu --no-dither -o $out/w.png" \
        -n "cpu, 16-bit" "$BIN/meshgrad render --preset onboarding --size $SIZE --backend cpu --depth 16 -o $out/w.png" \
        -n "gl, 8-bit dithered" "$BIN/meshgrad render --preset onboarding --size $SIZE --backend gl -o $out/w.png"
    python3 - "$out/e2e.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f'{r["command"]:<22} median {r["median"] * 1000:7.0f} ms  (min {r["min"] * 1000:.0f}, max {r["max"] * 1000:.0f}, {len(r["times"])} runs)')
PY
else
    times=()
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N)
        "$BIN/meshgrad" render --preset onboarding --size "$SIZE" --backend cpu -o "$out/w.png"
        times+=($(( ($(date +%s%N) - start) / 1000000 )))
    done
    sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    echo "median of $RUNS: ${sorted[$(( RUNS / 2 ))]} ms (runs: ${times[*]})"
fi

# Against the floor: at 1080p, 4K and 8K, the CLI end to end beside what no
# run can beat (the render alone, the PNG encoding and write of the already
# rendered buffer, memcpy of its bytes), then cairo and Skia in the same run.
if [ "${FLOORS:-1}" != 0 ]; then
    for s in 1920x1080 3840x2160 7680x4320; do
        echo
        echo "== against the floor at $s: onboarding, CPU, 8-bit dithered PNG"
        "$BIN/meshgrad-bench" --runs "$RUNS" --size "$s" --preset onboarding --floors --no-cpu --no-gl --no-encode
        times=()
        "$BIN/meshgrad" render --preset onboarding --size "$s" --backend cpu -o "$out/f.png"
        for _ in $(seq "$RUNS"); do
            start=$(date +%s%N)
            "$BIN/meshgrad" render --preset onboarding --size "$s" --backend cpu -o "$out/f.png"
            times+=($(( ($(date +%s%N) - start) / 1000000 )))
        done
        sorted=($(printf '%s\n' "${times[@]}" | sort -n))
        echo "meshgrad render end to end: median ${sorted[$(( RUNS / 2 ))]} ms (runs: ${times[*]})"
        if [ "${PEERS:-1}" != 0 ]; then
            RUNS="$RUNS" SIZE="$s" Scripts/bench-peers.sh | sed -n '/^== onboarding/,/^== same mesh/p' | sed '$d'
        fi
    done
fi

echo
echo "== animation frames at 640x360 (tessellation and render per frame, as meshgrad animate plans them)"
"$BIN/meshgrad-bench" --size 640x360 --preset onboarding --preset lava --preset tide --frames --no-cpu --no-gl --no-encode

if [ "${VIDEO:-0}" = 0 ]; then
    echo
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "(animation export skipped: VIDEO=1 Scripts/bench.sh, or Scripts/bench-video.sh alone)"
    exit 0
fi
echo
echo "== animation export: meshgrad animate --preset onboarding --duration 10 --fps 30 --size 1080p -o a.mp4"
if command -v ffmpeg >/dev/null; then
    for backend in cpu gl; do
        # Through cat: no progress bar, just the summary and the timings.
        "$BIN/meshgrad" animate --preset onboarding --duration 10 --fps 30 --size 1080p --backend "$backend" \
            --timings -o "$out/a-$backend.mp4" 2>&1 | cat || true
    done
    echo
    echo "== export fps per size and codec, next to ffmpeg alone on the same frames (Scripts/bench-video.sh)"
    BIN="$BIN" Scripts/bench-video.sh
else
    echo "(ffmpeg not installed: skipped)"
fi
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
