#!/bin/sh
# Installs the build into a temporary prefix, then builds programs against the installed files
# alone. The commands docs/library.md gives for a prefix run here word for word (the doc test
# holds the page to these lines), from a scratch folder that holds build/ and examples/ as the
# repository's root does, with no LD_LIBRARY_PATH but where the page sets it:
# - the C program built with the page's plain pkg-config line stops at start, as the page says,
#   until the library's folder is on the run-time linker's path (LD_LIBRARY_PATH; under
#   /usr/local, ldconfig's cache, whose folders are checked on Debian), and built with the
#   page's rpath it runs with nothing set; both solve Jam 1 (8 moves);
# - each component's program through find_package(rushhour COMPONENTS ...), built alone with
#   the packages the others need out of reach (the core's with neither pkg-config, cJSON nor
#   SQLite), and each .pc file read so too;
# - the bank consumer, both ways, must pick from the installed bank what the installed
#   `rushhour bank pick` picks.
# Usage: scripts/install-check.sh [BUILD_DIR] (default build).
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
build=$(cd "${1:-build}" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rushhour-install.XXXXXX")
tmp=$(cd "$tmp" && pwd)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() {
    echo "install-check: $*" >&2
    exit 1
}
unset LD_LIBRARY_PATH PKG_CONFIG_PATH PKG_CONFIG_LIBDIR
mkdir "$tmp/work"
ln -s "$build" "$tmp/work/build"
ln -s "$root/examples" "$tmp/work/examples"
cd "$tmp/work"
PREFIX=$tmp/prefix

cmake --install build --prefix "$PREFIX" >/dev/null
export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
libdir=$PREFIX/lib
for f in "$PREFIX/bin/rushhour" "$PREFIX/bin/rushhourd" "$libdir/librushhour.a" \
    "$libdir/librushhour.so.0" "$libdir/librushhour-json.so.0" "$libdir/librushhour-bank.a" \
    "$libdir/librushhour-bank.so.0" "$libdir/pkgconfig/rushhour.pc" \
    "$libdir/cmake/rushhour/rushhourConfig.cmake" "$PREFIX/include/rushhour/rushhour.h" \
    "$PREFIX/include/rushhour/bank.h" "$PREFIX/include/rushhour/random.h"; do
    [ -e "$f" ] || fail "$f was not installed (docs/library.md names \$PREFIX/lib)"
done
for lib in librushhour librushhour-json librushhour-bank; do
    soname=$(objdump -p "$libdir/$lib.so" | awk '/SONAME/ {print $2}')
    [ "$soname" = "$lib.so.0" ] || fail "$lib's soname is '$soname'"
done
# Only the public API leaves the bank's shared library: its internals are rh__bank_*.
exported=$(nm -D --defined-only "$libdir/librushhour-bank.so" | awk '{print $3}')
if echo "$exported" | grep -qv '^rh_bank_'; then
    fail "librushhour-bank.so exports $(echo "$exported" | grep -v '^rh_bank_')"
fi

# expect_jam1 HOW OUTPUT: the C consumer's answer on Jam 1.
expect_jam1() {
    echo "install-check: C through $1: $2"
    case $2 in *"solved in 8 moves:"*) ;; *) fail "the C consumer ($1) failed" ;; esac
}
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/library/solve.c $(pkg-config --cflags --libs rushhour) -o solve
if stopped=$(./solve < examples/jam01.txt 2>&1); then
    fail "a program built without an rpath ran with the library outside the linker's path"
fi
case $stopped in
*"librushhour.so.0: cannot open shared object file"*) ;;
*) fail "without the rpath the program stopped otherwise than docs/library.md says: $stopped" ;;
esac
expect_jam1 "pkg-config, LD_LIBRARY_PATH" "$(LD_LIBRARY_PATH="$PREFIX/lib" ./solve < examples/jam01.txt)"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/library/solve.c $(pkg-config --cflags --libs rushhour) -Wl,-rpath,"$PREFIX/lib" -o solve
expect_jam1 "pkg-config, rpath" "$(./solve < examples/jam01.txt)"
# Under /usr/local the page needs no rpath, only `ldconfig`: Debian's run-time linker caches
# /usr/local/lib and pkg-config reads /usr/local/lib/pkgconfig, as checked here.
if [ -e /etc/debian_version ]; then
    /sbin/ldconfig -v -N 2>/dev/null | grep -q '^/usr/local/lib:' ||
        fail "/usr/local/lib is not among the run-time linker's folders (/etc/ld.so.conf)"
    pkg-config --variable pc_path pkg-config | tr ':' '\n' | grep -qx /usr/local/lib/pkgconfig ||
        fail "/usr/local/lib/pkgconfig is not on pkg-config's default path"
fi

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
        -DRUSHHOUR_EXAMPLES="$name" -DCMAKE_PREFIX_PATH="$PREFIX" $no_pkg_config \
        -DCMAKE_CXX_COMPILER=g++ -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" \
        -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >"$tmp/cmake-$name.log" 2>&1 ||
        fail "find_package(rushhour COMPONENTS $name) with only ${needs:-nothing}: $(cat "$tmp/cmake-$name.log")"
    cmake --build "$tmp/cmake-$name" >/dev/null
    echo "install-check: find_package(rushhour COMPONENTS $name) and $pc.pc need ${needs:-nothing}"
done
expect_jam1 "find_package" "$("$tmp/cmake-core/solve" < examples/jam01.txt)"
cpp_out=$("$tmp/cmake-json/solve-cpp" < examples/jam01.json)
echo "install-check: C++ through find_package: $(echo "$cpp_out" | cut -c1-100)..."
case $cpp_out in *'"move_count":8'*) ;; *) fail "the C++ consumer failed" ;; esac

bank=$PREFIX/share/rushhour/bank.sqlite
cli_pick=$("$PREFIX/bin/rushhour" bank pick "$bank" --min-moves 20 --max-moves 20 --seed 7)
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/library/bank.c \
    $(pkg-config --cflags --libs rushhour-bank) -Wl,-rpath,"$PREFIX/lib" -o bank
for consumer in ./bank "$tmp/cmake-bank/bank"; do
    bank_out=$("$consumer" "$bank" 20 7)
    echo "install-check: bank from C ($consumer): $bank_out"
    case $bank_out in 20\ *) ;; *) fail "the bank consumer failed" ;; esac
    [ "$bank_out" = "$cli_pick" ] || fail "the consumer picked '$bank_out', the CLI '$cli_pick'"
done
echo "install-check: ok"
