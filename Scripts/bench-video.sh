#!/usr/bin/env bash
# meshgrad animate export speed per size and codec, next to the floor: ffmpeg
# alone encoding the very same frames with the very same arguments from a file
# of raw frames (captured through a stand-in ffmpeg that records its stdin and
# arguments). Both run in the same go, so their ratio holds on a busy machine.
#
# usage: [REPEAT=3] Scripts/bench-video.sh [SIZE:SECONDS:CODECS ...]
#   default: 640x360:10:h264 1080p:10:h264,hevc,av1,vp9,prores 4k:2:h264
# CODECS are mp4 codecs except vp9 (.webm) and prores (.mov).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release}
[ -x "$BIN/meshgrad" ] || swift build -c release --product meshgrad >/dev/null
PRESET=${PRESET:-onboarding}
BACKEND=${BACKEND:-auto}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
cat > "$work/bin/ffmpeg" <<'FAKE'
#!/bin/sh
printf '%s\n' "$@" > "$CAPTURE.args"
cat > "$CAPTURE.raw"
FAKE
chmod +x "$work/bin/ffmpeg"

now() { date +%s.%N; }
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(640x360:10:h264 1080p:10:h264,hevc,av1,vp9,prores 4k:2:h264)
# Each export and its floor run REPEAT times in turn (mine, floor, mine,
# ...), and the medians are reported: on a shared machine the speed drifts
# by 10-20 % within a minute, which one pair of runs would put in the ratio.
REPEAT=${REPEAT:-3}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-9s %-7s %7s %9s %9s %7s\n' size codec frames meshgrad ffmpeg ratio
for config in "${configs[@]}"; do
    IFS=: read -r size seconds codecs <<<"$config"
    for codec in ${codecs//,/ }; do
        case $codec in vp9) ext=webm ;; prores) ext=mov ;; *) ext=mp4 ;; esac
        out="$work/out.$ext"
        frames=$(echo "$seconds * 30 / 1" | bc)
        # The same frames and arguments, captured once, for ffmpeg alone.
        CAPTURE="$work/capture" PATH="$work/bin:$PATH" "$BIN/meshgrad" animate --preset "$PRESET" \
            --duration "$seconds" --fps 30 --size "$size" --backend "$BACKEND" --codec "$codec" --quiet \
            -o "$work/capture.$ext" 2>/dev/null || true
        mapfile -t args < "$work/capture.args"
        for i in "${!args[@]}"; do
            [ "${args[$i]}" = pipe:0 ] && args[$i]="$work/capture.raw"
        done
        args[$(( ${#args[@]} - 1 ))]="$work/floor.$ext"
        mines=() floors=() ratios=()
        for _ in $(seq "$REPEAT"); do
            start=$(now)
            "$BIN/meshgrad" animate --preset "$PRESET" --duration "$seconds" --fps 30 --size "$size" \
                --backend "$BACKEND" --codec "$codec" --quiet -o "$out"
            mine=$(echo "$(now) - $start" | bc)
            start=$(now)
            ffmpeg "${args[@]}" 2>/dev/null
            floor=$(echo "$(now) - $start" | bc)
            rm -f "$work"/floor.* "$out"
            mines+=("$mine") floors+=("$floor") ratios+=("$(echo "$mine / $floor" | bc -l)")
        done
        rm -f "$work/capture.raw"
        mine=$(median "${mines[@]}") floor=$(median "${floors[@]}")
        printf '%-9s %-7s %7d %7.1f/s %7.1f/s %6.2fx\n' "$size" "$codec" "$frames" \
            "$(echo "$frames / $mine" | bc -l)" "$(echo "$frames / $floor" | bc -l)" "$(median "${ratios[@]}")"
    done
done
