#!/bin/sh
# Checks the C formatting, then builds and runs every test: the release suites; the server's integration tests with the
# server under valgrind memcheck; the OpenAPI lint and the live contract suite; the
# playground driven in headless Chromium; the hostile client and a 60 s soak; the
# Kubernetes manifest check; the container image built
# from the Dockerfile and its binary started (RH_SKIP_CONTAINER=1 skips that, saying so);
# then every suite again under AddressSanitizer + UndefinedBehaviorSanitizer (leaks
# included) in build-asan/, after a 60-second run of each libFuzzer target.
set -eu
cd "$(dirname "$0")/.."
./scripts/format-check.sh
./scripts/build.sh
ctest --test-dir build --output-on-failure
./scripts/valgrind-check.sh build
./scripts/contract-check.sh build/rushhourd
./scripts/browser-check.sh build/rushhourd
./scripts/hostile-check.sh build/rushhourd
./scripts/k8s-check.sh
./scripts/container-check.sh

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DRH_SANITIZE=ON -DCMAKE_C_COMPILER=clang
cmake --build build-asan -j "$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
./scripts/contract-check.sh build-asan/rushhourd
./scripts/hostile-check.sh build-asan/rushhourd
./scripts/fuzz.sh 60
ctest --test-dir build-asan --output-on-failure
