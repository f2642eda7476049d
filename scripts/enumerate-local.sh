#!/bin/sh
# Enumerates a space as N shard processes on this machine and merges their banks: the same
# mechanism as the Kubernetes Indexed Job (deploy/enumerate/), one process per index.
#
#   scripts/enumerate-local.sh N OUT.sqlite [ENUMERATE OPTIONS...]
#
# Shard i of N writes OUT.shards/shard-i.sqlite (its checkpoint: run the same command again
# after an interruption and every shard goes on where it was); when all have ended, their
# banks are merged into a new file renamed to OUT.sqlite, so merging again never counts twice.
# RUSHHOUR names the CLI (default: build/rushhour); each shard runs one thread unless the
# options say --threads.
set -eu
[ $# -ge 2 ] || {
    echo "usage: $0 N OUT.sqlite [ENUMERATE OPTIONS...]" >&2
    exit 2
}
count=$1
out=$2
shift 2
rushhour=${RUSHHOUR:-$(dirname "$0")/../build/rushhour}
mkdir -p "$out.shards"
pids=
i=0
while [ "$i" -lt "$count" ]; do
    "$rushhour" enumerate --threads 1 "$@" --shard "$i/$count" \
        --bank "$out.shards/shard-$i.sqlite" 2>"$out.shards/shard-$i.log" &
    pids="$pids $!"
    i=$((i + 1))
done
failed=0
i=0
for pid in $pids; do
    if ! wait "$pid"; then
        echo "enumerate-local: shard $i/$count failed (its log: $out.shards/shard-$i.log)" >&2
        failed=1
    fi
    i=$((i + 1))
done
[ "$failed" -eq 0 ] || exit 1
rm -f "$out.merging"
# shellcheck disable=SC2046 # the shard files, in index order
"$rushhour" bank merge "$out.merging" $(i=0; while [ "$i" -lt "$count" ]; do
    echo "$out.shards/shard-$i.sqlite"
    i=$((i + 1))
done)
mv "$out.merging" "$out"
