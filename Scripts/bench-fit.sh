#!/usr/bin/env bash
# meshgrad fit against the k-means-palette-on-a-grid baseline on five photos:
# two that Debian's inkscape ships, ImageMagick's built-in rose: (scaled x4)
# and two seeded plasma: fractals. Prints PSNR (dB, against the blurred
# photo) and the time of each fit, at 4x4 and 6x6, with and without
# --positions. Needs ImageMagick (convert) and, for the first two, inkscape.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product meshgrad >/dev/null
bin=.build/release/meshgrad
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
convert rose: -resize 400% "$work/rose.png"
convert -seed 5 -size 480x320 plasma:fractal -blur 0x3 "$work/plasma5.jpg"
convert -seed 11 -size 480x320 plasma:orange-purple -blur 0x2 "$work/plasma11.png"
photos=("$work/rose.png" "$work/plasma5.jpg" "$work/plasma11.png")
for p in /usr/share/inkscape/pixmaps/ticotico.jpg /usr/share/inkscape/screens/start-splash.png; do
    [ -f "$p" ] && photos=("$p" "${photos[@]}")
done
printf '%-20s %-5s %-12s %8s %8s %8s\n' photo grid mode fitted baseline seconds
for photo in "${photos[@]}"; do
    for grid in 4x4 6x6; do
        for mode in colors --positions; do
            flag=()
            [ "$mode" = --positions ] && flag=(--positions)
            out=$("$bin" fit "$photo" --grid "$grid" "${flag[@]}" --baseline -o "$work/fit.json" 2>&1)
            fitted=$(grep document <<<"$out" | awk '{print $3}')
            baseline=$(grep baseline <<<"$out" | awk '{print $3}')
            seconds=$(sed -nE 's/.*fitted in ([0-9.]+) s.*/\1/p' <<<"$out")
            printf '%-20s %-5s %-12s %8s %8s %8s\n' "$(basename "$photo")" "$grid" "$mode" "$fitted" "$baseline" "$seconds"
        done
    done
done
