#!/bin/sh
# The server's integration tests once more, with rushhourd under valgrind memcheck: any
# memory error or definite/indirect leak makes the server exit 99, which fails the test that
# stopped it. --fair-sched=yes: valgrind runs one thread at a time, and its default lock let a
# searching worker starve the HTTP threads for seconds (a /metrics call waited out a 9 s
# search). The load and disconnect tests (test_http_load) are left out: they are about
# timing, and under valgrind they would measure valgrind.
#   scripts/valgrind-check.sh [build-dir]
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
export RHS_WRAPPER="$(command -v valgrind) --quiet --fair-sched=yes --leak-check=full --show-leak-kinds=definite,indirect \
--errors-for-leak-kinds=definite,indirect --error-exitcode=99"
for suite in "$build"/tests/test_http_*; do
    case $suite in */test_http_load) continue ;; esac
    "$suite" --jobs 1 --filter '!(load|disconnect)/*'
done
# The hang-up tests run too: they take the paths where a request ends without an answer. Their
# waits poll with a cap of minutes, and their busy searches last until the test hangs up, so
# valgrind's slowness changes no verdict.
"$build/tests/test_hangups" --jobs 1

