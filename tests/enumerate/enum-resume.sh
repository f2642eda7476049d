#!/bin/sh
# Checks that a `rushhour enumerate --bank` run killed (SIGKILL) at random moments and started
# again with the same options ends with the bank of one uninterrupted run: the same puzzles
# (`bank export`) and the same meta, totals and counts (`bank stats`). The first interruption
# is a SIGTERM instead, which the run answers by stopping: exit 143, its summary, and a line
# that says the same command goes on.
#
#   tests/enumerate/enum-resume.sh RUSHHOUR [KILLS] [SEED]
#
# The space is 5x5 with 0-2 walls (moves: about 10 s of CPU, 5 s on two threads; wall-free with
# RH_ENUM_SMALL=1, for the sanitizer build). Each kill comes at a random point of the
# first 80% of the time an uninterrupted run took (the SIGTERM after its first 30%); the seed
# is printed so a failure can be replayed. A SIGTERM that finds its run ended starts the series
# again with shorter delays (the machine's speed varies), so it always strikes a running
# process. Exit 1 on any difference.
set -eu
[ $# -ge 1 ] || {
    echo "usage: $0 RUSHHOUR [KILLS] [SEED]" >&2
    exit 2
}
rushhour=$1
kills=${2:-3}
seed=${3:-$(date +%s)}
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
walls=0-2
if [ "${RH_ENUM_SMALL:-0}" = 1 ]; then # a sanitizer build: the wall-free space, the same paths
    walls=0
fi
space="--size 5 --walls $walls --threads 2"

# run_to_end BANK: an enumeration of the space into BANK, to its end
run_to_end() {
    # shellcheck disable=SC2086 # $space is a list of options
    "$rushhour" enumerate $space --bank "$1" 2>"$tmp/err" || {
        cat "$tmp/err" >&2
        echo "enum-resume: the run into $1 failed" >&2
        exit 1
    }
}

start=$(date +%s%N)
run_to_end "$tmp/whole.sqlite"
whole_ms=$((($(date +%s%N) - start) / 1000000))
echo "enum-resume: uninterrupted run: $whole_ms ms; seed $seed"

# A run may be faster than the uninterrupted one was (the machine's load varies): when the
# SIGTERM finds its run ended, the bank is complete and nothing was interrupted, so the series
# starts again on a new bank with every delay halved (at most 12 series: by then the delays are
# a few thousandths of the first run's time). A later SIGKILL may find its run ended: a run
# that resumes has less left to do.
struck=0
i=0
scale=1
series=1
while [ "$i" -lt "$kills" ]; do
    i=$((i + 1))
    # The SIGTERM comes after 30% at least: well after the process has started.
    signal=KILL least=0.05
    [ "$i" -eq 1 ] && signal=TERM least=0.3
    delay_ms=$(awk -v s="$seed" -v i="$i" -v t="$whole_ms" -v least="$least" -v f="$scale" \
        'BEGIN { srand(s + i); printf "%d", f * t * (least + (0.8 - least) * rand()) }')
    # shellcheck disable=SC2086
    "$rushhour" enumerate $space --bank "$tmp/resumed.sqlite" 2>"$tmp/err.$i" &
    pid=$!
    sleep "$(awk -v m="$delay_ms" 'BEGIN { printf "%.3f", m / 1000 }')"
    if kill -"$signal" "$pid" 2>/dev/null; then
        struck=$((struck + 1))
        echo "enum-resume: SIG$signal $i at $delay_ms ms"
    elif [ "$i" -gt 1 ]; then
        echo "enum-resume: SIG$signal $i at $delay_ms ms: the run had ended"
        signal=
    else
        echo "enum-resume: SIG$signal $i at $delay_ms ms: the run had ended; again, sooner"
        wait "$pid" 2>/dev/null || true
        [ "$series" -lt 12 ] || {
            echo "enum-resume: FAILED: no SIGTERM of 12 series struck a running process"
            exit 1
        }
        series=$((series + 1))
        scale=$(awk -v f="$scale" 'BEGIN { print f / 2 }')
        rm -f "$tmp/resumed.sqlite"*
        struck=0
        i=0
        continue
    fi
    status=0
    wait "$pid" 2>/dev/null || status=$?
    # Exit 0: the run ended before the signal was acted on.
    if [ "$signal" = TERM ] && [ "$status" -ne 0 ] && { [ "$status" -ne 143 ] ||
        ! grep -q '^rushhour enumerate: stopped by SIGTERM: the same command goes on' "$tmp/err.$i" ||
        ! grep -q '^configurations [0-9]*$' "$tmp/err.$i"; }; then
        cat "$tmp/err.$i"
        echo "enum-resume: FAILED: SIGTERM: exit $status, want 143 with the summary and the stop line"
        exit 1
    fi
done
run_to_end "$tmp/resumed.sqlite"
resumed=$(sed -n 's/.*resuming the run in .*: \([0-9]*\) tasks were done.*/\1/p' "$tmp/err")
tasks=$(sed -n 's/^tasks \([0-9]*\) of \([0-9]*\), \([0-9]*\) of them.*/\3 of \2/p' "$tmp/err")
echo "enum-resume: the last run found $tasks tasks done before it"
[ -n "$resumed" ] && [ "$resumed" -gt 0 ] || {
    echo "enum-resume: FAILED: the last run did not resume (no task was checkpointed)"
    exit 1
}

failed=0
for view in export stats; do
    "$rushhour" bank "$view" "$tmp/whole.sqlite" >"$tmp/whole.$view"
    "$rushhour" bank "$view" "$tmp/resumed.sqlite" >"$tmp/resumed.$view"
    if ! cmp -s "$tmp/whole.$view" "$tmp/resumed.$view"; then
        echo "enum-resume: bank $view differs ('<' uninterrupted, '>' killed and resumed):"
        diff "$tmp/whole.$view" "$tmp/resumed.$view" | grep '^[<>]' | head -n 10
        failed=1
    fi
done
[ "$failed" -eq 0 ] || {
    echo "enum-resume: FAILED"
    exit 1
}
echo "enum-resume: same bank ($(wc -l <"$tmp/whole.export") puzzles, $(grep -c . "$tmp/whole.stats") stats lines) after $struck kills"
