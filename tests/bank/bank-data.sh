#!/bin/sh
# Checks the shipped data's round trip (docs/bank.md, "The shipped data"): a bank packed by
# scripts/make-bank-data.sh twice gives the same bytes twice, and cmake/full-bank.cmake, the
# build's step, checks its checksum, counts it against its counts file and loads it into a bank
# of the same rows, counts and meta; an archive whose checksum differs stops it. The bank: the
# 5x5 space with 0-2 walls and at most 5 vehicles, both metrics (a few seconds of CPU).
#
#   tests/bank/bank-data.sh RUSHHOUR MAKE_BANK_DATA FULL_BANK_CMAKE
set -eu
[ $# -eq 3 ] || {
    echo "usage: $0 RUSHHOUR MAKE_BANK_DATA FULL_BANK_CMAKE" >&2
    exit 2
}
rushhour=$1
make_data=$2
full_bank=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() {
    echo "bank-data: $*" >&2
    exit 1
}

"$rushhour" enumerate --size 5 --walls 0-2 --vehicles 1-5 --metric both --bank "$tmp/run.sqlite" \
    2>/dev/null
for i in 1 2; do
    mkdir "$tmp/$i"
    RUSHHOUR=$rushhour sh "$make_data" "$tmp/run.sqlite" "$tmp/$i/part" >/dev/null
done
for f in part.tar.xz part.counts part.sha256; do
    cmp -s "$tmp/1/$f" "$tmp/2/$f" || fail "$f differs between two runs of make-bank-data.sh"
done
grep -q '^walls 2 [1-9]' "$tmp/1/part.counts" || fail "the bank holds no two-wall puzzle"

cmake -DCLI="$rushhour" -DPARTS="$tmp/1/part" -DWORK="$tmp/work" -DOUTPUT="$tmp/served.sqlite" \
    -P "$full_bank" >/dev/null
for view in export stats; do
    "$rushhour" bank "$view" "$tmp/run.sqlite" >"$tmp/run.$view"
    "$rushhour" bank "$view" "$tmp/served.sqlite" >"$tmp/served.$view"
    cmp -s "$tmp/run.$view" "$tmp/served.$view" || {
        diff "$tmp/run.$view" "$tmp/served.$view" | head >&2
        fail "bank $view of the loaded bank differs from its source's"
    }
done
grep -q '^meta max\.moves [0-9]* ' "$tmp/served.stats" || fail "the run's maxima did not ship"

# An archive that is not the one its checksum names stops the build's step.
printf 'x' >>"$tmp/1/part.tar.xz"
if cmake -DCLI="$rushhour" -DPARTS="$tmp/1/part" -DWORK="$tmp/work" \
    -DOUTPUT="$tmp/bad.sqlite" -P "$full_bank" >"$tmp/bad.log" 2>&1; then
    fail "an archive with a wrong checksum was loaded"
fi
grep -q 'SHA-256' "$tmp/bad.log" || fail "the refusal does not name the checksum: $(cat "$tmp/bad.log")"
[ ! -e "$tmp/bad.sqlite" ] || fail "a refused archive left a bank"
echo "bank-data: the same bytes twice, loaded into the same bank, a wrong archive refused"
