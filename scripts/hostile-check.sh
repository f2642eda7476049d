#!/bin/sh
# The hostile-input and soak checks of rushhourd, against the real binary on 127.0.0.1:
#   tests/hostile/hostile.mjs  malformed framing, oversize and deep bodies, absurd values,
#                              search-space explosions, slowloris, dropped connections,
#                              pipelining, header floods, garbage (about 30 s);
#   tests/hostile/soak.mjs     16 clients at saturation for SOAK_SECONDS (default 60) with the
#                              server's RSS sampled every second;
#   tests/hostile/slow.mjs     slowloris, slow bodies and slow readers from six loopback
#                              addresses for SLOW_SECONDS (default 30) while the admin port's
#                              probes and an honest client must keep being answered;
#   tests/hostile/floods.mjs   floods of tiny analyses and of bank hand-outs must leave a played
#                              puzzle's table and the day's in place (about 5 s; needs the
#                              served bank beside the binary).
# Each prints its table; the script fails if any fails.
#
#   scripts/hostile-check.sh [path to rushhourd]      (default: build/rushhourd)
#
# SOAK_SECONDS=N sets the soak's length. HOSTILE_SLOW=1 loosens timing bounds (not assertions)
# for slow builds; it is set by itself for a binary built with AddressSanitizer, and then
# ASAN_OPTIONS (default: leak detection, abort on error) gets a 16 MiB quarantine unless it sets
# one, so that the soak's RSS bounds still mean something.
# Needs node 18+ (no npm packages).
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-build/rushhourd}

fail() {
    echo "hostile-check: $*" >&2
    exit 1
}

command -v node >/dev/null 2>&1 || fail "node is missing: run scripts/install-deps.sh --test"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' ||
    fail "node $(node --version) is too old: 18 or newer is needed"
[ -x "$BIN" ] || fail "no server binary at $BIN: run scripts/build.sh first"

if grep -q __asan_init "$BIN" 2>/dev/null; then
    export HOSTILE_SLOW="${HOSTILE_SLOW:-1}"
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
    # ASan's default quarantine (256 MiB of freed memory) would count in the soak's RSS.
    case $ASAN_OPTIONS in
    *quarantine_size_mb*) ;;
    *) ASAN_OPTIONS="$ASAN_OPTIONS:quarantine_size_mb=16" ;;
    esac
    export ASAN_OPTIONS
    export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
    echo "hostile-check: $BIN is a sanitizer build: HOSTILE_SLOW=$HOSTILE_SLOW ASAN_OPTIONS=$ASAN_OPTIONS"
fi

export SOAK_SECONDS="${SOAK_SECONDS:-60}" SLOW_SECONDS="${SLOW_SECONDS:-30}"
failed=""
times=""
for part in hostile soak slow floods; do
    echo "== $part: node tests/hostile/$part.mjs $BIN"
    t0=$(date +%s)
    node "tests/hostile/$part.mjs" "$BIN" || failed="$failed $part"
    times="$times $part $(($(date +%s) - t0)) s,"
done
echo "hostile-check:${times%,}"
[ -z "$failed" ] || fail "failed:$failed ($BIN)"
echo "hostile-check: passed ($BIN)"
