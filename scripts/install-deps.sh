#!/bin/sh
# Installs every Debian bookworm package the build, the server and the tests need.
# The one place the package list lives; README and .ci/run both call it.
set -eu
PACKAGES="build-essential cmake pkg-config git ca-certificates
libcjson-dev libmicrohttpd-dev libcriterion-dev libcurl4-openssl-dev
clang libclang-rt-14-dev valgrind curl wrk"
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
