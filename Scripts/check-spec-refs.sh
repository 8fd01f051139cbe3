#!/usr/bin/env bash
# Every "§N" a comment cites (mesh-math §4c, §8, mesh-math §§1–8) must name a
# section of Docs/mesh-math.md, and every file of Docs/ the code names must
# exist: a clone checks its own comments. Prints each dangling reference and
# exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."

sections=$(sed -n 's/^##* \([0-9][0-9]*[a-z]*\)\. .*/\1/p' Docs/mesh-math.md)
dirs=(Sources Tests Shaders Benchmarks Examples Docs)
existing=()
for d in "${dirs[@]}"; do [ -d "$d" ] && existing+=("$d"); done

status=0
count=0
# "§4c", and each end of a range "§§1–8".
while IFS=: read -r file line ref; do
    count=$((count + 1))
    if ! grep -qx "$ref" <<<"$sections"; then
        echo "$file:$line: §$ref is not a section of Docs/mesh-math.md"
        status=1
    fi
done < <(grep -rnoIE '§§?[0-9]+[a-z]?([–-][0-9]+[a-z]?)?' "${existing[@]}" \
    | sed -E 's/§§?//; s/^([^:]*):([0-9]*):([0-9]+[a-z]?)[–-]([0-9]+[a-z]?)$/\1:\2:\3\n\1:\2:\4/')

while IFS=: read -r file line name; do
    if [ ! -f "Docs/$name" ]; then
        echo "$file:$line: Docs/$name does not exist"
        status=1
    fi
done < <(grep -rnoIE '(mesh-math|document-format)\.md' "${existing[@]}" | grep -v '^Docs/')

[ "$status" -eq 0 ] && echo "spec references: $count § citations, all name a section of Docs/mesh-math.md"
exit "$status"
