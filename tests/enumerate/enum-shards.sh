#!/bin/sh
# Checks that N shard processes, merged, give exactly the bank of one whole run: the same
# puzzles (`bank export`) and the same `bank stats` (meta totals, counts per length and walls;
# only meta 'shard' differs: 0/1 against "mixed"). The shards run as
# scripts/enumerate-local.sh runs them, the mechanism of the Kubernetes Indexed Job.
#
#   tests/enumerate/enum-shards.sh RUSHHOUR ENUMERATE_LOCAL [N]
#
# Spaces: 5x5 with 0-1 walls, and 6x6 without walls with at most 6 vehicles (about 60 s of CPU
# for both with N = 4); with RH_ENUM_SMALL=1 (the sanitizer build, ten times slower and more),
# wall-free 5x5 and 6x6 with at most 5 vehicles. Exit 1 on any difference.
set -eu
[ $# -ge 2 ] || {
    echo "usage: $0 RUSHHOUR ENUMERATE_LOCAL [N]" >&2
    exit 2
}
rushhour=$1
local_run=$2
count=${3:-4}
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0

# same NAME ARGS...: the space of ARGS as one process and as $count shards
same() {
    name=$1
    shift
    start=$(date +%s)
    "$rushhour" enumerate "$@" --threads 2 --bank "$tmp/whole.sqlite" 2>"$tmp/whole.log" || {
        cat "$tmp/whole.log" >&2
        exit 1
    }
    RUSHHOUR=$rushhour sh "$local_run" "$count" "$tmp/merged.sqlite" "$@"
    for view in export stats; do
        "$rushhour" bank "$view" "$tmp/whole.sqlite" | grep -v '^meta shard ' >"$tmp/whole.$view"
        "$rushhour" bank "$view" "$tmp/merged.sqlite" | grep -v '^meta shard ' >"$tmp/merged.$view"
        if ! cmp -s "$tmp/whole.$view" "$tmp/merged.$view"; then
            echo "enum-shards: $name: bank $view differs ('<' one process, '>' $count shards):"
            diff "$tmp/whole.$view" "$tmp/merged.$view" | grep '^[<>]' | head -n 10
            failed=1
        fi
    done
    for i in $(seq 0 $((count - 1))); do
        n=$("$rushhour" bank stats "$tmp/merged.sqlite.shards/shard-$i.sqlite" | sed -n 's/^total //p')
        [ "$n" -gt 0 ] || {
            echo "enum-shards: $name: shard $i/$count kept no puzzle"
            failed=1
        }
    done
    echo "enum-shards: $name: $count shards, $(sed -n 's/^total //p' "$tmp/whole.stats") puzzles," \
        "$(sed -n 's/^meta total.clusters //p' "$tmp/whole.stats") clusters ($(($(date +%s) - start)) s)"
    rm -rf "$tmp"/*
}

if [ "${RH_ENUM_SMALL:-0}" = 1 ]; then # a sanitizer build: smaller spaces, the same paths
    same "5x5" --size 5
    same "6x6 vehicles 1-5" --size 6 --vehicles 1-5
else
    same "5x5 walls 0-1" --size 5 --walls 0-1
    same "6x6 vehicles 1-6" --size 6 --vehicles 1-6
fi
[ "$failed" -eq 0 ] || {
    echo "enum-shards: FAILED"
    exit 1
}
echo "enum-shards: N shards merged = one run"
