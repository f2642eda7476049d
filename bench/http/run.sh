#!/bin/sh
# HTTP benchmark of rushhourd on loopback with wrk, each run bounded in time:
#   GET /healthz (the HTTP baseline); GET /v1/puzzles (a pick from the built sample bank); POST /v1/solve with Jam 1 and with the 51-move puzzle,
#   answered from the answer cache (repeated puzzles, the default) and with the cache off
#   (every request searched); and Jam 1 paced at about half its peak rate, for latency.
# Prints wrk's figures. The load generator shares the machine's cores with the server.
#   bench/http/run.sh [build-dir] [seconds] [connections]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
seconds=${2:-10}
conns=${3:-32}
port=18181
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/install-deps.sh)"; exit 1; }
pid=
stop() { [ -z "$pid" ] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; pid=; }; }
trap stop EXIT
start() {
    stop
    "$build/rushhourd" --bind 127.0.0.1 --port $port --log-level warn "$@" >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 50); do
        curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "rushhourd did not start"; exit 1
}
run() {
    echo "== $1"
    shift
    wrk -t2 -c"$conns" -d"${seconds}s" --latency "$@" |
        grep -E 'Requests/sec|Latency  |50%|99%|requests|Non-2xx|Socket'
    echo
}
url=http://127.0.0.1:$port
solve() { BODY="$root/examples/$1" run "$2" -s "$root/bench/http/post.lua" "$url/v1/solve"; }

start
run "GET /healthz" "$url/healthz"
run "GET /v1/puzzles (the sample bank, 10-40 moves, one puzzle)" "$url/v1/puzzles?min_moves=10&max_moves=40"
solve jam01.json "POST /v1/solve Jam 1 (8 moves), answer cache on"
solve hardest51.json "POST /v1/solve the 51-move puzzle, answer cache on"
DELAY_MS=1 solve jam01.json "POST /v1/solve Jam 1, each connection paced at 1 request/ms"
start --cache-bytes 0
solve jam01.json "POST /v1/solve Jam 1, answer cache off (a search per request)"
solve hardest51.json "POST /v1/solve the 51-move puzzle, answer cache off"
