#!/bin/sh
# Proves the Dockerfile on a machine without a Docker engine or a reachable image registry:
#   1. makes the base images locally when they are absent (debootstrap --variant=minbase of
#      bookworm from the machine's Debian mirror, imported as docker.io/library/debian:bookworm;
#      the same tree is tagged docker.io/library/debian:bookworm-slim: here "slim" is that small
#      minbase rootfs, not Docker Hub's image);
#   2. builds the Dockerfile with podman (chroot isolation, no pulls, docker format so that
#      HEALTHCHECK is kept), which also runs the build stage's unit tests;
#   3. checks the image's configuration (user, ports, stop signal, health check, entrypoint);
#   4. starts the image's own binary from the mounted image under chroot (with /proc mounted,
#      as a runtime mounts it), as the image's non-root user with the image's environment
#      (`podman run` cannot work here), on loopback:
#      /healthz, --healthcheck, the bank it serves with no volume (every puzzle of
#      data/bank/*.counts), a real solve, the CLI, then SIGTERM and a clean exit 0.
# docs/operating.md's `podman build --format docker -t rushhourd:0.1.0 .` builds the same image.
# RH_SKIP_CONTAINER=1 skips it all. RH_CONTAINER_KEEP=1 keeps the built image.
# Needs, as root (or with sudo): podman, debootstrap, curl; and the Debian mirror (debootstrap
# and the Dockerfile's apt-get both use it). Kept between runs, as caches: the base images
# (~120 MB) and localhost/rushhourd:check-build (~780 MB, the build stage); `podman rmi` them to
# free the space. About 1.5 min the first time on 2 cores, 15-35 s after.
set -eu
export LC_ALL=C
cd "$(dirname "$0")/.."

if [ "${RH_SKIP_CONTAINER:-0}" = 1 ]; then
    echo "container-check: skipped: RH_SKIP_CONTAINER=1 (the Dockerfile was not built or checked)"
    exit 0
fi

IMAGE=localhost/rushhourd:check
CACHE_IMAGE=localhost/rushhourd:check-build
BASE=docker.io/library/debian:bookworm
SLIM=docker.io/library/debian:bookworm-slim

fail() {
    echo "container-check: FAIL: $*" >&2
    exit 1
}
if [ "$(id -u)" -ne 0 ]; then # podman build, chroot and debootstrap as root
    command -v sudo >/dev/null 2>&1 || fail "needs root (podman build, chroot, debootstrap) and sudo is missing"
    exec sudo RH_SKIP_CONTAINER=0 RH_CONTAINER_KEEP="${RH_CONTAINER_KEEP:-0}" \
        ${RH_DEBIAN_MIRROR:+RH_DEBIAN_MIRROR="$RH_DEBIAN_MIRROR"} sh "$(pwd)/scripts/container-check.sh"
fi
for tool in podman debootstrap curl; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] ||
        fail "'$tool' is not installed (scripts/install-deps.sh --test installs it; or set RH_SKIP_CONTAINER=1)"
done

now_ms() { date +%s%3N; }
T_ALL=$(now_ms)
T=$T_ALL
lap() { # lap WHAT: prints the time since the previous lap
    t=$(now_ms)
    printf 'container-check: %-44s %6.1f s\n' "$1" "$(echo "$t $T" | awk '{print ($1 - $2) / 1000}')"
    T=$t
}

WORK=$(mktemp -d /var/tmp/rushhourd-check.XXXXXX)
ROOTFS=""
MNT=""
PROC=""
PID=""
cleanup() {
    rc=$?
    set +e
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
        kill -KILL "$PID" 2>/dev/null
        wait "$PID" 2>/dev/null
    fi
    [ -z "$PROC" ] || umount "$PROC"
    [ -z "$MNT" ] || podman image unmount "$IMAGE" >/dev/null 2>&1
    if [ "${RH_CONTAINER_KEEP:-0}" != 1 ] && podman image exists "$IMAGE" 2>/dev/null; then
        podman rmi -f "$IMAGE" >/dev/null 2>&1
    fi
    podman image prune -f --filter label=rushhourd.stage=build >/dev/null 2>&1
    if [ -n "$ROOTFS" ] && [ -d "$ROOTFS" ]; then
        # debootstrap mounts /proc and /sys inside while it works: never delete through a mount
        grep -o " $ROOTFS/[^ ]*" /proc/mounts | sort -r | while read -r m; do umount -l "$m"; done
        rm -rf --one-file-system "$ROOTFS"
    fi
    rm -rf "$WORK"
    exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The Debian mirror this machine's apt uses for bookworm (one-line or deb822 sources), else the
# standard one. RH_DEBIAN_MIRROR overrides it.
mirror() {
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -r "$f" ] || continue
        awk '$1 == "deb" { i = 2
                 if ($2 ~ /^\[/) { while (i < NF && $i !~ /\]$/) i++; i++ }
                 if ($(i + 1) == "bookworm") { print $i; exit } }' "$f"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -r "$f" ] || continue
        awk 'BEGIN { RS = ""; FS = "\n" }
             { uris = ""; suites = ""; types = ""
               for (j = 1; j <= NF; j++) {
                   line = $j
                   if (line ~ /^URIs:/)   { sub(/^URIs:[ \t]*/, "", line); uris = line }
                   if (line ~ /^Suites:/) { sub(/^Suites:[ \t]*/, "", line); suites = " " line " " }
                   if (line ~ /^Types:/)  { types = " " line " " }
               }
               if (types ~ / deb / && suites ~ / bookworm / && uris != "") {
                   split(uris, u, /[ \t]+/); print u[1]; exit } }' "$f"
    done
}

# ------------------------------------------------------------------------- 1. the base images
if podman image exists "$BASE" && podman image exists "$SLIM"; then
    echo "container-check: base images $BASE and $SLIM present: reused"
else
    MIRROR=${RH_DEBIAN_MIRROR:-$(mirror | head -n 1)}
    MIRROR=${MIRROR:-http://deb.debian.org/debian}
    ROOTFS=$(mktemp -d /var/tmp/rushhourd-rootfs.XXXXXX)
    echo "container-check: making $BASE with debootstrap --variant=minbase bookworm from $MIRROR"
    debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 || {
        tail -n 30 "$WORK/debootstrap.log" >&2
        fail "debootstrap of bookworm from $MIRROR failed (log above)"
    }
    lap "debootstrap --variant=minbase bookworm"
    # As in Debian's official images: no package lists or downloaded packages inside.
    sh -c "rm -rf '$ROOTFS'/var/lib/apt/lists/* '$ROOTFS'/var/cache/apt/*.bin \
        '$ROOTFS'/var/cache/apt/archives/*.deb"
    tar -C "$ROOTFS" -c . | podman import --quiet --change 'CMD ["bash"]' \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$BASE" >/dev/null ||
        fail "podman import of the bookworm rootfs failed"
    # bookworm-slim here is the same minbase rootfs (it is small): only the tag differs.
    podman tag "$BASE" "$SLIM"
    lap "podman import as $BASE (+ -slim tag)"
    rm -rf --one-file-system "$ROOTFS"
    ROOTFS=""
fi

# ----------------------------------------------------------------------------------- 2. build
# The build stage is tagged as well and kept: it is the layer cache of the next run (unchanged
# sources rebuild in seconds); stale build stages (dangling, labelled) are pruned at the end.
BUILD="podman build --isolation chroot --pull=never --format docker -f Dockerfile"
echo "container-check: $BUILD [--target build -t $CACHE_IMAGE | -t $IMAGE] ."
if ! $BUILD --target build -t "$CACHE_IMAGE" . >"$WORK/build.log" 2>&1 ||
    ! $BUILD -t "$IMAGE" . >>"$WORK/build.log" 2>&1; then
    tail -n 40 "$WORK/build.log" >&2
    fail "podman build of the Dockerfile failed (last lines above)"
fi
if grep -q 'tests passed' "$WORK/build.log"; then
    grep -E '^ *[0-9]+/[0-9]+ Test|tests passed' "$WORK/build.log" | sed 's/^ */container-check:   build stage: /'
else
    echo "container-check:   build stage: cached (same sources as a build whose tests passed)"
fi
lap "podman build (build stage tests included)"

# ------------------------------------------------------------------------- 3. configuration
inspect() { podman image inspect --format "$1" "$IMAGE"; }
USER_NAME=$(inspect '{{.Config.User}}')
PORTS=$(inspect '{{json .Config.ExposedPorts}}')
STOPSIG=$(inspect '{{.Config.StopSignal}}')
ENTRY=$(inspect '{{json .Config.Entrypoint}}')
HEALTH=$(inspect '{{json .HealthCheck}}')
echo "container-check:   User=$USER_NAME ExposedPorts=$PORTS StopSignal=$STOPSIG"
echo "container-check:   Entrypoint=$ENTRY"
echo "container-check:   Healthcheck=$HEALTH"
[ "$USER_NAME" = 10001:10001 ] || fail "image User is '$USER_NAME', expected the numeric 10001:10001"
for port in 8080 8137; do # the API and the admin listener, as docs/operating.md publishes them
    case $PORTS in *"\"$port/tcp\""*) ;; *) fail "image does not expose $port/tcp: $PORTS" ;; esac
done
[ "$STOPSIG" = SIGTERM ] || fail "image StopSignal is '$STOPSIG', expected SIGTERM"
[ "$ENTRY" = '["/usr/local/bin/rushhourd"]' ] || fail "Entrypoint is not the exec form of rushhourd: $ENTRY"
case $HEALTH in
*'"CMD","/usr/local/bin/rushhourd","--healthcheck"'*) ;;
*) fail "image has no exec-form HEALTHCHECK running rushhourd --healthcheck: $HEALTH" ;;
esac

MNT=$(podman image mount "$IMAGE") || fail "podman image mount $IMAGE failed"
for f in rushhourd rushhour; do
    [ -x "$MNT/usr/local/bin/$f" ] || fail "/usr/local/bin/$f is not in the image"
done
[ -x "$MNT/bin/sleep" ] || fail "/bin/sleep (the Kubernetes preStop hook) is not in the image"
for f in usr/bin/gcc usr/bin/cc usr/bin/cmake src; do
    [ ! -e "$MNT/$f" ] || fail "the runtime image contains /$f: build stage content leaked"
done
grep -q "^rushhourd:x:10001:10001:" "$MNT/etc/passwd" ||
    fail "uid 10001 is not the rushhourd user in the image's /etc/passwd"
UID_=${USER_NAME%%:*}
GID_=${USER_NAME##*:}
echo "container-check:   user $USER_NAME is rushhourd; image size $(inspect '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')"
# The image's environment (as the runtime would set it), one VAR=value per line.
inspect '{{range .Config.Env}}{{println .}}{{end}}' | grep . >"$WORK/env"
grep -q '^RUSHHOURD_PORT=8080$' "$WORK/env" || fail "image ENV lacks RUSHHOURD_PORT=8080"
lap "image configuration and contents"

# ---------------------------------------------------------------------- 4. run the image's binary
# A runtime mounts /proc in the container: rushhourd's --bank auto finds the image's bank from
# /proc/self/exe, and --healthcheck reads the server's settings there.
[ -d "$MNT/proc" ] || fail "the image has no /proc to mount"
mount -t proc proc "$MNT/proc" || fail "mounting /proc in the image failed"
PROC="$MNT/proc"
# in_image CMD...: CMD inside the image's filesystem, as its user, with only its environment.
in_image() {
    # shellcheck disable=SC2046
    env -i $(cat "$WORK/env") /usr/sbin/chroot --userspec="$UID_:$GID_" "$MNT" "$@"
}
in_image /usr/local/bin/rushhourd --version | grep -q '^rushhourd 0\.1\.0$' || fail "rushhourd --version inside the image"
# The flags win over the image's RUSHHOURD_BIND=0.0.0.0: loopback only, any free ports.
: >"$WORK/server.log"
# Not through in_image: $! must be the server itself (env and chroot exec it) for SIGTERM.
# shellcheck disable=SC2046
env -i $(cat "$WORK/env") /usr/sbin/chroot --userspec="$UID_:$GID_" "$MNT" \
    /usr/local/bin/rushhourd --bind 127.0.0.1 --port 0 --admin-port 0 --grace-s 5 >"$WORK/server.log" 2>&1 &
PID=$!
PORT=""
i=0
while [ $i -lt 100 ]; do
    PORT=$(sed -n 's/.*"event":"start".*"port":\([0-9]*\).*/\1/p' "$WORK/server.log")
    [ -n "$PORT" ] && break
    kill -0 "$PID" 2>/dev/null || { cat "$WORK/server.log" >&2; fail "rushhourd from the image exited at start-up"; }
    sleep 0.1
    i=$((i + 1))
done
[ -n "$PORT" ] || { cat "$WORK/server.log" >&2; fail "rushhourd from the image did not start within 10 s"; }
URL="http://127.0.0.1:$PORT"
ADMIN_PORT=$(sed -n 's/.*"event":"start".*"admin_port":\([0-9]*\).*/\1/p' "$WORK/server.log")
[ -n "$ADMIN_PORT" ] || fail "the start line names no admin port"
SERVER_UID=$(awk '/^Uid:/ {print $2}' "/proc/$PID/status")
[ "$SERVER_UID" = "$UID_" ] || fail "the server runs as uid $SERVER_UID, expected $UID_"
echo "container-check:   rushhourd (pid $PID, uid $SERVER_UID) listening on $URL"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$URL/healthz") || true
[ "$code" = 200 ] || fail "GET /healthz answered '$code', expected 200"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$URL/readyz") || true
[ "$code" = 200 ] || fail "GET /readyz answered '$code', expected 200"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$ADMIN_PORT/healthz") || true
[ "$code" = 200 ] || fail "GET /healthz on the admin port answered '$code', expected 200"
# The image's HEALTHCHECK command (it asks the admin port), pointed at the ports this instance took.
in_image /usr/local/bin/rushhourd --healthcheck --port "$PORT" --admin-port "$ADMIN_PORT" ||
    fail "rushhourd --healthcheck inside the image exited $?, expected 0"
# The bank the image carries, served with no volume: every puzzle of the shipped parts.
SHIPPED=$(awk '$1 == "total" { n += $2 } END { print n + 0 }' data/bank/*.counts)
STATS=$(curl -s --max-time 10 "$URL/v1/puzzles/stats") || fail "GET /v1/puzzles/stats failed"
SERVED=$(printf '%s\n' "$STATS" | sed -n 's/^{[^{]*"total":\([0-9]*\).*/\1/p')
[ "$SERVED" = "$SHIPPED" ] ||
    fail "GET /v1/puzzles/stats: total '$SERVED', expected the $SHIPPED puzzles of data/bank/*.counts: $(printf '%s' "$STATS" | head -c 300)"
echo "container-check:   GET /v1/puzzles/stats: the image's own bank, $SERVED puzzles"
ANSWER=$(curl -s --max-time 30 -H 'Content-Type: application/json' --data @examples/jam01.json "$URL/v1/solve") ||
    fail "POST /v1/solve failed"
case $ANSWER in
*'"status":"solved"'*'"move_count":8'* | *'"move_count":8'*'"status":"solved"'*) ;;
*) fail "POST /v1/solve of Jam 1 did not answer solved in 8 moves: $ANSWER" ;;
esac
echo "container-check:   POST /v1/solve Jam 1: solved, move_count 8"
CLI=$(in_image /usr/local/bin/rushhour solve <examples/jam01.json) || fail "rushhour solve inside the image exited $?"
case $CLI in *'"move_count":8'*) ;; *) fail "rushhour solve of Jam 1 inside the image: $CLI" ;; esac
echo "container-check:   rushhour solve (CLI) Jam 1: move_count 8"
lap "server and CLI from the image"

kill -TERM "$PID"
i=0
while kill -0 "$PID" 2>/dev/null && [ $i -lt 150 ]; do
    sleep 0.1
    i=$((i + 1))
done
kill -0 "$PID" 2>/dev/null && fail "rushhourd did not exit within 15 s of SIGTERM"
set +e
wait "$PID"
rc=$?
set -e
PID=""
[ "$rc" -eq 0 ] || { cat "$WORK/server.log" >&2; fail "rushhourd exited $rc after SIGTERM, expected 0"; }
grep -q '"event":"stop"' "$WORK/server.log" || fail "no stop log line after SIGTERM"
echo "container-check:   SIGTERM: drained and exited 0"
lap "SIGTERM and exit"

T=$T_ALL
lap "total"
echo "container-check: OK"
