#!/bin/sh
# Writes the shipped bank sample (data/bank/sample.txt) from a bank file: the source bank's
# meta entries as `meta source.KEY VALUE` lines, then up to K puzzles of each length
# (`moves board cluster_size` export lines, hardest first, the first K of each length in the
# bank's own order: the output depends only on the bank). The build re-derives every line
# (`rushhour bank import`) into the bank rushhourd serves by default.
#   scripts/make-bank-sample.sh BANK.sqlite [K] > data/bank/sample.txt   (K: 3)
#   RUSHHOUR=path/to/rushhour overrides build/rushhour.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 BANK.sqlite [K]" >&2; exit 2; }
bank=$1
k=${2:-3}
rushhour=${RUSHHOUR:-$(dirname "$0")/../build/rushhour}
echo "# The shipped puzzle bank sample: up to $k puzzles of each length of $(basename "$bank")."
echo "# Made by scripts/make-bank-sample.sh; checked at build time by rushhour bank import."
"$rushhour" bank stats "$bank" | sed -n 's/^meta \([^ ]*\) /meta source.\1 /p' |
    grep -v '^meta source\.\(format\|puzzles\) '
"$rushhour" bank export "$bank" | awk -v k="$k" '++seen[$1] <= k'
