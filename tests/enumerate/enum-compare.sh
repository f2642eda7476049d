#!/bin/sh
# Compares `rushhour enumerate` with the brute-force oracle (tests/oracle/enum_oracle.c) cluster
# by cluster on complete small spaces (both metrics, every cluster line sorted and diffed), and
# checks that shards 0, 1 and 2 of 3 together give exactly the whole run.
#
#   tests/enumerate/enum-compare.sh ENUM_ORACLE RUSHHOUR [smoke|quick|full]
#
# smoke: 4x4 only, seconds. quick (ctest's choice): 4x4 and 5x5 without walls whole, 5x5 with
# 0-1 walls up to 5 vehicles and 0-2 walls up to 4, 6x6 up to 5 vehicles, 7x7 up to 4 (the
# boards whose search keys are hashes, checked on a match): about 90 s of CPU and
# 200 MiB for the oracle, 10 s for the enumerator. full: 5x5 with 0-1 and 0-2 walls whole and
# 6x6 up to 6 vehicles, tens of minutes of CPU for the oracle (5x5 with one wall alone: 154 s).
# One line per space: blocked configurations, clusters, solvable, kept, the longest length in
# moves and in slides; the first differing lines when the two disagree. Exit 1 on any
# difference.
set -eu
[ $# -ge 2 ] || {
    echo "usage: $0 ENUM_ORACLE RUSHHOUR [smoke|quick|full]" >&2
    exit 2
}
oracle=$1
rushhour=$2
mode=${3:-quick}
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0

# clusters, solvable, kept, longest lengths of a sorted cluster-line file
summary() {
    awk 'BEGIN { mm = -1; ms = -1 }
         { n++; m = substr($5, 7) + 0; s = substr($6, 8) + 0
           if (m >= 0) { solvable++; if ($8 == "minimal=1") kept++ }
           if (m > mm) mm = m; if (s > ms) ms = s }
         END { printf "clusters=%d solvable=%d kept=%d max_moves=%d max_slides=%d\n",
               n, solvable, kept, mm, ms }' "$1"
}

# run NAME OUT PROGRAM ARGS...: runs a program, its stdout sorted into OUT; fails loudly
run() {
    name=$1 out=$2
    shift 2
    if ! "$@" >"$out.raw" 2>"$out.err"; then
        echo "enum-compare: $name: '$*' failed:" >&2
        cat "$out.err" >&2
        return 1
    fi
    sort "$out.raw" >"$out"
}

# differ NAME A B A_NAME B_NAME: 0 when the sorted files are equal, else prints the first
# differences
differ() {
    cmp -s "$2" "$3" && return 1
    echo "enum-compare: $1: DIFFERENT ('<' $4 only, '>' $5 only), first lines:"
    diff "$2" "$3" | grep '^[<>]' | head -n 10
    return 0
}

# compare NAME ARGS...: the oracle and the enumerator on one space, side by side
compare() {
    name=$1
    shift
    start=$(date +%s)
    run "$name" "$tmp/oracle" "$oracle" "$@" &
    pid=$!
    if ! run "$name" "$tmp/enum" "$rushhour" enumerate "$@" --metric both --clusters -; then
        wait "$pid" || true
        exit 1
    fi
    wait "$pid" || exit 1
    seconds=$(($(date +%s) - start))
    # the configurations with every vehicle blocked left/up, counted by both
    blocked=$(sed -n 's/.* blocked=\([0-9]*\) .*/\1/p' "$tmp/oracle.err")
    counted=$(awk '$1 == "configurations" { print $2 }' "$tmp/enum.err")
    if [ "$blocked" != "$counted" ]; then
        echo "enum-compare: $name: $blocked blocked configurations, the enumerator counted" \
            "'$counted'"
        failed=1
    fi
    if differ "$name" "$tmp/oracle" "$tmp/enum" oracle enumerator; then
        echo "enum-compare: $name: oracle $(summary "$tmp/oracle")"
        echo "enum-compare: $name: enumerator $(summary "$tmp/enum")"
        failed=1
    else
        echo "enum-compare: $name: same, blocked=$blocked $(summary "$tmp/oracle") ($seconds s)"
    fi
}

# published NAME COUNT: the last space's blocked configurations are the published count.
# fogleman/rush, cpp/src/config.h, records "5x5 0 walls = 268108" (MaxID, one less than the
# count, as its 6x6 MaxID 243,502,785 is for the 243,502,786 configurations of issue #15).
published() {
    if [ "$blocked" != "$2" ]; then
        echo "enum-compare: $1: $blocked blocked configurations, published $2"
        failed=1
    fi
}

# shards NAME ARGS...: shards 0..2 of 3, concatenated, equal the whole enumerator run
shards() {
    name="$1 shards 0-2/3"
    shift
    run "$name" "$tmp/whole" "$rushhour" enumerate "$@" --metric both --clusters - || exit 1
    : >"$tmp/parts"
    for i in 0 1 2; do
        run "$name" "$tmp/part" "$rushhour" enumerate "$@" --metric both --shard "$i/3" \
            --clusters - || exit 1
        [ -s "$tmp/part" ] || echo "enum-compare: $name: shard $i/3 is empty"
        cat "$tmp/part" >>"$tmp/parts"
    done
    sort -o "$tmp/parts" "$tmp/parts"
    if differ "$name" "$tmp/parts" "$tmp/whole" shards "whole run"; then
        failed=1
    else
        echo "enum-compare: $name: same, $(summary "$tmp/whole")"
    fi
}

case $mode in
smoke)
    compare "4x4 walls 0-2" --size 4 --walls 0-2
    shards "4x4 walls 0-2" --size 4 --walls 0-2
    ;;
quick)
    compare "4x4 walls 0-2" --size 4 --walls 0-2
    compare "5x5 walls 0" --size 5 --walls 0
    published "5x5 walls 0" 268109
    compare "5x5 walls 0-1, vehicles 1-5" --size 5 --walls 0-1 --vehicles 1-5
    compare "5x5 walls 0-2, vehicles 1-4" --size 5 --walls 0-2 --vehicles 1-4
    compare "6x6 walls 0, vehicles 1-5" --size 6 --walls 0 --vehicles 1-5
    compare "7x7 walls 0, vehicles 1-4" --size 7 --walls 0 --vehicles 1-4
    shards "5x5 walls 0-1, vehicles 1-5" --size 5 --walls 0-1 --vehicles 1-5
    ;;
full)
    compare "4x4 walls 0-2" --size 4 --walls 0-2
    compare "5x5 walls 0" --size 5 --walls 0
    compare "5x5 walls 0-1" --size 5 --walls 0-1
    compare "5x5 walls 0-2" --size 5 --walls 0-2
    compare "6x6 walls 0, vehicles 1-6" --size 6 --walls 0 --vehicles 1-6
    shards "5x5 walls 0-2" --size 5 --walls 0-2
    ;;
*)
    echo "usage: $0 ENUM_ORACLE RUSHHOUR [smoke|quick|full]" >&2
    exit 2
    ;;
esac
[ "$failed" -eq 0 ] || {
    echo "enum-compare: FAILED"
    exit 1
}
echo "enum-compare: all spaces agree"
