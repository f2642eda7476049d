#!/bin/sh
# Installs every Debian bookworm package the build, the server and the tests need.
# The one place the package list lives; README and .ci/run both call it.
set -eu
PACKAGES="build-essential cmake pkg-config git ca-certificates
libcjson-dev libmicrohttpd-dev libcriterion-dev libcurl4-openssl-dev libsqlite3-dev
clang clang-format clang-tidy libclang-rt-14-dev valgrind curl wrk podman debootstrap chromium"
# Node runs the spec lint, the contract suite and the manifest check. Debian's nodejs and npm
# come only where no node is installed: a NodeSource nodejs (which bundles npm) conflicts
# with Debian's npm package.
command -v npm >/dev/null 2>&1 || PACKAGES="$PACKAGES nodejs npm"
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
