#!/bin/sh
# The API contract checks: openapi.yaml linted by Redocly (redocly.yaml) and by Spectral's OpenAPI
# ruleset (.spectral.yaml; errors and warnings both fail), a TypeScript client generated from it
# by openapi-typescript (default options) that must type every request the docs show
# (tests/contract/typed-requests.ts, `tsc --strict`), then the contract suite (tests/contract/) against the real server, which proves that every
# response matches the spec and that every documented operation and status is produced, and
# that every example and figure README.md and docs/ give is what the server and the CLI answer,
# that docs/errors.md lists every problem type, and that every part states one version.
#
#   scripts/contract-check.sh [path to rushhourd]     (default: build/rushhourd)
#
# Needs node 18.18+ (Spectral's floor) and npm (scripts/install-deps.sh --test) and a built server (scripts/build.sh;
# scripts/test.sh builds first). Installs the pinned npm packages when they are missing or
# older than package-lock.json. Only the npm registry is contacted, and only for that.
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-build/rushhourd}

fail() {
    echo "contract-check: $*" >&2
    exit 1
}

command -v node >/dev/null 2>&1 || fail "node is missing: run scripts/install-deps.sh --test"
command -v npm >/dev/null 2>&1 || fail "npm is missing: run scripts/install-deps.sh --test"
node -e 'const [a, b] = process.versions.node.split(".").map(Number);
         process.exit(a > 18 || (a === 18 && b >= 18) ? 0 : 1)' ||
    fail "node $(node --version) is too old: 18.18 or newer is needed"
[ -x "$BIN" ] || fail "no server binary at $BIN: run scripts/build.sh first"
echo "contract-check: node $(node --version), npm $(npm --version 2>/dev/null), server $BIN"

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "== npm ci (the versions pinned in package-lock.json)"
    npm ci --no-audit --no-fund --ignore-scripts --loglevel=error || fail "npm ci failed"
fi

echo "== redocly lint openapi.yaml"
# No telemetry, no update check: nothing but the lint itself.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
status=0
lint=$(npx --no-install redocly lint openapi.yaml 2>&1) || status=$?
printf '%s\n' "$lint"
[ "$status" -eq 0 ] || fail "openapi.yaml has lint errors"
if printf '%s\n' "$lint" | grep -Eq 'You have [0-9]+ warnings?'; then
    fail "openapi.yaml has lint warnings (they count as failures)"
fi

echo "== spectral lint openapi.yaml (.spectral.yaml)"
npx --no-install spectral lint --fail-severity=warn openapi.yaml || fail "openapi.yaml has Spectral errors or warnings"

echo "== openapi-typescript openapi.yaml, then tsc --strict tests/contract/typed-requests.ts"
# Generated with the defaults, as a front-end team would, into build/ (never committed).
mkdir -p build/openapi-types
npx --no-install openapi-typescript openapi.yaml -o build/openapi-types/openapi.d.ts ||
    fail "openapi-typescript cannot read openapi.yaml"
npx --no-install tsc --strict --noEmit --target es2022 --module nodenext --moduleResolution nodenext \
    tests/contract/typed-requests.ts || fail "the generated types reject a request the docs show"

echo "== contract suite: tests/contract/ against $BIN"
RHD_BIN=$BIN node --test --test-reporter=spec tests/contract/ || fail "the contract suite failed"
echo "contract-check: openapi.yaml lints clean and matches $BIN"
