#!/bin/sh
# HTTP benchmark of rushhourd on loopback with wrk, each run bounded in time:
#   GET /healthz (the HTTP baseline); GET /v1/puzzles (a pick from the served bank); POST
#   /v1/solve with Jam 1 and with the 51-move puzzle, answered from the answer cache (repeated
#   puzzles, the default) and with the cache off (every request searched); and Jam 1 paced at
#   about half its peak rate, for latency.
# Prints wrk's figures. The load generator shares the machine's cores with the server.
#   bench/http/run.sh [build-dir] [seconds] [connections]   (seconds per run: 5)
. "$(dirname "$0")/common.sh"
solve() { BODY="$root/examples/$1" run "$2" -s "$requests" "$url/v1/solve"; }

start
run "GET /healthz" "$url/healthz"
run "GET /v1/puzzles (10-40 moves, one puzzle)" "$url/v1/puzzles?min_moves=10&max_moves=40"
solve jam01.json "POST /v1/solve Jam 1 (8 moves), answer cache on"
solve hardest51.json "POST /v1/solve the 51-move puzzle, answer cache on"
DELAY_MS=1 solve jam01.json "POST /v1/solve Jam 1, each connection paced at 1 request/ms"
start --cache-bytes 0
solve jam01.json "POST /v1/solve Jam 1, answer cache off (a search per request)"
solve hardest51.json "POST /v1/solve the 51-move puzzle, answer cache off"
