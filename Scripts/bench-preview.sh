#!/usr/bin/env bash
# meshgrad preview benchmarks: the frame rate of the animated window and the
# CPU an idle one costs. Needs an X display; without DISPLAY it starts Xvfb
# (the CI's and this machine's case: GLX on Mesa's llvmpipe). Prints the
# machine first, then each run and the median.
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
swift build -c release --product meshgrad >/dev/null
BIN=.build/release/meshgrad

echo
echo "== animating: meshgrad preview --preset $PRESET --window $WINDOW --frames $FRAMES --fps"
rates=()
for _ in $(seq "$RUNS"); do
    line=$("$BIN" preview --preset "$PRESET" --window "$WINDOW" --frames "$FRAMES" --fps | tail -1)
    echo "$line"
    rates+=("$(echo "$line" | awk '{print $(NF-1)}')")
done
printf '%s\n' "${rates[@]}" | sort -n | awk '{a[NR]=$1} END {printf "median: %s fps\n", a[int((NR+1)/2)]}'

echo
echo "== idle: meshgrad preview --preset $PRESET --paused, CPU over ${IDLE_SECONDS} s after start-up"
"$BIN" preview --preset "$PRESET" --window "$WINDOW" --paused >/dev/null &
pid=$!
sleep 2
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
before=$(ticks)
sleep "$IDLE_SECONDS"
after=$(ticks)
kill "$pid"
wait "$pid" 2>/dev/null || true
hz=$(getconf CLK_TCK)
awk -v t=$((after - before)) -v hz="$hz" -v s="$IDLE_SECONDS" \
    'BEGIN {printf "idle: %.2f %% of one core (%d ticks of 1/%d s in %d s)\n", 100 * t / hz / s, t, hz, s}'
