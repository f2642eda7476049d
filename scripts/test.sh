#!/bin/sh
# Checks the commit messages since CONTRIBUTING.md (scripts/commit-check.sh) and the C
# formatting, runs clang-tidy and gcc -fanalyzer over src/ (static-check.sh), finds repeated
# runs of six or more lines in src/ (repeat-check.sh: none may be left), rebuilds the
# WebAssembly module and fails unless it is the committed one, at most 300 KB gzipped
# (build-wasm.sh --check), then builds,
# checks the floor plan on the built objects (scripts/layout-check.mjs: no circle between
# files, no call upward, no repeated file name, tests that link), and runs every test:
# the release suites; the server's integration tests with the server under valgrind memcheck;
# the OpenAPI lint and the live contract suite; the playground's pure modules under node and
# the page driven in headless Chromium; the WebAssembly module against the native library
# and the server (scripts/wasm-check.sh); the hostile client, a 60 s soak and 30 s of slow
# clients (all three in scripts/hostile-check.sh); the Kubernetes manifest check; the
# container image built from the Dockerfile and its binary started (RH_SKIP_CONTAINER=1 skips
# that, saying so); then every suite again under AddressSanitizer + UndefinedBehaviorSanitizer
# (leaks included), after a 60-second run of each libFuzzer target, all from a copy of the
# tree in a temporary folder (so a lone clone is what is tested).
set -eu
cd "$(dirname "$0")/.."
./scripts/commit-check.sh
./scripts/format-check.sh
./scripts/static-check.sh
./scripts/repeat-check.sh
./scripts/build-wasm.sh --check
./scripts/build.sh
node scripts/layout-check.mjs build
ctest --test-dir build --output-on-failure
./scripts/install-check.sh build
./scripts/valgrind-check.sh build
./scripts/contract-check.sh build/rushhourd
./scripts/browser-check.sh build/rushhourd
./scripts/wasm-check.sh build
./scripts/hostile-check.sh build/rushhourd
./scripts/k8s-check.sh
./scripts/container-check.sh

# The sanitizer half runs from a copy of the tree in a fresh temporary folder, with nothing
# beside it: it proves that a clone alone builds and tests (nothing read from ../).
copy=$(mktemp -d "${TMPDIR:-/tmp}/rushhourd-alone.XXXXXX")
trap 'rm -rf "$copy"' EXIT INT TERM
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -C "$copy" -xf -
cmake -S "$copy" -B "$copy/build-asan" -DCMAKE_BUILD_TYPE=Debug -DRH_SANITIZE=ON -DCMAKE_C_COMPILER=clang
cmake --build "$copy/build-asan" -j "$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
./scripts/contract-check.sh "$copy/build-asan/rushhourd"
./scripts/hostile-check.sh "$copy/build-asan/rushhourd"
"$copy/scripts/fuzz.sh" 60
ctest --test-dir "$copy/build-asan" --output-on-failure
