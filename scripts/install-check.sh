#!/bin/sh
# Installs the build into a temporary prefix, then builds programs against the installed files
# alone: a C one through pkg-config, run on Jam 1 (8 moves); each component's program through
# find_package(rushhour COMPONENTS ...), built alone with the packages the others need out of
# reach (the core's with neither pkg-config, cJSON nor SQLite), and each .pc file read so too;
# and a bank consumer both ways, which must pick from the installed bank what the installed
# `rushhour bank pick` picks. Usage: scripts/install-check.sh [BUILD_DIR] (default build).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rushhour-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() {
    echo "install-check: $*" >&2
    exit 1
}
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

# Each component alone, with only the pkg-config packages it needs reachable (none for the
# core, which must not even look for pkg-config): through its .pc file, static link included,
# and through find_package, its program built and run.
for component in core:rushhour: json:rushhour-json:libcjson bank:rushhour-bank:sqlite3; do
    name=${component%%:*}
    pc=${component#*:}
    needs=${pc#*:}
    pc=${pc%%:*}
    only=$tmp/pc-$name
    mkdir "$only"
    [ -z "$needs" ] || ln -s "$(pkg-config --variable=pcfiledir "$needs")/$needs.pc" "$only/"
    PKG_CONFIG_LIBDIR=$only pkg-config --cflags --libs --static "$pc" >/dev/null ||
        fail "$pc.pc needs more than ${needs:-nothing}"
    no_pkg_config=
    [ -n "$needs" ] || no_pkg_config=-DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON
    PKG_CONFIG_LIBDIR=$only cmake -S examples/library -B "$tmp/cmake-$name" \
        -DRUSHHOUR_EXAMPLES="$name" -DCMAKE_PREFIX_PATH="$prefix" $no_pkg_config \
        -DCMAKE_CXX_COMPILER=g++ -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" \
        -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >"$tmp/cmake-$name.log" 2>&1 ||
        fail "find_package(rushhour COMPONENTS $name) with only ${needs:-nothing}: $(cat "$tmp/cmake-$name.log")"
    cmake --build "$tmp/cmake-$name" >/dev/null
    echo "install-check: find_package(rushhour COMPONENTS $name) and $pc.pc need ${needs:-nothing}"
done
core_out=$("$tmp/cmake-core/solve" < examples/jam01.txt)
echo "install-check: C through find_package: $core_out"
case $core_out in *"solved in 8 moves:"*) ;; *) echo "install-check: C consumer failed" >&2; exit 1 ;; esac
cpp_out=$("$tmp/cmake-json/solve-cpp" < examples/jam01.json)
echo "install-check: C++ through find_package: $(echo "$cpp_out" | cut -c1-100)..."
case $cpp_out in *'"move_count":8'*) ;; *) echo "install-check: C++ consumer failed" >&2; exit 1 ;; esac

bank=$prefix/share/rushhour/bank.sqlite
cli_pick=$("$prefix/bin/rushhour" bank pick "$bank" --min-moves 20 --max-moves 20 --seed 7)
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/library/bank.c \
    $(pkg-config --cflags --libs rushhour-bank) -o "$tmp/bank-c"
for how in pkg-config find_package; do
    consumer=$tmp/bank-c
    [ "$how" = pkg-config ] || consumer=$tmp/cmake-bank/bank
    bank_out=$("$consumer" "$bank" 20 7)
    echo "install-check: bank from C through $how: $bank_out"
    case $bank_out in 20\ *) ;; *) echo "install-check: bank consumer failed" >&2; exit 1 ;; esac
    [ "$bank_out" = "$cli_pick" ] || {
        echo "install-check: the consumer picked '$bank_out', the CLI '$cli_pick'" >&2
        exit 1
    }
done
echo "install-check: ok"
