#!/bin/sh
# Writes the shipped data of the whole bank (docs/bank.md, "The shipped data") from a finished
# bank of the wall-free 6x6 enumeration (`rushhour enumerate --metric both --bank BANK`):
#   data/bank/wall-free-6x6.tar.xz   its column files (`rushhour bank pack`), a tar made the
#                                     same way every time (names sorted, owner 0, time 0), xz -9e
#   data/bank/wall-free-6x6.counts   the published table: `rushhour bank stats BANK` but for
#                                     its format line, which the bank's code owns
#   data/bank/wall-free-6x6.sha256   the archive's SHA-256, which the build checks
# The output depends only on the bank's rows and meta, so the same bank gives the same bytes.
#   scripts/make-bank-data.sh BANK.sqlite [OUT_PREFIX]   (OUT_PREFIX: data/bank/wall-free-6x6)
#   RUSHHOUR=path/to/rushhour overrides build/rushhour.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 BANK.sqlite [OUT_PREFIX]" >&2; exit 2; }
bank=$1
out=${2:-$(dirname "$0")/../data/bank/wall-free-6x6}
rushhour=${RUSHHOUR:-$(dirname "$0")/../build/rushhour}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$rushhour" bank pack "$bank" "$tmp"
(cd "$tmp" && tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 --format=gnu \
    -cf - boards.txt hist.bin lengths.txt meta.txt) | xz -9e -T1 > "$tmp/data.tar.xz"
"$rushhour" bank stats "$bank" | grep -v '^meta format ' > "$out.counts"
mv "$tmp/data.tar.xz" "$out.tar.xz"
(cd "$(dirname "$out")" && sha256sum "$(basename "$out").tar.xz") > "$out.sha256"
echo "make-bank-data: $out.tar.xz $(wc -c < "$out.tar.xz") bytes, $(grep '^total ' "$out.counts")"
