#!/bin/sh
# The WebAssembly module's suite, tests/wasm/ under node's test runner (`npm run test:wasm`): the
# committed web/engine/rushhour.wasm, loaded through web/engine/solver.js, answers the reference
# puzzles of tests/data/ (solve, hint, analyze, verify; moves and slides) as the native CLI of
# the same tree does, node counts included; gives the server's problem documents for bad input
# and node budgets; and stops at its memory budget with the server's problem. Loopback only.
# That the committed module is what the tree builds is scripts/build-wasm.sh --check's part.
#
#   scripts/wasm-check.sh [build dir]     (default: build; its rushhour and rushhourd)
#
# Needs node 18.18+ and npm (scripts/install-deps.sh --test) and a built tree (scripts/build.sh).
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}

fail() {
    echo "wasm-check: $*" >&2
    exit 1
}

command -v node >/dev/null 2>&1 || fail "node is missing: run scripts/install-deps.sh --test"
command -v npm >/dev/null 2>&1 || fail "npm is missing: run scripts/install-deps.sh --test"
for bin in rushhour rushhourd; do
    [ -x "$BUILD/$bin" ] || fail "no $bin in $BUILD: run scripts/build.sh first"
done
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "== npm ci (the versions pinned in package-lock.json)"
    npm ci --no-audit --no-fund --ignore-scripts --loglevel=error || fail "npm ci failed"
fi

echo "== WebAssembly suite: tests/wasm/ against $BUILD/rushhour and $BUILD/rushhourd (node $(node --version))"
RH_CLI=$BUILD/rushhour RHD_BIN=$BUILD/rushhourd node --test --test-reporter=spec tests/wasm/ ||
    fail "the WebAssembly suite failed"
echo "wasm-check: the module answers as the native library and the server do"
