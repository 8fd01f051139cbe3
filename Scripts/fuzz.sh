#!/usr/bin/env bash
# Fuzzes the document decoder, the validation layer and a 16×16 CPU render
# at a fuzzed time (Fuzz/FuzzDocument.swift) with libFuzzer and the address
# sanitizer, for SECONDS seconds (default 60).
#
#   Scripts/fuzz.sh SECONDS [CORPUS_DIR]
#
# The corpus (default .build-fuzz/corpus, outside git) starts from every
# preset, at a few times, and Fuzz/seeds/. Crashes are written to
# .build-fuzz/crashes/ (FUZZ_ARTIFACTS overrides); keep each one as a
# regression test in Tests/MeshGradDocumentTests/FuzzCrashes/. The exit
# status is libFuzzer's: 0 when no input crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
corpus=${2:-.build-fuzz/corpus}
artifacts=${FUZZ_ARTIFACTS:-.build-fuzz/crashes}
build=.build-fuzz
mkdir -p "$corpus" "$artifacts"

# The package's modules, instrumented for coverage and address-checked
# (not -sanitize=fuzzer: that would give the build-tool executables
# libFuzzer's main too).
modules=(MeshGradCore MeshGradDocument MeshGradText MeshGradPNG MeshGradLossy MeshGradExport MeshGradGL MeshGradPipeline)
swift build --build-path "$build" --target MeshGradPipeline \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table >&2
objects=()
for module in "${modules[@]}"; do objects+=("$build"/debug/"$module".build/*.o); done
includes=()
for c in CEpoxy CGLFW CPNG CZlib CDeflate CFreeType CTurboJPEG CWebP CAVIF CLCMS2 CPipe CMalloc; do includes+=(-Xcc -fmodule-map-file=Sources/$c/module.modulemap); done
swiftc -sanitize=fuzzer,address -parse-as-library -g Fuzz/FuzzDocument.swift \
    -I "$build/debug/Modules" "${includes[@]}" -Xcc -I/usr/include/freetype2 -Xcc -I/usr/include/libpng16 \
    "${objects[@]}" -lepoxy -lglfw -lfreetype -lpng16 -lz -ldeflate -lturbojpeg -lwebp -lwebpmux -llcms2 -o "$build/meshgrad-fuzz"

# Seeds: the presets (as `meshgrad presets NAME` prints them) at time 0, 1.5
# and a large time, and the hand-made seeds (MESHGRAD names a built
# meshgrad to print them with; by default the package's debug build).
if [ -z "$(ls -A "$corpus")" ]; then
    bin=${MESHGRAD:-$(swift build --show-bin-path)/meshgrad}
    [ -x "$bin" ] || swift build --product meshgrad >&2
    for name in $("$bin" presets | awk '{print $1}'); do
        for t in 0 1.5 100000; do
            { echo "#time $t"; "$bin" presets "$name"; } >"$corpus/preset-$name-$t.json"
        done
    done
fi

# One fuzzing process (-fork=1) so that a slow input (a timeout, kept in
# the artifacts) does not end the run; a crash or an out-of-memory does.
exec "$build/meshgrad-fuzz" "$corpus" Fuzz/seeds -fork=1 -ignore_timeouts=1 -max_total_time="$seconds" \
    -max_len=8192 -rss_limit_mb=2048 -timeout=120 -print_final_stats=1 -artifact_prefix="$artifacts/"
