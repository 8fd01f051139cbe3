#!/usr/bin/env bash
# A shader and its Swift twin (the CPU code computing the same thing) share a
# file stem, as vello's do, and each names the other, so a reader holds the
# two side by side. Prints each broken pair and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."

twins=(
    "Shaders/finish.frag Sources/MeshGradCore/Render/Finish.swift"
    "Shaders/quantize.glsl Sources/MeshGradCore/Render/Quantize.swift"
    "Shaders/shadow.frag Sources/MeshGradCore/Scene/Shadow.swift"
    "Shaders/shape.glsl Sources/MeshGradCore/Scene/Shape.swift"
    "Shaders/material.glsl Sources/MeshGradCore/Scene/Material.swift"
    "Shaders/mesh.geom Sources/MeshGradCore/Render/MeshGeom.swift"
    "Shaders/grain.glsl Sources/MeshGradCore/Render/Grain.swift"
)
status=0
for pair in "${twins[@]}"; do
    read -r shader swift <<<"$pair"
    for f in "$shader" "$swift"; do
        [ -f "$f" ] || { echo "$f: missing (twin pair: $pair)"; status=1; continue 2; }
    done
    # The stems match: finish.frag <-> Finish.swift, mesh.geom <-> MeshGeom.swift.
    stem=$(basename "$shader" | sed -E 's/\.(frag|vert|geom)$/.\1/; s/\.glsl$//; s/\.(frag|vert)$//; s/\.geom$/geom/')
    swiftStem=$(basename "$swift" .swift)
    if [ "${stem,,}" != "${swiftStem,,}" ]; then
        echo "$shader <-> $swift: stems differ ($stem, $swiftStem)"
        status=1
    fi
    grep -q "$(basename "$shader")" "$swift" || { echo "$swift does not name its twin $(basename "$shader")"; status=1; }
    grep -q "$(basename "$swift")" "$shader" || { echo "$shader does not name its twin $(basename "$swift")"; status=1; }
done
[ "$status" -eq 0 ] && echo "twins: ${#twins[@]} shader/Swift pairs share their stems and name each other"
exit "$status"
