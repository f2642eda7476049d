# What the HTTP benchmarks share (sourced, not run): their arguments, [build-dir] [seconds]
# [connections] [rounds] (defaults: the repository's build/, 5, 32, 2); a local rushhourd on
# loopback, started and stopped by them; wrk runs bounded in time that print only the figures
# read, with requests.lua.
# shellcheck shell=sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
seconds=${2:-5}
conns=${3:-32}
rounds=${4:-2}
requests=$root/bench/http/requests.lua
port=18181
url=http://127.0.0.1:$port
# The admin listener (probes and /metrics only), beside the main port.
admin=$((port + 1))
admin_url=http://127.0.0.1:$admin
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/install-deps.sh --test)"; exit 1; }
pid=
stop() { [ -z "$pid" ] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; pid=; }; }
trap stop EXIT
# start [rushhourd options]: a fresh server, once it answers /readyz.
start() {
    stop
    "$build/rushhourd" --bind 127.0.0.1 --port $port --admin-port $admin --log-level warn "$@" \
        >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 100); do
        curl -sf "$url/readyz" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "rushhourd did not start"; exit 1
}
# run TITLE [wrk arguments]: wrk, 2 threads, $conns connections, $seconds seconds.
run() {
    echo "== $1"
    shift
    wrk -t2 -c"$conns" -d"${seconds}s" --latency "$@" |
        grep -E 'Requests/sec|Latency  |50%|99%|requests|Non-2xx|Socket'
    echo
}
