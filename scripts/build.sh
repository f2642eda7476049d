#!/bin/sh
# Configures and builds the release tree in build/ (the library, the CLI, the benchmarks).
set -eu
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)"
