#!/bin/sh
# The playground: first the unit tests of its pure modules (tests/web/: the puzzle forms, the
# move rules and the move count, the share link's fragment, under node's test runner,
# `npm run test:web`), then the page end to end in a real browser: tests/browser/ starts the
# real server, drives Debian's Chromium headless through playwright-core (npm, pinned in
# package-lock.json; it never downloads a browser of its own), solves and animates a puzzle,
# plays Jam 1 by hand (mouse, touch, keyboard), checks the field errors of an invalid one,
# analyses, hints and generates, loads puzzles from the bank (by difficulty, of the day), opens
# share links (a bank id, a board, an unknown id), plays offline (network off, reload: the
# board, a hint equal to the server's, Solve from here, the offline pack; the service worker's
# update), measures the layout at 390x844 and 1280x900, runs axe-core (npm, pinned too) on
# every view, and saves build/playground*.png.
# Loopback only.
#
#   scripts/browser-check.sh [path to rushhourd]     (default: build/rushhourd)
#
# Needs node 18.17+ and npm, and Debian's chromium package (scripts/install-deps.sh --test), and a
# built server (scripts/build.sh).
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-build/rushhourd}
CHROMIUM=/usr/bin/chromium

fail() {
    echo "browser-check: $*" >&2
    exit 1
}

command -v node >/dev/null 2>&1 || fail "node is missing: run scripts/install-deps.sh --test"
command -v npm >/dev/null 2>&1 || fail "npm is missing: run scripts/install-deps.sh --test"

echo "== unit tests of the page's pure modules: tests/web/ (node $(node --version))"
node --test --test-reporter=spec tests/web/ || fail "the playground's unit tests failed"

[ -x "$CHROMIUM" ] || fail "$CHROMIUM is missing: run scripts/install-deps.sh --test (Debian's chromium package)"
[ -x "$BIN" ] || fail "no server binary at $BIN: run scripts/build.sh first"
echo "browser-check: node $(node --version), $("$CHROMIUM" --version 2>/dev/null | head -n 1), server $BIN"

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "== npm ci (the versions pinned in package-lock.json)"
    npm ci --no-audit --no-fund --ignore-scripts --loglevel=error || fail "npm ci failed"
fi
for module in playwright-core axe-core; do
    [ -f node_modules/$module/package.json ] ||
        fail "$module is not installed: delete node_modules and run this again"
done

echo "== browser suite: tests/browser/ against $BIN"
RHD_BIN=$BIN node --test --test-reporter=spec tests/browser/ || fail "the browser suite failed"
echo "browser-check: the playground works in Chromium (screenshots: build/playground*.png)"
