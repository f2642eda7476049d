#!/bin/sh
# Builds the solver library as WebAssembly: the core (src/core/), the solver (src/solve/) and
# the glue (src/wasm/), compiled by clang 14 for wasm32-wasi as a reactor module (no main; the
# page or node calls its exports), into web/engine/rushhour.wasm, and writes its provenance
# (web/engine/rushhour.wasm.txt: the toolchain, the flags, the module's sha256 and a digest of
# every input file). The build is reproducible: no debug information, source paths mapped to
# ".", objects linked in a fixed order; so the same tree and toolchain give the same bytes.
#
#   scripts/build-wasm.sh [--check]
#
# With --check nothing committed changes: the module is built into a temporary folder and the
# script fails unless it equals the committed one byte for byte and its gzipped size is at most
# 300 KB (issue #40). scripts/test.sh runs that. Needs clang 14, lld (wasm-ld), wasi-libc and
# libclang-rt-14-dev-wasm32 (scripts/install-deps.sh --test); the run build needs none of them:
# the built module is committed.
set -eu
cd "$(dirname "$0")/.."
CHECK=0
case "${1:-}" in
"") ;;
--check) CHECK=1 ;;
*) echo "usage: scripts/build-wasm.sh [--check]" >&2; exit 2 ;;
esac

fail() {
    echo "build-wasm: $*" >&2
    exit 1
}
CC=clang-14
command -v "$CC" >/dev/null 2>&1 || CC=clang
command -v "$CC" >/dev/null 2>&1 || fail "clang is missing: run scripts/install-deps.sh --test"
command -v wasm-ld >/dev/null 2>&1 || fail "wasm-ld is missing: run scripts/install-deps.sh --test"

# The library's exports the ES module calls (web/engine/solver.js), and the allocator's.
EXPORTS="malloc free rh_wasm_offsets rh_diags_init rh_puzzle_check_indexed rh_puzzle_find
rh_id_char rh_parse_text_board rh_parse_board rh_parse_grid rh_parse_grid_text
rh_puzzle_id rh_puzzle_id_decode rh_puzzle_render rh_puzzle_apply rh_move_direction
rh_move_notation rh_solve rh_result_free rh_analyze rh_analysis_free rh_verify
rh_verify_reason_name rh_status_name rh_limit_name rh_metric_name rh_algorithm_name
rh_clock_us rh_metric_parse rh_algorithm_parse rh_direction_parse"
# 256 MiB at most: the default search budget (128 MiB, solver.js) and room for its peaks.
MAX_MEMORY=268435456
CFLAGS="--target=wasm32-wasi -std=c11 -O2 -DNDEBUG -D_POSIX_C_SOURCE=200809L
-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror -g0
-ffile-prefix-map=$PWD=. -Iinclude -Isrc/solve -Isrc/wasm"
SOURCES=$(ls src/core/*.c src/solve/*.c src/wasm/*.c | LC_ALL=C sort)

work=$(mktemp -d "${TMPDIR:-/tmp}/rushhour-wasm.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
objects=""
for src in $SOURCES; do
    obj="$work/$(echo "$src" | tr / _).o"
    # shellcheck disable=SC2086
    "$CC" $CFLAGS -MD -MF "$obj.d" -c "$src" -o "$obj" || fail "$src does not compile for wasm32-wasi"
    objects="$objects $obj"
done
LDFLAGS="-mexec-model=reactor -Wl,--strip-all -Wl,--max-memory=$MAX_MEMORY"
for name in $EXPORTS; do LDFLAGS="$LDFLAGS -Wl,--export=$name"; done
# shellcheck disable=SC2086
"$CC" $CFLAGS $LDFLAGS $objects -o "$work/rushhour.wasm" || fail "the link failed"

sum=$(sha256sum "$work/rushhour.wasm" | cut -d' ' -f1)
# The inputs: every file of the tree the compiler read (its dependency lists), and this script.
files=$(cat "$work"/*.d | tr ' \\' '\n\n' | grep -v -e '^$' -e ':$' -e '^/' | LC_ALL=C sort -u)
# shellcheck disable=SC2086
inputs=$(sha256sum $files scripts/build-wasm.sh | sha256sum | cut -d' ' -f1)
raw=$(wc -c <"$work/rushhour.wasm")
gz=$(gzip -9n <"$work/rushhour.wasm" | wc -c)
{
    echo "web/engine/rushhour.wasm: built by scripts/build-wasm.sh; do not edit by hand."
    echo "sha256 $sum"
    echo "bytes $raw (gzip -9: $gz)"
    echo "inputs sha256 $inputs ($(echo $files | wc -w) files the compiler read, and this script: sha256sum of each, piped to sha256sum)"
    echo "compiler $("$CC" --version | head -n 1)"
    echo "linker $(wasm-ld --version | head -n 1)"
    echo "wasi-libc $(dpkg-query -W -f='${Version}' wasi-libc 2>/dev/null || echo unknown)"
    echo "compiler-rt $(dpkg-query -W -f='${Version}' libclang-rt-14-dev-wasm32 2>/dev/null || echo unknown)"
    echo "cflags $(echo $CFLAGS | sed "s|$PWD|<tree>|g")"
    echo "ldflags $(echo "$LDFLAGS" | sed 's/ -Wl,--export=[a-z_0-9]*//g') and --export= for: $(echo $EXPORTS)"
} >"$work/rushhour.wasm.txt"

if [ "$CHECK" = 1 ]; then
    [ "$gz" -le 300000 ] || fail "the module is $gz bytes gzipped: more than 300 KB"
    cmp -s "$work/rushhour.wasm" web/engine/rushhour.wasm ||
        fail "web/engine/rushhour.wasm is not what the tree builds: run scripts/build-wasm.sh and commit it"
    cmp -s "$work/rushhour.wasm.txt" web/engine/rushhour.wasm.txt ||
        fail "web/engine/rushhour.wasm.txt is not what the tree builds: run scripts/build-wasm.sh and commit it"
    echo "build-wasm: web/engine/rushhour.wasm is what the tree builds ($raw bytes, $gz gzipped)"
else
    mkdir -p web/engine
    cp "$work/rushhour.wasm" "$work/rushhour.wasm.txt" web/engine/
    echo "build-wasm: web/engine/rushhour.wasm, $raw bytes ($gz gzipped), sha256 $sum"
fi
