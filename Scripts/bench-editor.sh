#!/usr/bin/env bash
# The editor's cost on this machine: CPU (cores, from /proc) and frame rate
# (its title) while it animates onboarding at 1280x720 at its 60 fps cap
# (as the editor chooses to draw it, and with --backend gl), and while it
# shows a still document untouched. Three runs of 10 s each,
# after 4 s to settle. Uses $DISPLAY, or an Xvfb of its own. Called by
# Scripts/bench.sh; BIN names the folder holding meshgrad (.build/release).
#
#   BIN=.build/release Scripts/bench-editor.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release}
if [ -z "${DISPLAY:-}" ]; then
    if ! command -v Xvfb >/dev/null; then
        echo "(no display and no Xvfb: the editor's figures skipped)"
        exit 0
    fi
    Xvfb :93 -screen 0 1600x1000x24 >/dev/null 2>&1 &
    xvfb=$!
    trap 'kill $xvfb 2>/dev/null || true' EXIT
    export DISPLAY=:93
    sleep 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true' EXIT

# Cores used by process $1 over $2 seconds (user + system ticks, 100 a second).
cores() {
    local before after
    before=$(awk '{print $14 + $15}' "/proc/$1/stat")
    sleep "$2"
    after=$(awk '{print $14 + $15}' "/proc/$1/stat")
    awk -v a="$before" -v b="$after" -v s="$2" 'BEGIN { printf "%.3f", (b - a) / 100 / s }'
}

measure() {
    local label=$1
    shift
    for run in 1 2 3; do
        (cd "$work" && exec "$OLDPWD/$BIN/meshgrad" preview "$@" --window 1280x720 >/dev/null 2>&1) &
        local pid=$!
        sleep 4
        local used
        used=$(cores "$pid" 10)
        local title=""
        if command -v xdotool >/dev/null; then
            title=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1 | xargs -r xdotool getwindowname 2>/dev/null || true)
        fi
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        echo "$label, run $run: $used cores  ($title)"
    done
}

measure "animating onboarding, 1280x720, panels hidden" --preset onboarding --hide-panels
measure "animating onboarding, 1280x720, panels shown" --preset onboarding
# The GPU path on the same driver, for comparison (auto draws meshes on the
# CPU where the OpenGL is a CPU rasterizer).
measure "animating onboarding, 1280x720, panels hidden, --backend gl" --preset onboarding --hide-panels --backend gl
measure "a still document (aurora) untouched, 1280x720" --preset aurora
