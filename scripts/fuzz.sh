#!/bin/sh
# Coverage-guided fuzzing with libFuzzer (clang, AddressSanitizer + UndefinedBehaviorSanitizer):
#   scripts/fuzz.sh [seconds-per-target]        (default 60)
# Builds fuzz/ into build-fuzz/ (a separate CMake project: the main build is not touched),
# writes the seed corpus from tests/data/, runs each target for the given time, prints
# its executions, coverage and findings, and exits non-zero when any target found a crash,
# leak, timeout or out-of-memory. Inputs that fail go to build-fuzz/findings/. No network; the
# run is bounded (seconds per target, plus the build).
#
# The corpus grown by earlier runs is kept in build-fuzz/corpus/ and reused. FUZZ_TARGETS
# (default "fuzz_puzzle fuzz_http_inputs fuzz_http_policy") picks targets; FUZZ_ARGS adds libFuzzer flags.
set -eu
cd "$(dirname "$0")/.."
secs=${1:-60}
case $secs in
'' | *[!0-9]*) echo "usage: $0 [seconds-per-target]" >&2; exit 2 ;;
esac
targets=${FUZZ_TARGETS:-fuzz_puzzle fuzz_http_inputs fuzz_http_policy}
out=build-fuzz

cmake -S fuzz -B "$out" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$out" -j "$(nproc)"

seeds=$(mktemp -d "${TMPDIR:-/tmp}/rushhour-seeds.XXXXXX")
trap 'rm -rf "$seeds"' EXIT INT TERM
sh fuzz/make_corpus.sh "$seeds"
mkdir -p "$out/findings" "$out/logs"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

failed=0
summary=""
for t in $targets; do
    case $t in
    fuzz_puzzle) dict=fuzz/puzzle.dict; max_len=65536 ;;
    fuzz_http_inputs) dict=fuzz/http.dict; max_len=16384 ;;
    fuzz_http_policy) dict=fuzz/http_policy.dict; max_len=8192 ;;
    *) echo "unknown target $t" >&2; exit 2 ;;
    esac
    corpus="$out/corpus/$t"
    mkdir -p "$corpus"
    cp "$seeds/$t"/* "$corpus"/ 2>/dev/null || true
    log="$out/logs/$t.log"
    # Artifacts of this run only: earlier findings stay, but do not fail this run.
    stamp="$out/logs/$t.start"
    : >"$stamp"
    echo "== $t: ${secs}s (log: $log)"
    rc=0
    # shellcheck disable=SC2086
    "$out/$t" -max_total_time="$secs" -timeout=120 -rss_limit_mb=2048 -max_len="$max_len" \
        -dict="$dict" -artifact_prefix="$out/findings/$t-" -print_final_stats=1 \
        -report_slow_units=5 ${FUZZ_ARGS:-} "$corpus" "fuzz/seeds/$t" >"$log" 2>&1 || rc=$?
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([^ ]*\).*/\1/p')
    new=$(find "$out/findings" -name "$t-*" -newer "$stamp" -type f | sort)
    echo "   executions: ${execs:-?}  cov: ${cov:-?}  ft: ${ft:-?}  corpus: ${corp:-?}"
    echo "   last stats: $last"
    slow=$(printf '%s\n' "$new" | grep -c 'slow-unit-' || true)
    crashes=$(printf '%s\n' "$new" | grep -v 'slow-unit-' | grep -c . || true)
    if [ "$rc" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        failed=1
        echo "   FINDING (libFuzzer exit $rc):"
        grep -E 'ERROR: (Address|Leak|UndefinedBehavior)Sanitizer|runtime error:|invariant violated|ERROR: libFuzzer|SUMMARY:' \
            "$log" | head -n 8 | sed 's/^/     /'
        printf '%s\n' "$new" | grep -v 'slow-unit-' | grep . | sed 's/^/     input: /' || true
        summary="$summary $t:FAIL"
    else
        echo "   no findings"
        summary="$summary $t:ok"
    fi
    [ "$slow" -gt 0 ] && echo "   note: $slow slow input(s) (over 5 s) in $out/findings/"
done
echo "== fuzz summary:$summary"
exit $failed
