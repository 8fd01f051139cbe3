#!/usr/bin/env bash
# Builds the DocC archive of every public module into .build/docs/ (one
# .doccarchive each, static HTML that `docc preview` or any web server
# shows). Symbol graphs come from the debug build's modules through
# `swift symbolgraph-extract`; the getting-started article is in the
# MeshGrad catalog, and Docs/mesh-math.md and Docs/document-format.md are
# added to it as articles. Fails on any DocC warning (a symbol link that
# resolves to nothing, a missing page), so CI keeps the docs whole.
#
#   Scripts/docs.sh [MODULE...]     (default: every public module)
set -euo pipefail
cd "$(dirname "$0")/.."

modules=("$@")
if ((${#modules[@]} == 0)); then
    modules=(MeshGrad MeshGradCore MeshGradDocument MeshGradPipeline MeshGradPNG MeshGradGL MeshGradExport MeshGradText MeshGradWeb)
fi
out=.build/docs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build --target MeshGrad >/dev/null
swift build --target MeshGradExport >/dev/null
swift build --target MeshGradWeb >/dev/null
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)
includes=()
for c in CPNG CZlib CDeflate CBitGather CEpoxy CGLFW CFreeType CMalloc CPipe CWebP CLCMS2 CAVIF CTurboJPEG; do includes+=(-I "Sources/$c"); done
for flag in $(pkg-config --cflags-only-I freetype2 epoxy glfw3 libpng zlib libwebp lcms2 libavif); do includes+=(-Xcc "$flag"); done
# The C target MeshGradGL imports, through the module map SwiftPM made for it.
includes+=(-Xcc "-fmodule-map-file=$bin/MeshGradGLLibraries.build/module.modulemap")

mkdir -p "$out"
status=0
for module in "${modules[@]}"; do
    graphs="$work/$module-graphs"
    mkdir -p "$graphs"
    swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" "${includes[@]}" -target "$triple" \
        -minimum-access-level public -output-dir "$graphs"
    catalog="$work/$module.docc"
    cp -r "Sources/$module/$module.docc" "$catalog"
    if [ "$module" = MeshGrad ]; then cp Docs/mesh-math.md Docs/document-format.md "$catalog/"; fi
    log="$work/$module.log"
    docc convert "$catalog" --additional-symbol-graph-dir "$graphs" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.meshgrad.$module" --output-path "$out/$module.doccarchive" \
        >"$log" 2>&1 || status=1
    if grep -q "warning:\|error:" "$log"; then
        grep "warning:\|error:" "$log"
        status=1
    fi
    echo "$module: $out/$module.doccarchive"
done
exit "$status"
