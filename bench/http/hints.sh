#!/bin/sh
# Hints at 2,000 distinct positions of the 51-move puzzle's cluster against /healthz on the same
# server, in alternating rounds, with the answer cache off (every hint is a table lookup or a
# search): first with the cluster tables (after one /v1/analyze has made the cluster's table),
# then without them (--table-cache-bytes 0: every hint a search). Prints wrk's figures per run
# and the server's table lookups.
#   bench/http/hints.sh [build-dir] [seconds] [connections] [rounds]
. "$(dirname "$0")/common.sh"
board=BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.
positions=$(mktemp)
trap 'stop; rm -f "$positions"' EXIT
node "$root/bench/http/positions.mjs" $board 2000 7 >"$positions"
for tables in 64MiB 0; do
    start --cache-bytes 0 --table-cache-bytes $tables
    curl -s -o /dev/null -H 'Content-Type: application/json' "$url/v1/analyze" \
        -d "{\"board\": \"$board\"}"
    for round in $(seq "$rounds"); do
        echo "==== --table-cache-bytes $tables, round $round"
        run "GET /healthz" "$url/healthz"
        METHOD=POST LINES=$positions run "POST /v1/hint (2,000 positions in turn)" \
            -s "$requests" "$url/v1/hint"
    done
    curl -s "$admin_url/metrics" | grep '^rushhourd_table_lookups_total'
done
