#!/usr/bin/env bash
# The web export's figures: the <mesh-gradient> module's size (as served,
# and gzipped), the JavaScript's work per frame in node (the plan: animation,
# patch nets, tessellation level and vertices; the vertex buffer), and the
# frames a second headless Chromium draws of onboarding at 1280x720 over 5 s
# of requestAnimationFrame, on each of its software rasterizers. Called by
# Scripts/bench.sh; BIN names the folder holding meshgrad (.build/release).
#
#   BIN=.build/release Scripts/bench-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$BIN/meshgrad" code --lang js > "$work/mesh-gradient.js"
echo "module: $(wc -c < "$work/mesh-gradient.js") bytes, $(gzip -9 < "$work/mesh-gradient.js" | wc -c) gzipped (gzip -9)"

# The module without the element (node has no DOM), exporting what a frame calls.
"$BIN/meshgrad" presets onboarding > "$work/onboarding.json"
node - "$work" <<'JS'
const fs = require("fs");
const folder = process.argv[2];
let source = fs.readFileSync(`${folder}/mesh-gradient.js`, "utf8")
    .replace(/const MeshGradientElement = class extends HTMLElement[\s\S]*?\n};\n/, "")
    .replace(/if \(!customElements[^\n]*\n/, "").replace(/export \{[^\n]*\n/, "");
fs.writeFileSync(`${folder}/core.mjs`, source + "\nexport { readMeshDocument, animatedMeshAt, renderPlan, meshGeomVertices };\n");
import(`${folder}/core.mjs`).then((m) => {
    const document = m.readMeshDocument(JSON.parse(fs.readFileSync(`${folder}/onboarding.json`, "utf8")));
    const plans = [];
    const geometry = [];
    for (let k = 0; k < 70; k++) {
        const start = performance.now();
        const plan = m.renderPlan(m.animatedMeshAt(document.animatedMesh, k / 30), 1280, 720);
        const planned = performance.now();
        m.meshGeomVertices(plan);
        if (k >= 10) {
            plans.push(planned - start);
            geometry.push(performance.now() - planned);
        }
    }
    const median = (values) => values.sort((a, b) => a - b)[values.length >> 1].toFixed(2);
    console.log(`javascript per frame, onboarding at 1280x720 in node ${process.version}, median of 60: `
        + `plan ${median(plans)} ms, vertex buffer ${median(geometry)} ms`);
});
JS

cat > "$work/rate.html" <<HTML
<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; }</style></head><body>
<mesh-gradient style="width: 1280px; height: 720px"><script type="application/json">$(cat "$work/onboarding.json")</script></mesh-gradient>
<script type="module" src="mesh-gradient.js"></script>
<script type="module">
const element = document.querySelector("mesh-gradient");
await new Promise((done) => element.addEventListener("meshgradientframe", done, { once: true }));
const start = performance.now();
const frames = element.framesDrawn;
await new Promise((done) => setTimeout(done, 5000));
document.title = "done " + ((element.framesDrawn - frames) / ((performance.now() - start) / 1000)).toFixed(1);
</script></body></html>
HTML
if ! command -v chromium >/dev/null; then
    echo "(chromium not installed: frame rate skipped)"
    exit 0
fi
port=9400
for backend in "llvmpipe --use-angle=gl-egl --ignore-gpu-blocklist" "swiftshader --use-angle=swiftshader --enable-unsafe-swiftshader"; do
    name=${backend%% *}
    port=$((port + 1))
    # Its own temporary folders in ours: killed, it leaves them behind.
    # shellcheck disable=SC2086
    TMPDIR="$work" chromium --headless --no-sandbox --hide-scrollbars --window-size=1280,720 --force-device-scale-factor=1 \
        --allow-file-access-from-files --user-data-dir="$work/profile-$name" --remote-debugging-port=$port \
        ${backend#* } "file://$work/rate.html" >/dev/null 2>&1 &
    browser=$!
    fps=""
    for _ in $(seq 1 120); do
        sleep 0.25
        fps=$(curl -s "http://127.0.0.1:$port/json/list" | python3 -c '
import json, sys
titles = [t.get("title", "") for t in json.load(sys.stdin)]
print(next((t[5:] for t in titles if t.startswith("done ")), ""))' 2>/dev/null || true)
        [ -n "$fps" ] && break
    done
    kill "$browser" 2>/dev/null || true
    wait "$browser" 2>/dev/null || true
    echo "headless chromium, onboarding at 1280x720, WebGL2 on $name: ${fps:-no report} frames a second"
done
