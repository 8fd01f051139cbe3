#!/usr/bin/env bash
# meshgrad preview benchmarks: frame rate and CPU of the animated window,
# panels open and hidden, uncapped (how fast frames could come) and capped
# (what a user gets: at most one frame per display refresh, 60 Hz where the
# driver has no vsync), and the CPU an idle window costs, panels open and
# hidden. Needs an X display; without DISPLAY it starts Xvfb (the CI's and
# this machine's case: GLX on Mesa's llvmpipe). Prints the machine and its
# load first (the numbers mean nothing without them), then each run and
# the medians; the ratios compare runs made in the same go.
#
#   Scripts/bench-preview.sh                 # onboarding at 1280x720, 5 runs
#   RUNS=9 PRESET=lava Scripts/bench-preview.sh
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
FRAMES=${FRAMES:-300}
PRESET=${PRESET:-onboarding}
WINDOW=${WINDOW:-1280x720}
IDLE_SECONDS=${IDLE_SECONDS:-5}

if [ -z "${DISPLAY:-}" ]; then
    displayfile=$(mktemp)
    Xvfb -displayfd 3 -screen 0 1920x1200x24 -nolisten tcp 3>"$displayfile" 2>/dev/null &
    xvfb=$!
    trap 'kill "$xvfb" 2>/dev/null || true; rm -f "$displayfile"' EXIT
    for _ in $(seq 100); do [ -s "$displayfile" ] && break; sleep 0.05; done
    export DISPLAY=":$(head -1 "$displayfile")"
fi

echo "== machine"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "display: $DISPLAY"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
swift build -c release --product meshgrad >/dev/null
BIN=.build/release/meshgrad
hz=$(getconf CLK_TCK)

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# One animated run of FRAMES frames: prints "FPS CPU%" (CPU of one core,
# user + system, from the process's own accounting).
animated() {
    local start end line
    start=$(date +%s.%N)
    line=$(/usr/bin/time -f "cpu %U %S" "$BIN" preview --preset "$PRESET" --window "$WINDOW" \
        --frames "$FRAMES" --fps "$@" 2>&1 | tr '\n' ' ')
    end=$(date +%s.%N)
    echo "$line" | awk -v s="$start" -v e="$end" '{
        for (i = 1; i <= NF; i++) { if ($i == "fps") fps = $(i-1); if ($i == "cpu") { u = $(i+1); k = $(i+2) } }
        printf "%s %.0f\n", fps, 100 * (u + k) / (e - s) }'
}

run_animated() {
    local name=$1
    shift
    echo "-- $name: preview --preset $PRESET --window $WINDOW --frames $FRAMES $*"
    local fps=() cpu=()
    for _ in $(seq "$RUNS"); do
        read -r f c < <(animated "$@")
        echo "   $f fps, $c % of a core"
        fps+=("$f")
        cpu+=("$c")
    done
    local mf mc
    mf=$(printf '%s\n' "${fps[@]}" | median)
    mc=$(printf '%s\n' "${cpu[@]}" | median)
    echo "   median: $mf fps, $mc % of a core"
    eval "FPS_$name=$mf"
}

echo
echo "== animating (load average now: $(cut -d' ' -f1 /proc/loadavg))"
run_animated uncapped_panels --uncapped
run_animated uncapped_hidden --uncapped --hide-panels
run_animated capped_panels
run_animated capped_hidden --hide-panels
awk -v a="$FPS_uncapped_panels" -v b="$FPS_uncapped_hidden" \
    'BEGIN {printf "panels open / hidden, uncapped: %.2f (the panels cost %.1f %% of the frame rate)\n", a / b, 100 * (1 - a / b)}'

# CPU of a window left alone for IDLE_SECONDS after start-up.
idle() {
    "$BIN" preview --preset "$PRESET" --window "$WINDOW" --paused "$@" >/dev/null &
    local pid=$!
    sleep 2
    local before after
    before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    sleep "$IDLE_SECONDS"
    after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    awk -v t=$((after - before)) -v hz="$hz" -v s="$IDLE_SECONDS" \
        'BEGIN {printf "%.2f %% of one core (%d ticks of 1/%d s in %d s)\n", 100 * t / hz / s, t, hz, s}'
}

echo
echo "== idle: --paused, no input, CPU over ${IDLE_SECONDS} s after start-up (load average now: $(cut -d' ' -f1 /proc/loadavg))"
echo "panels open:   $(idle)"
echo "panels hidden: $(idle --hide-panels)"
