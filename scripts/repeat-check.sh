#!/bin/sh
# The repeat check: no run of six or more lines in src/ repeats another, the same shape with
# other names included (CONTRIBUTING.md: no near-copies). jscpd, pinned in package.json, reads
# .jscpd.json; scripts/repeat-check.mjs drives it with names blinded and prints every repeated
# run as `FILE:LINES repeats FILE:LINES`. Nothing is ignored: a run it prints becomes one piece.
#
#   scripts/repeat-check.sh [path...]     (default: .jscpd.json's paths, src/)
#
# Only src/ is held to it: tests/ repeats the shape of a Criterion case on purpose (a case reads
# best whole), fuzz/ is pointed at by hand (`scripts/repeat-check.sh fuzz`), and web/ is
# JavaScript, which this C check does not read.
#
# Needs node 18.18+ and npm (scripts/install-deps.sh --test); installs the pinned npm packages when
# they are missing or older than package-lock.json (only the npm registry is contacted).
set -eu
cd "$(dirname "$0")/.."
command -v node >/dev/null 2>&1 || { echo "repeat-check: node is missing: run scripts/install-deps.sh --test" >&2; exit 1; }
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "== npm ci (the versions pinned in package-lock.json)"
    npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
fi
exec node scripts/repeat-check.mjs "$@"
