#!/bin/sh
# The commit message rule (CONTRIBUTING.md): a subject `area: what changed` of at most 72
# characters, where area is a lowercase word (letters, digits, '-', '/', '.', '_', and several
# joined by ", "); then, if there is a body, a blank line before it.
#
#   scripts/commit-check.sh                  every commit made after CONTRIBUTING.md landed
#   scripts/commit-check.sh --message FILE   one message (the commit-msg hook)
#
# Outside a git checkout (a tree copied without its history) there is nothing to check.
set -eu
cd "$(dirname "$0")/.."

# check_message SUBJECT SECOND-LINE LABEL: prints what is wrong, returns 1 if anything is.
check_message() {
    bad=0
    if [ "${#1}" -gt 72 ]; then
        echo "commit-check: $3: the subject has ${#1} characters (at most 72): $1"
        bad=1
    fi
    if ! printf '%s\n' "$1" | grep -Eq '^[a-z0-9][a-z0-9./_-]*(, [a-z0-9][a-z0-9./_-]*)*: [^ ]'; then
        echo "commit-check: $3: the subject is not 'area: what changed': $1"
        bad=1
    fi
    if [ -n "$2" ]; then
        echo "commit-check: $3: no blank line between the subject and the body"
        bad=1
    fi
    return "$bad"
}

if [ "${1:-}" = "--message" ]; then
    # Git's comment lines (#) are not part of the message.
    msg=$(grep -v '^#' "$2" || true)
    subject=$(printf '%s\n' "$msg" | sed -n 1p)
    second=$(printf '%s\n' "$msg" | sed -n 2p)
    check_message "$subject" "$second" "this message" || exit 1
    exit 0
fi

if ! git rev-parse --git-dir >/dev/null 2>&1; then
    echo "commit-check: not a git checkout: no history to check"
    exit 0
fi
since=$(git log --diff-filter=A --format=%H -- CONTRIBUTING.md | tail -n 1)
[ -n "$since" ] || { echo "commit-check: CONTRIBUTING.md is not committed yet"; exit 0; }
failed=0 count=0
for c in $(git rev-list "$since"^..HEAD); do
    count=$((count + 1))
    subject=$(git log -1 --format=%s "$c")
    second=$(git log -1 --format=%B "$c" | sed -n 2p)
    check_message "$subject" "$second" "$(git log -1 --format=%h "$c")" || failed=1
done
[ "$failed" -eq 0 ] || exit 1
echo "commit-check: the $count commits since CONTRIBUTING.md landed follow the message rule"
