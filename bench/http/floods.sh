#!/bin/sh
# The cluster-table cache under issue 36's floods, at the default 64 MiB of tables, in alternating
# rounds, each on fresh servers (a played bank puzzle's and the day's tables awaited first):
#   (i) POST /v1/analyze of tiny distinct boards (the red car alone, 2-4 walls; 19,900 in turn)
#       with wrk for [seconds]: on an empty table cache, and on a fresh server after a flood of
#       12,000 other such analyses has filled it (in alternating order); the ratio of the rates
#       (goal: >= 0.8). The analyses' quota (16 MiB) holds about 2,900 tiny tables, so the empty
#       cache's run evicts too after its first tenth of a second; a third run without a table
#       cache (--table-cache-bytes 0) is the reference of no table built or evicted at all;
#   (ii) the server's CPU (utime+stime in /proc/PID/stat) over 170 GET /v1/puzzles?count=100&
#       min_moves=20&walls=0-1 with distinct seeds, 17 a second (10 s, open loop), plus the 5 s
#       after: with the default build budget (goal: <= 4 CPU-s), then with it effectively off
#       (--table-builds-per-min 100000 --table-build-cpu-ms-per-min 6000000);
#   (iii) after each flood, the `source` of the played puzzle's hint and of the day's (goal:
#       table).
# The floods are node's (bench/http/floods.mjs, the helpers of tests/hostile/floods.mjs); wrk and
# node share the cores with the server. Prints the figures and the table counters per run.
#   bench/http/floods.sh [build-dir] [seconds] [connections] [rounds]
. "$(dirname "$0")/common.sh"
boards=$(mktemp)
trap 'stop; rm -f "$boards"' EXIT
hz=$(getconf CLK_TCK)
floods() { node "$root/bench/http/floods.mjs" "$@"; }
# fresh [rushhourd options]: start, with the admin port known and the answer cache off (a hint
# says `table` or `search`, never `cache`), failing if another server held the port.
fresh() {
    start --cache-bytes 0 "$@"
    sleep 0.2
    kill -0 "$pid" 2>/dev/null || { echo "rushhourd exited: is port $port or $admin taken?"; exit 1; }
}
counters() {
    curl -s "$admin_url/metrics" |
        grep -E '^rushhourd_(tables|table_bytes|table_evictions_total|table_builds_total|table_builds_refused_total)' |
        sed 's/^rushhourd_//; s/_total//' | tr '\n' ' '
    echo
}
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
# analyses TITLE: wrk on the tiny boards for $seconds; sets $rate.
analyses() {
    echo "== $1"
    out=$(LINES=$boards METHOD=POST wrk -t2 -c"$conns" -d"${seconds}s" --latency -s "$requests" \
        "$url/v1/analyze")
    echo "$out" | grep -E 'Requests/sec|Latency  |50%|99%|requests|Non-2xx|Socket'
    rate=$(echo "$out" | awk '/^Requests\/sec/ { print $2 }')
    echo "after: $(counters)"
}
# play: plays a bank puzzle and awaits the day's table; sets $played and $day (boards).
play() {
    # shellcheck disable=SC2046 # the two boards
    set -- $(floods play "$port")
    played=$1 day=$2
}
hints() { echo "hints after $1: played, day: $(floods hints "$port" "$played" "$day")"; }

# empty: wrk's analyses on a fresh server; sets $empty.
empty() {
    fresh
    analyses "POST /v1/analyze, tiny distinct boards, empty table cache"
    empty=$rate
}
# none: the same without a table cache (--table-cache-bytes 0: no table built, none evicted);
# sets $none.
none() {
    fresh --table-cache-bytes 0
    analyses "POST /v1/analyze, tiny distinct boards, no table cache (reference)"
    none=$rate
}
# full: the same after a flood of 12,000 others on a fresh server; sets $full.
full() {
    fresh
    play
    echo "flood: $(floods analyze "$port" 0 12000)"
    echo "after: $(counters)"
    hints "12,000 analyses"
    analyses "POST /v1/analyze, tiny distinct boards, table cache full after 12,000 analyses"
    full=$rate
    hints "12,000 analyses and wrk"
}

floods boards 12000 19900 >"$boards"
for round in $(seq "$rounds"); do
    echo "==== round $round"
    # Alternated, so that the host's drift hits all alike.
    if [ $((round % 2)) = 1 ]; then
        empty
        full
        none
    else
        none
        full
        empty
    fi
    echo "== analyses full/empty: $(awk "BEGIN { printf \"%.2f\", $full / $empty }") ($full / $empty);" \
        "full/none: $(awk "BEGIN { printf \"%.2f\", $full / $none }")"
    echo
    for budget in default off; do
        if [ $budget = default ]; then
            fresh
        else
            fresh --table-builds-per-min 100000 --table-build-cpu-ms-per-min 6000000
        fi
        play
        sleep 3 # the builds of the 10 puzzles handed out with the played one end
        echo "== hand-outs' flood, build budget $budget"
        echo "before: $(counters)"
        t0=$(ticks)
        echo "flood: $(floods handouts "$port" 170 17)"
        sleep 5
        t1=$(ticks)
        echo "CPU over the flood and the 5 s after: $(awk "BEGIN { printf \"%.2f\", ($t1 - $t0) / $hz }") s"
        echo "after: $(counters)"
        hints "the hand-outs' flood"
        echo
    done
done
