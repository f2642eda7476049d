#!/bin/sh
# HTTP benchmark of rushhourd on loopback with wrk: /healthz as the HTTP baseline, then Jam 1
# and the 51-move puzzle through POST /v1/solve, each for a bounded time. Prints wrk's figures
# (requests/s, latency percentiles). The load generator shares the machine's cores with the
# server: read the figures as such.
#   bench/http/run.sh [build-dir] [seconds] [connections]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
seconds=${2:-10}
conns=${3:-32}
port=18181
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/install-deps.sh)"; exit 1; }
log=$(mktemp)
"$build/rushhourd" --bind 127.0.0.1 --port $port --log-level warn >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
run() {
    echo "== $1"
    shift
    wrk -t2 -c"$conns" -d"${seconds}s" --latency "$@" | grep -E 'Requests/sec|Latency|50%|90%|99%|requests|Non-2xx'
    echo
}
run "GET /healthz" "http://127.0.0.1:$port/healthz"
BODY="$root/examples/jam01.json" run "POST /v1/solve Jam 1 (8 moves)" -s "$root/bench/http/post.lua" \
    "http://127.0.0.1:$port/v1/solve"
BODY="$root/examples/hardest51.json" run "POST /v1/solve hardest by moves (51 moves)" \
    -s "$root/bench/http/post.lua" "http://127.0.0.1:$port/v1/solve"
