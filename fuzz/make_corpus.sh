#!/bin/sh
# Writes the seed corpora of the fuzz targets from the reference puzzles (POSIX sh + awk only):
#   fuzz/make_corpus.sh OUTDIR [PUZZLES_DIR]
# OUTDIR/fuzz_puzzle: every puzzle of jam40.tsv as a text grid, a one-line '/' grid, the
# database notation, and the JSON grid and board forms; every "puzzle" object of classic.jsonl
# and random.jsonl as JSON. OUTDIR/fuzz_http_inputs: the same puzzles as POST /v1/solve bodies
# (mode byte 5), some with options. The hand-written seeds in fuzz/seeds/ are used as well.
set -eu
out=${1:?usage: make_corpus.sh OUTDIR [PUZZLES_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
puzzles=${2:-$here/../tests/data}
for f in jam40.tsv classic.jsonl random.jsonl; do
    [ -r "$puzzles/$f" ] || { echo "make_corpus.sh: $puzzles/$f not found" >&2; exit 1; }
done
mkdir -p "$out/fuzz_puzzle" "$out/fuzz_http_inputs"

# fuzz_puzzle: the last byte of an input also picks the search (see fuzz_puzzle.c), so each
# text form ends differently.
awk -F'\t' -v dir="$out/fuzz_puzzle" '
NR == 1 { next }
{
    name = $1; rows = $2
    grid = rows; gsub("/", "\n", grid)
    printf "%s\n", grid > (dir "/" name ".grid"); close(dir "/" name ".grid")
    printf "%s", rows > (dir "/" name ".slash"); close(dir "/" name ".slash")
    # Database notation: x (the red car) becomes A, a becomes 1, other cars upper case.
    flat = rows; gsub("/", "", flat); board = ""
    for (i = 1; i <= length(flat); i++) {
        c = substr(flat, i, 1)
        if (c == "x") c = "A"; else if (c == ".") c = "o"; else if (c == "a") c = "1"
        else c = toupper(c)
        board = board c
    }
    printf "%s\t", board > (dir "/" name ".board"); close(dir "/" name ".board")
    n = split(rows, r, "/"); list = ""
    for (i = 1; i <= n; i++) list = list (i > 1 ? "," : "") "\"" r[i] "\""
    printf "{\"grid\":[%s]}", list > (dir "/" name ".json-grid"); close(dir "/" name ".json-grid")
    printf "{\"grid\":\"%s\",\"target\":\"x\"}\n", rows > (dir "/" name ".json-gridstring")
    close(dir "/" name ".json-gridstring")
    printf "{\"board\":\"%s\"} ", board > (dir "/" name ".json-board"); close(dir "/" name ".json-board")
}' "$puzzles/jam40.tsv"

# The "puzzle" member of each JSON line, found by matching braces (no braces occur in the
# strings of these files).
extract_puzzles() {
    awk -v dir="$1" -v prefix="$2" '
    {
        at = index($0, "\"puzzle\":")
        if (!at) next
        s = substr($0, at + 9); sub(/^ */, "", s)
        depth = 0; obj = ""
        for (i = 1; i <= length(s); i++) {
            c = substr(s, i, 1); obj = obj c
            if (c == "{") depth++
            else if (c == "}" && --depth == 0) break
        }
        name = prefix NR
        if (match($0, /"name": "[^"]*"/)) name = substr($0, RSTART + 9, RLENGTH - 10)
        file = dir "/" name ".json"
        # Alternate endings so the selector byte varies: }, newline, space, tab.
        tail = NR % 4 == 0 ? "" : NR % 4 == 1 ? "\n" : NR % 4 == 2 ? " " : "\t"
        printf "%s%s", obj, tail > file; close(file)
    }' "$3"
}
extract_puzzles "$out/fuzz_puzzle" classic- "$puzzles/classic.jsonl"
extract_puzzles "$out/fuzz_puzzle" random- "$puzzles/random.jsonl"

# fuzz_http_inputs: mode 5 (a POST /v1/solve body), a body limit of 8 KiB (3) and chunks of
# 1 + 17 * 15 bytes, then the body; JSON bodies alternately with options.
i=0
for f in "$out"/fuzz_puzzle/*; do
    i=$((i + 1))
    base=$(basename "$f")
    dest="$out/fuzz_http_inputs/body-$base"
    case $base in
    *.json | *.json-*)
        if [ $((i % 2)) -eq 0 ]; then
            { printf '\005\003\017'; cat "$f"; } >"$dest"
        else
            { printf '\005\003\017{"options":{"algorithm":"astar","metric":"slides",'
              printf '"max_nodes":5000,"timeout_ms":250,"include_boards":true},'
              tail -c +2 "$f"; } >"$dest"
        fi
        ;;
    *) { printf '\005\003\017'; cat "$f"; } >"$dest" ;;
    esac
done
