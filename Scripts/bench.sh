#!/usr/bin/env bash
# meshgrad benchmarks: render-only timings of the CPU renderer and PNG
# encoding timings and sizes (libpng, for comparison, against
# PNGStreamEncoder; medians of several runs, from the meshgrad-bench
# executable) and end-to-end timings of the `meshgrad render` command
# (hyperfine when installed, else a median of repeated runs). Prints the
# machine first, since numbers mean nothing without it. Scripts/bench-peers.sh
# compares with cairo and Skia.
#
# The run is printed and also written to Docs/performance.md: a fixed
# introduction, then each section of the output in a fenced block, so that
# the page holds one whole run and nothing else. A failed run leaves the page
# as it was.
#
#   Scripts/bench.sh            # 4K, every mesh preset, floors and peers
#   RUNS=11 Scripts/bench.sh    # more runs per median
#   FLOORS=0 PEERS=0 Scripts/bench.sh  # without the 1080p/4K/8K floors and peers
#   VIDEO=1 Scripts/bench.sh    # also the animation export (minutes more)
#   OUTPUT=out/perf.md Scripts/bench.sh  # the page elsewhere
#   OUTPUT= Scripts/bench.sh    # only print
set -euo pipefail
# A path given in OUTPUT is the caller's; the default is the repository's.
if [ -n "${OUTPUT:-}" ] && [ "${OUTPUT#/}" = "$OUTPUT" ]; then OUTPUT="$PWD/$OUTPUT"; fi
cd "$(dirname "$0")/.."

# Unset: the page; set and empty: no page.
OUTPUT=${OUTPUT-Docs/performance.md}
RUNS=${RUNS:-5}
SIZE=${SIZE:-3840x2160}
# Every mesh preset (scene presets: meshgrad-bench --scenes).
PRESETS=${PRESETS:-"onboarding meshing-text-mesh aurora sunset silk sticker frost lava tide"}

# `meshgrad render --preset onboarding` at SIZE into FILE, RUNS times:
# "median of RUNS: N ms (runs: ...)", timed by the shell (no hyperfine).
render_median() {
    local times=() sorted start
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N)
        "$BIN/meshgrad" render --preset onboarding --size "$1" --backend cpu -o "$2"
        times+=($(( ($(date +%s%N) - start) / 1000000 )))
    done
    mapfile -t sorted < <(printf '%s\n' "${times[@]}" | sort -n)
    echo "median of $RUNS: ${sorted[$(( RUNS / 2 ))]} ms (runs: ${times[*]})"
}

# The whole run, on standard output.
run() {
    echo "== machine"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
    echo "memory: $(free -h | awk '/Mem:/ {print $2}')"
    echo "swift: $(swift --version 2>/dev/null | head -1)"
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (numbers from a loaded machine are inflated: compare within this run)"
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ', with uncommitted changes')"
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "files: written in $(dirname "$out") ($(df --output=fstype "$out" | tail -1)), and in $(dirname "$disk") ($(df --output=fstype "$disk" | tail -1)) where marked"
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
        render_median "$SIZE" "$out/w.png"
    fi
    echo "cpu, 8-bit dithered, on the disk (the file replaced every run): $(render_median "$SIZE" "$disk/w.png")"

    # Against the floor: at 1080p, 4K and 8K, the CLI end to end beside what no
    # run can beat (the render alone, the PNG encoding and write of the already
    # rendered buffer, memcpy of its bytes), then cairo and Skia in the same run.
    if [ "${FLOORS:-1}" != 0 ]; then
        for s in 1920x1080 3840x2160 7680x4320; do
            echo
            echo "== against the floor at $s: onboarding, CPU, 8-bit dithered PNG"
            "$BIN/meshgrad-bench" --runs "$RUNS" --size "$s" --preset onboarding --floors --no-cpu --no-gl --no-encode
            "$BIN/meshgrad" render --preset onboarding --size "$s" --backend cpu -o "$out/f.png"
            echo "meshgrad render end to end: $(render_median "$s" "$out/f.png")"
            if [ "${PEERS:-1}" != 0 ]; then
                RUNS="$RUNS" SIZE="$s" Scripts/bench-peers.sh | sed -n '/^== onboarding/,/^== same mesh/p' | sed '$d'
            fi
        done
    fi

    # How the time and memory grow with the canvas: end to end per pixel
    # (medians of 3) and peak memory (the largest of the 3), 4K to 16K.
    echo
    echo "== by size: meshgrad render --preset onboarding, CPU, 8-bit dithered PNG, time per pixel and peak memory"
    for s in 3840x2160 7680x4320 15360x8640; do
        local runs=() peak=0
        for _ in 1 2 3; do
            local start kb
            start=$(date +%s%N)
            /usr/bin/time -f "%M" -o "$out/rss" "$BIN/meshgrad" render --preset onboarding --size "$s" \
                --backend cpu -o "$out/s.png"
            runs+=("$(( ($(date +%s%N) - start) / 1000 ))e-6")
            kb=$(tail -1 "$out/rss")
            [ "$kb" -gt "$peak" ] && peak=$kb
        done
        local median
        median=$(printf '%s\n' "${runs[@]}" | sort -g | sed -n 2p)
        awk -v s="$s" -v t="$median" -v kb="$peak" 'BEGIN {
            split(s, d, "x"); px = d[1] * d[2]
            printf "%-12s %6.0f ms  %5.2f ns a pixel  peak %4.0f MB\n", s, t * 1000, t * 1e9 / px, kb / 1024 }'
    done

    echo
    echo "== animation frames at 640x360 (tessellation and render per frame, as meshgrad animate plans them)"
    "$BIN/meshgrad-bench" --size 640x360 --preset onboarding --preset lava --preset tide --frames --no-cpu --no-gl --no-encode

    echo
    echo "== the editor: cores and frame rate, animating at its 60 fps cap and idle (Scripts/bench-editor.sh)"
    BIN="$BIN" Scripts/bench-editor.sh

    echo
    echo "== the web export: the <mesh-gradient> module, its JavaScript per frame, frames a second in Chromium"
    BIN="$BIN" Scripts/bench-web.sh

    if [ "${VIDEO:-0}" = 0 ]; then
        echo
        echo "== after the run"
        echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
        echo "(animation export skipped: VIDEO=1 Scripts/bench.sh, or Scripts/bench-video.sh alone)"
        return 0
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
    echo "== after the run"
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# The page: a fixed introduction, then every "== section" of the run as a
# heading with its lines in a fenced block (blank lines at a block's end
# dropped).
page() {
    cat <<'INTRO'
# Performance

This page is generated by `Scripts/bench.sh` from one run on one machine:
it holds that run's output and nothing else, and the next run replaces it.
Absolute figures depend on the machine and on its load, both printed first;
compare figures within the run. The peers (cairo and Skia, through
`Scripts/bench-peers.sh`) draw the same mesh, and the floors (the render
alone, the PNG encoding alone, `memcpy` of the same bytes) bound what
`meshgrad render` can reach on that machine. Every tool writes its files
to a folder in memory where the machine has one (`/dev/shm`): replacing a
file on the disk while the disk still writes its last version waits for
that write, which is the disk's time; the end-to-end section gives the
disk's figure too.
INTRO
    awk '
        function flush() { if (open) { print "```"; open = 0 }; blanks = 0 }
        /^== / { flush(); print ""; print "## " substr($0, 4); print ""; print "```"; open = 1; next }
        !open && /^$/ { next }
        !open { print ""; print "```"; open = 1 }
        /^$/ { blanks++; next }
        { while (blanks > 0) { print ""; blanks-- }; print }
        END { flush() }
    ' "$1"
}

# The files the runs write go to a folder in memory where there is one
# (/dev/shm), for every tool alike (Scripts/peers.py does the same):
# replacing a file on the disk whose last version the disk is still
# writing makes the replacement wait for that write (5 to 10 ms a run on an
# ext4 VM disk), the disk's time and not the renderer's. The end-to-end
# section also gives the figure on the disk.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then out=$(mktemp -d -p /dev/shm); else out=$(mktemp -d); fi
disk=$(mktemp -d)
trap 'rm -rf "$out" "$disk"' EXIT
if [ -z "$OUTPUT" ]; then
    run
else
    run | tee "$out/run.txt"
    page "$out/run.txt" >"$out/page.md"
    mkdir -p "$(dirname "$OUTPUT")"
    mv "$out/page.md" "$OUTPUT"
    echo "wrote $OUTPUT" >&2
fi
