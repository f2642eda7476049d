#!/bin/sh
# The bank's read routes against /healthz on the same server, in alternating rounds so that
# the machine's drift hits all three alike: GET /v1/puzzles (one puzzle of 10-40 moves), and
# GET /v1/puzzles/{id} over 1,000 ids of the served bank taken at random (a different puzzle
# each request). Prints wrk's figures per run.
#   bench/http/bank.sh [build-dir] [seconds] [connections] [rounds]
. "$(dirname "$0")/common.sh"
ids=$(mktemp)
trap 'stop; rm -f "$ids"' EXIT
"$build/rushhour" bank pick "$build/bank.sqlite" --count 1000 --seed 7 |
    awk '{ print "/v1/puzzles/" $NF }' >"$ids"
start
echo "== the served bank: $(curl -s "$url/v1/puzzles/stats" | grep -o '"total":[0-9]*')"
for round in $(seq "$rounds"); do
    echo "==== round $round"
    run "GET /healthz" "$url/healthz"
    run "GET /v1/puzzles (10-40 moves, one puzzle)" "$url/v1/puzzles?min_moves=10&max_moves=40"
    LINES=$ids run "GET /v1/puzzles/{id} (1,000 ids in turn)" -s "$requests" "$url"
done
