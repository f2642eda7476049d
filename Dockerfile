# rushhourd: the Rush Hour solver service as a container image (docs/operating.md, "Container").
#
#   podman build --format docker -t rushhourd:0.1.0 .      (or: docker build -t rushhourd:0.1.0 .)
#   podman run --rm --stop-timeout 30 -p 8080:8080 -p 8137:8137 rushhourd:0.1.0
#
# 8080 is the API, 8137 the admin listener (probes and metrics). The image serves the bank it
# carries: no volume is needed. `--format docker` keeps the HEALTHCHECK, which podman's default
# OCI format drops.
#
# Every setting is a RUSHHOURD_* environment variable (docs/configuration.md); the ENV lines
# below are the image's defaults. Set RUSHHOURD_WORKERS and RUSHHOURD_HTTP_THREADS to the CPUs
# the container may use: their default (0) means "one per core the kernel reports", which under
# a CPU limit is the node's core count, not the limit.
#
# scripts/container-check.sh builds this file on a machine without a Docker engine (podman,
# chroot isolation, locally made base images) and starts the image's binary.

# ---------------------------------------------------------------------------------------- build
FROM docker.io/library/debian:bookworm AS build
# Marks the build stage's images, so that scripts/container-check.sh can prune stale ones.
LABEL rushhourd.stage="build"
ARG DEBIAN_FRONTEND=noninteractive
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
        build-essential cmake pkg-config libcjson-dev libmicrohttpd-dev \
        libcriterion-dev libcurl4-openssl-dev libsqlite3-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# served-bank: the whole shipped bank (data/bank/*.tar.xz: its parts), checksummed, counted and
# loaded once here (a few seconds), never re-derived; the runtime stage copies the file.
RUN cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
 && cmake --build build -j "$(nproc)" --target rushhourd rushhour-cli served-bank test_validation \
    test_server_config test_server_metrics
# A few quick suites as a smoke test of this toolchain; CI runs every suite from the same
# sources.
RUN ctest --test-dir build --output-on-failure -R '^(test_validation|test_server_config|test_server_metrics)$' \
 && strip build/rushhourd build/rushhour

# -------------------------------------------------------------------------------------- runtime
FROM docker.io/library/debian:bookworm-slim
ARG DEBIAN_FRONTEND=noninteractive
# libmicrohttpd12 brings GnuTLS and its libraries, the rest of what `ldd rushhourd` lists;
# libsqlite3-0 is the `rushhour bank` commands' storage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcjson1 libmicrohttpd12 libsqlite3-0 \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 rushhourd \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin rushhourd
COPY --from=build /src/build/rushhourd /src/build/rushhour /usr/local/bin/
# The whole wall-free 6x6 bank (476,118 puzzles) and 30,007 one-wall puzzles, where rushhourd's
# --bank auto looks; serve another with -v DIR:/bank:ro -e RUSHHOURD_BANK=/bank/other.sqlite.
COPY --from=build /src/build/bank.sqlite /usr/local/share/rushhour/bank.sqlite

LABEL org.opencontainers.image.title="rushhourd" \
      org.opencontainers.image.description="An exact Rush Hour solver as an HTTP/JSON service" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="docker.io/library/debian:bookworm-slim"

ENV RUSHHOURD_BIND=0.0.0.0 \
    RUSHHOURD_PORT=8080 \
    RUSHHOURD_ADMIN_PORT=8137 \
    RUSHHOURD_LOG_LEVEL=info \
    RUSHHOURD_GRACE_S=20
# 8080: the API; 8137: the admin listener (/healthz, /readyz, /metrics only), which answers
# while the API port is flooded. The HEALTHCHECK below asks the admin port.
EXPOSE 8080 8137
# SIGTERM starts the drain: not ready, no new connections, running searches finish (or are
# cancelled at RUSHHOURD_GRACE_S), then exit 0. Give the runtime a stop timeout above that.
STOPSIGNAL SIGTERM
# --healthcheck reads the settings of PID 1 (this entry point) from /proc: it follows ports
# given as flags to `run` as well as RUSHHOURD_* variables.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/rushhourd", "--healthcheck"]
# Numeric, so that a runtime enforcing runAsNonRoot can verify it without reading /etc/passwd.
USER 10001:10001
ENTRYPOINT ["/usr/local/bin/rushhourd"]
