#!/bin/sh
# Writes a part of the shipped bank data (docs/bank.md, "The shipped data") from a finished bank
# of an enumeration (`rushhour enumerate --metric both --bank BANK`):
#   OUT_PREFIX.tar.xz   the part's column files (`rushhour bank pack`), a tar made the same way
#                       every time (names sorted, owner 0, time 0), xz -9e
#   OUT_PREFIX.counts   its published table: `rushhour bank stats` of what it holds, but for the
#                       format line, which the bank's code owns
#   OUT_PREFIX.sha256   the archive's SHA-256, which the build checks
# The whole bank by default (OUT_PREFIX data/bank/wall-free-6x6). With --sample NAME K WALLS
# SEED, a sample part instead: up to K puzzles of each length in moves among the bank's of
# WALLS walls, drawn by `rushhour bank pick --seed SEED` (uniform, the same for the same bank
# and seed) and each re-derived by `rushhour bank import`; its meta is the source's entries
# under NAME. (NAME.walls 0-1, ...) and NAME.sample `K per length of WALLS walls, seed SEED`,
# and no totals or maxima of its own (a served bank's are its first part's). The output depends
# only on the bank's rows and meta (and the sample's arguments): the same bank gives the same
# bytes.
#   scripts/make-bank-data.sh BANK.sqlite [OUT_PREFIX] [--sample NAME K WALLS SEED]
#   RUSHHOUR=path/to/rushhour overrides build/rushhour.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 BANK.sqlite [OUT_PREFIX] [--sample NAME K WALLS SEED]" >&2; exit 2; }
bank=$1
out=${2:-$(dirname "$0")/../data/bank/wall-free-6x6}
rushhour=${RUSHHOUR:-$(dirname "$0")/../build/rushhour}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/columns"
if [ $# -ge 3 ]; then
    [ $# -eq 7 ] && [ "$3" = --sample ] ||
        { echo "usage: $0 BANK.sqlite OUT_PREFIX --sample NAME K WALLS SEED" >&2; exit 2; }
    name=$4 k=$5 walls=$6 seed=$7
    lengths=$("$rushhour" bank stats "$bank" --walls "$walls" | sed -n 's/^moves \([0-9]*\) .*/\1/p')
    {
        "$rushhour" bank stats "$bank" | sed -n "s/^meta \\([^ ]*\\) /meta $name.\\1 /p" |
            grep -v "^meta $name\\.\\(format\\|puzzles\\|board_size\\) "
        echo "meta $name.sample $k per length of $walls walls, seed $seed"
        for len in $lengths; do
            "$rushhour" bank pick "$bank" --count "$k" --seed "$seed" --walls "$walls" \
                --min-moves "$len" --max-moves "$len"
        done
    } > "$tmp/sample.txt"
    "$rushhour" bank import "$tmp/sample.txt" "$tmp/sample.sqlite"
    "$rushhour" bank pack "$tmp/sample.sqlite" "$tmp/columns"
    grep -v '^\(total\|max\)\.' "$tmp/columns/meta.txt" > "$tmp/meta.txt"
    mv "$tmp/meta.txt" "$tmp/columns/meta.txt"
    "$rushhour" bank stats "$tmp/sample.sqlite" |
        grep -v '^meta \(format\|puzzles\|total\.\|max\.\)' > "$out.counts"
else
    "$rushhour" bank pack "$bank" "$tmp/columns"
    "$rushhour" bank stats "$bank" | grep -v '^meta format ' > "$out.counts"
fi
(cd "$tmp/columns" && tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 --format=gnu \
    -cf - groups.txt meta.txt moves.bin ranks.bin sizes.bin slides.bin) | xz -9e -T1 > "$tmp/data.tar.xz"
mv "$tmp/data.tar.xz" "$out.tar.xz"
(cd "$(dirname "$out")" && sha256sum "$(basename "$out").tar.xz") > "$out.sha256"
echo "make-bank-data: $out.tar.xz $(wc -c < "$out.tar.xz") bytes, $(grep '^total ' "$out.counts")"
