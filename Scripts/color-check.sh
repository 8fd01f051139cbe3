#!/usr/bin/env bash
# Runs Scripts/color-check.py (wide-gamut PNGs against colour-science) with
# colour-science from PyPI in a virtual environment of its own under .build/
# (made on the first run; needs python3-venv and the network once).
#
#   Scripts/color-check.sh                      # with .build/release/meshgrad
#   Scripts/color-check.sh .build/debug/meshgrad
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/meshgrad}
venv=.build/colour-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import colour' 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'colour-science>=0.4.4'
fi
"$venv/bin/python" Scripts/color-check.py "$binary"
