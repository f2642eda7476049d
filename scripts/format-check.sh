#!/bin/sh
# Fails when a tracked C file differs from what clang-format makes of it with the checked-in
# .clang-format, and names the files: `clang-format -i FILE` fixes them.
set -eu
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null 2>&1 || {
    echo "format-check: clang-format is missing: run scripts/install-deps.sh --test" >&2
    exit 1
}
bad=0
for f in $(git ls-files '*.c' '*.h'); do
    if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "format-check: $f is not formatted (clang-format -i $f)" >&2
        bad=1
    fi
done
[ "$bad" -eq 0 ] || exit 1
echo "format-check: every C file matches .clang-format ($(clang-format --version | head -n 1))"
