#!/usr/bin/env bash
# meshgrad against its peers: the same mesh drawn by cairo's mesh pattern and
# by Skia's drawPatch (plain and dithered), to a PNG at 4K, render only and
# end to end, medians of several runs on this machine, and the ratios.
# Installs what it needs: libcairo2-dev through apt (sudo when not root), and
# pycairo and skia-python from PyPI into .bench/venv. Prints the machine
# first, since numbers mean nothing without it.
#
#   Scripts/bench-peers.sh                    # 3840x2160, onboarding, 7 runs
#   RUNS=11 SIZE=1920x1080 Scripts/bench-peers.sh
#   OUT=out/peers Scripts/bench-peers.sh      # keep the images
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-7}
SIZE=${SIZE:-3840x2160}
PRESET=${PRESET:-onboarding}
VENV=.bench/venv

if ! pkg-config --exists cairo; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
    echo "installing libcairo2-dev (pycairo builds against it)" >&2
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq libcairo2-dev pkg-config >/dev/null
fi

if ! "$VENV/bin/python" -c 'import cairo, skia, numpy' 2>/dev/null; then
    echo "creating $VENV with pycairo and skia-python" >&2
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q pycairo skia-python numpy
fi

swift build -c release --product meshgrad >/dev/null
swift build -c release --product meshgrad-bench >/dev/null
BIN=.build/release

echo "== machine"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "swift: $(swift --version 2>/dev/null | head -1)"
echo "cairo $("$VENV/bin/python" -c 'import cairo; print(cairo.cairo_version_string())'), skia-python $("$VENV/bin/python" -c 'import skia; print(skia.__version__)')"
echo

args=(--meshgrad "$BIN/meshgrad" --bench "$BIN/meshgrad-bench" --runs "$RUNS" --size "$SIZE" --preset "$PRESET")
if [ -n "${OUT:-}" ]; then args+=(--out "$OUT"); fi
"$VENV/bin/python" Scripts/peers.py "${args[@]}"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
