#!/bin/sh
# Installs the build into a temporary prefix, then builds two programs against the installed
# files alone: a C one through pkg-config and a C++ one (g++) through find_package(rushhour),
# and runs both on Jam 1 (8 moves). Usage: scripts/install-check.sh [BUILD_DIR] (default build).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rushhour-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name librushhour.so -print -quit)")
for f in "$prefix/bin/rushhour" "$prefix/bin/rushhourd" "$libdir/librushhour.a" \
    "$libdir/librushhour.so.0" "$libdir/librushhour-json.so.0" "$prefix/include/rushhour/rushhour.h"; do
    [ -e "$f" ] || { echo "install-check: $f was not installed" >&2; exit 1; }
done
soname=$(objdump -p "$libdir/librushhour.so" | awk '/SONAME/ {print $2}')
[ "$soname" = librushhour.so.0 ] || { echo "install-check: soname is '$soname'" >&2; exit 1; }

export PKG_CONFIG_PATH="$libdir/pkgconfig" LD_LIBRARY_PATH="$libdir"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/library/solve.c $(pkg-config --cflags --libs rushhour) \
    -o "$tmp/solve-c"
c_out=$("$tmp/solve-c" < examples/jam01.txt)
echo "install-check: C through pkg-config: $c_out"
case $c_out in *"solved in 8 moves:"*) ;; *) echo "install-check: C consumer failed" >&2; exit 1 ;; esac

cmake -S examples/library -B "$tmp/cpp" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER=g++ \
    -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" >/dev/null
cmake --build "$tmp/cpp" >/dev/null
cpp_out=$("$tmp/cpp/solve-cpp" < examples/jam01.json)
echo "install-check: C++ through find_package: $(echo "$cpp_out" | cut -c1-100)..."
case $cpp_out in *'"move_count":8'*) ;; *) echo "install-check: C++ consumer failed" >&2; exit 1 ;; esac
echo "install-check: ok"
