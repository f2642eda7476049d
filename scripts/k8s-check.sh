#!/bin/sh
# Checks the Kubernetes manifests offline (no cluster, no kustomize, no network beyond the npm
# registry for the pinned packages of package-lock.json, at the root):
#   - the kustomizations rendered as `kubectl apply -k` would (deploy/kustomize.mjs, for the
#     subset deploy/ uses; it refuses what it does not implement, and its own self-test proves
#     that on known-bad kustomizations);
#   - the service, deploy/server (a Deployment, its Service, HPA and PDB), by
#     deploy/check-manifest.mjs: every document against the Kubernetes API schemas bundled in
#     kubernetes-models; rushhourd's rules: replicas >= 2, enableServiceLinks false and no
#     Service whose links would define a RUSHHOURD_* setting, memory limit >= budget + cache +
#     headers + margin, CPU limit = RUSHHOURD_WORKERS, probes on /healthz and /readyz and the
#     Prometheus scrape on the admin port (which the Service does not expose), preStop sleep,
#     terminationGracePeriodSeconds > RUSHHOURD_GRACE_S + preStop, non-root and read-only,
#     selectors, the HPA targeting the Deployment, every RUSHHOURD_* name a real setting;
#   - the real server (build/rushhourd, when built) accepts the container's environment;
#   - deploy/server-bank (the service serving an enumeration's merged bank from its claim) by
#     the same check: the bank read-only on the claim, the rest as deploy/server;
#   - a self-test: each of a list of known-bad mutations of the manifests must be rejected;
#   - the enumeration's overlays (deploy/enumerate/walls1, the one-wall space, and
#     deploy/enumerate/walls2, the two-wall space, both over deploy/enumerate/base) the same way
#     by deploy/check-enumerate.mjs: schemas, its rules (one shard per completion index, banks
#     on the shared claim, restarts that resume, the merge of exactly those shards, applied
#     after the Job), and its own known-bad mutations.
# Needs node (18 or later) and npm. SERVER defaults to deploy/server (a kustomization, or a
# YAML file of the same documents).
#
#   scripts/k8s-check.sh [SERVER]
set -eu
cd "$(dirname "$0")/.."
SERVER=${1:-deploy/server}

fail() {
    echo "k8s-check: FAIL: $*" >&2
    exit 1
}
command -v node >/dev/null 2>&1 || fail "node is not installed (scripts/install-deps.sh --test installs nodejs)"
command -v npm >/dev/null 2>&1 || fail "npm is not installed (scripts/install-deps.sh --test installs npm)"
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 18 ] || fail "node $(node --version) is too old: 18 or later is needed"

# The pinned packages of the root's package-lock.json (scripts/contract-check.sh installs the
# same), installed when missing or older than the lock. deploy/node_modules, left by the former
# separate install, would shadow them for deploy/*.mjs: it goes.
rm -rf deploy/node_modules
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null || fail "npm ci failed"
fi

BINARY=""
if [ -x build/rushhourd ]; then
    BINARY="--server-binary build/rushhourd"
else
    echo "k8s-check: build/rushhourd not built: the server's own check of the environment is skipped"
fi
node deploy/kustomize.mjs --self-test
# $BINARY unquoted: empty, or two words (no spaces in these paths).
# shellcheck disable=SC2086
node deploy/check-manifest.mjs "$SERVER" --config-source src/server/base/config.c $BINARY --self-test
# shellcheck disable=SC2086
node deploy/check-manifest.mjs deploy/server-bank --config-source src/server/base/config.c $BINARY
node deploy/check-enumerate.mjs deploy/enumerate/walls1 --self-test
node deploy/check-enumerate.mjs deploy/enumerate/walls2 --self-test
echo "k8s-check: OK"
