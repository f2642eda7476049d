#!/bin/sh
# Installs the Debian bookworm packages rushhourd needs. The one place the package lists live;
# README's run command, README's test command and .ci/run call it.
#
#   scripts/install-deps.sh          building and running: a C compiler, CMake, pkg-config and
#                                    the three libraries the build links (cJSON,
#                                    libmicrohttpd, SQLite)
#   scripts/install-deps.sh --test   that and what the test command (scripts/test.sh) needs:
#                                    Criterion and libcurl (the suites), git, clang and its
#                                    tools, valgrind, curl, wrk, node and npm, Chromium, podman
#                                    and debootstrap (the container check), and the WebAssembly
#                                    toolchain (lld's wasm-ld, wasi-libc and clang's wasm32
#                                    runtime: scripts/build-wasm.sh --check rebuilds the
#                                    committed module; the run build serves it as committed)
#
# Without --test the build configures no test suite (CMakeLists.txt, RH_TESTS).
set -eu
usage() {
    echo "usage: scripts/install-deps.sh [--test]" >&2
    exit 2
}
TEST=0
case $# in
0) ;;
1) [ "$1" = --test ] || usage; TEST=1 ;;
*) usage ;;
esac

PACKAGES="build-essential cmake pkg-config libcjson-dev libmicrohttpd-dev libsqlite3-dev"
if [ "$TEST" = 1 ]; then
    PACKAGES="$PACKAGES libcriterion-dev libcurl4-openssl-dev git ca-certificates
clang clang-format clang-tidy libclang-rt-14-dev valgrind curl wrk podman debootstrap chromium
lld wasi-libc libclang-rt-14-dev-wasm32"
    # Node runs the spec lint, the contract suite and the manifest check. Debian's nodejs and
    # npm come only where no node is installed: a NodeSource nodejs (which bundles npm)
    # conflicts with Debian's npm package.
    command -v npm >/dev/null 2>&1 || PACKAGES="$PACKAGES nodejs npm"
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! dpkg-query -W -f='${Status}\n' $PACKAGES 2>/dev/null | grep -qv 'install ok installed' \
    && [ "$(dpkg-query -W -f='${Status}\n' $PACKAGES 2>/dev/null | wc -l)" -eq "$(echo $PACKAGES | wc -w)" ]; then
    echo "install-deps: all packages present"
    exit 0
fi
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $PACKAGES
