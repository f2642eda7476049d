#!/bin/sh
# Installs the build into a temporary prefix, then builds programs against the installed files
# alone: a C one through pkg-config and a C++ one (g++) through find_package(rushhour), run on
# Jam 1 (8 moves), and a bank consumer both ways, which must pick from the installed sample
# bank what the installed `rushhour bank pick` picks. Usage: scripts/install-check.sh [BUILD_DIR]
# (default build).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rushhour-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name librushhour.so -print -quit)")
for f in "$prefix/bin/rushhour" "$prefix/bin/rushhourd" "$libdir/librushhour.a" \
    "$libdir/librushhour.so.0" "$libdir/librushhour-json.so.0" "$libdir/librushhour-bank.a" \
    "$libdir/librushhour-bank.so.0" "$prefix/include/rushhour/rushhour.h" \
    "$prefix/include/rushhour/bank.h" "$prefix/include/rushhour/random.h"; do
    [ -e "$f" ] || { echo "install-check: $f was not installed" >&2; exit 1; }
done
for lib in librushhour librushhour-json librushhour-bank; do
    soname=$(objdump -p "$libdir/$lib.so" | awk '/SONAME/ {print $2}')
    [ "$soname" = "$lib.so.0" ] || { echo "install-check: $lib's soname is '$soname'" >&2; exit 1; }
done
# Only the public API leaves the bank's shared library: its internals are rh__bank_*.
exported=$(nm -D --defined-only "$libdir/librushhour-bank.so" | awk '{print $3}')
if echo "$exported" | grep -qv '^rh_bank_'; then
    echo "install-check: librushhour-bank.so exports $(echo "$exported" | grep -v '^rh_bank_')" >&2
    exit 1
fi

export PKG_CONFIG_PATH="$libdir/pkgconfig" LD_LIBRARY_PATH="$libdir"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/library/solve.c $(pkg-config --cflags --libs rushhour) \
    -o "$tmp/solve-c"
c_out=$("$tmp/solve-c" < examples/jam01.txt)
echo "install-check: C through pkg-config: $c_out"
case $c_out in *"solved in 8 moves:"*) ;; *) echo "install-check: C consumer failed" >&2; exit 1 ;; esac

cmake -S examples/library -B "$tmp/cpp" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER=g++ \
    -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >/dev/null
cmake --build "$tmp/cpp" >/dev/null
cpp_out=$("$tmp/cpp/solve-cpp" < examples/jam01.json)
echo "install-check: C++ through find_package: $(echo "$cpp_out" | cut -c1-100)..."
case $cpp_out in *'"move_count":8'*) ;; *) echo "install-check: C++ consumer failed" >&2; exit 1 ;; esac

bank=$prefix/share/rushhour/bank.sqlite
cli_pick=$("$prefix/bin/rushhour" bank pick "$bank" --min-moves 20 --max-moves 20 --seed 7)
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/library/bank.c \
    $(pkg-config --cflags --libs rushhour-bank) -o "$tmp/bank-c"
for how in pkg-config find_package; do
    consumer=$tmp/bank-c
    [ "$how" = pkg-config ] || consumer=$tmp/cpp/bank
    bank_out=$("$consumer" "$bank" 20 7)
    echo "install-check: bank from C through $how: $bank_out"
    case $bank_out in 20\ *) ;; *) echo "install-check: bank consumer failed" >&2; exit 1 ;; esac
    [ "$bank_out" = "$cli_pick" ] || {
        echo "install-check: the consumer picked '$bank_out', the CLI '$cli_pick'" >&2
        exit 1
    }
done
echo "install-check: ok"
