#!/usr/bin/env bash
# The repository says how things are, not how they came to be: no file git
# tracks (or would: new, not ignored) but CHANGELOG.md, binary files aside,
# may cite a work item or a milestone by number, or a working session.
# Prints each hit as path:line: text and exits 1 if there is one; silent,
# status 0, if none.
#
#   Scripts/check-no-diary.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# Each pattern is built from pieces so that this file does not match itself.
patterns=(
    '\bst''op[ -]#?[0-9]+'                 # a numbered milestone
    '\biss''ues?[ -]#?[0-9]+'              # a tracker item
    '\bwa''ve [0-9]+\b'                   # a numbered wave of work
    '\b(this|that|last|next) ses''sion\b' # a working session
)
pattern=$(IFS='|' && echo "${patterns[*]}")

# Tracked files, and new ones not yet added (not the ignored), as they are
# in the working tree (a deleted one is skipped); -I leaves binary files out.
hits=$(git ls-files -z --cached --others --exclude-standard -- . ':!CHANGELOG.md' \
    | xargs -0 -r grep -s -n -H -I -i -E -e "$pattern" -- || true)
if [ -n "$hits" ]; then
    printf '%s\n' "$hits"
    exit 1
fi
