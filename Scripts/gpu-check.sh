#!/usr/bin/env bash
# The GPU path on real hardware, in one short run: on a headless machine
# with an NVIDIA (or any EGL) driver, build, run the GPU parity tests, hold
# every preset's GPU render against the CPU reference at 4K, and print 4K
# and 8K timings (GPU time of both passes from GL timer queries, wall time,
# readback) and the end-to-end time of a 4K PNG.
#
#   Scripts/gpu-check.sh                     # builds with the Swift toolchain
#   MESHGRAD_BIN=path/to/bin Scripts/gpu-check.sh   # prebuilt meshgrad and
#                                            # meshgrad-bench, no toolchain
#
# EGL picks the GPU through EGL_EXT_platform_device; `meshgrad info` says
# which platform and renderer it got. If it reports llvmpipe, the NVIDIA
# EGL vendor file is not found: point __EGL_VENDOR_LIBRARY_FILENAMES at it.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-7}
PRESETS="onboarding meshing-text aurora sunset silk sticker frost"

if [ -z "${MESHGRAD_BIN:-}" ]; then
    swift build -c release --product meshgrad
    swift build -c release --product meshgrad-bench
    BIN=.build/release
    echo "== GPU tests"
    swift test --filter 'GLParityTests|GLHygieneTests|GPUCommandTests'
else
    BIN=$MESHGRAD_BIN
fi

echo "== driver"
"$BIN/meshgrad" info

echo "== parity at 3840x2160 (GPU against the CPU reference)"
status=0
for p in $PRESETS; do
    printf '%-14s ' "$p"
    "$BIN/meshgrad" compare --preset "$p" --size 3840x2160 || status=1
done

echo "== timings"
args=()
for p in onboarding aurora sticker; do args+=(--preset "$p"); done
"$BIN/meshgrad-bench" --no-cpu --runs "$RUNS" --size 3840x2160 "${args[@]}"
"$BIN/meshgrad-bench" --no-cpu --runs "$RUNS" --size 7680x4320 "${args[@]}"

echo "== end to end: meshgrad render --backend gl --preset onboarding --size 4k"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
times=()
for _ in $(seq "$RUNS"); do
    start=$(date +%s%N)
    "$BIN/meshgrad" render --backend gl --preset onboarding --size 4k -o "$out/w.png"
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
echo "median of $RUNS: ${sorted[$(( RUNS / 2 ))]} ms (runs: ${times[*]})"
exit $status
