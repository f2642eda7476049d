/* rushhourd: the service's entry point. Configuration from flags and environment, JSON logs,
 * then serve until SIGTERM or SIGINT, drain within the grace period, and exit 0.
 *
 *   rushhourd [--flag value ...]   serve (see --help for every setting)
 *   rushhourd --healthcheck[=PID]  exit 0 when the server (PID 1 by default: an image's
 *                                  entry point) answers /healthz, on the ports it was started
 *                                  with (healthcheck.h) */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "rushhour/clock.h"
#include "healthcheck.h"
#include "log.h"
#include "rushhour/search.h"
#include "server.h"

extern char **environ;

static int cores(void)
{
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

int main(int argc, char **argv)
{
    static char usage[8192], err[4096];
    int check = 0; /* the pid --healthcheck asks about */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            rhd_config_usage(usage, sizeof usage);
            printf("usage: rushhourd [--flag value ...]      serve\n"
                   "       rushhourd --healthcheck[=PID] [--flag value ...]\n"
                   "                                         exit 0 when the server of process PID "
                   "(default 1) answers /healthz\n"
                   "       rushhourd --version               print \"rushhourd VERSION\"\n"
                   "       rushhourd --help                  print this\n\n%s",
                   usage);
            return 0;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("rushhourd %s\n", RHD_VERSION);
            return 0;
        }
        if (strncmp(argv[i], "--healthcheck", 13) == 0 && (!argv[i][13] || argv[i][13] == '=')) {
            char *end;
            check = argv[i][13] ? (int)strtol(argv[i] + 14, &end, 10) : 1;
            if (check <= 0 || (argv[i][13] && *end)) {
                fprintf(stderr, "rushhourd: --healthcheck=PID takes a process id\n");
                return 2;
            }
            /* the other arguments are ordinary settings: keep their order */
            memmove(&argv[i], &argv[i + 1], (size_t)(argc - i) * sizeof *argv);
            argc--;
            i--;
        }
    }
    if (check) {
        const int code = rhd_healthcheck(check, environ, argc, argv, cores(), err, sizeof err);
        if (code == 2) fprintf(stderr, "rushhourd: invalid configuration:\n%s", err);
        return code;
    }
    rhd_config cfg;
    if (rhd_config_load(&cfg, environ, argc, argv, cores(), err, sizeof err) != 0) {
        fprintf(stderr, "rushhourd: invalid configuration:\n%s", err);
        return 2;
    }

    /* Signals are taken by sigwait in this thread only: block them before any thread starts. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    rhd_log_set_level(cfg.log_level);

    rhd_server *server;
    if (rhd_server_start(&server, &cfg, err, sizeof err) != 0) {
        char fields[4200], escaped[4100];
        rhd_json_escape(escaped, sizeof escaped, err);
        snprintf(fields, sizeof fields, "\"error\":\"%s\"", escaped);
        rhd_log(RHD_LOG_ERROR, "start_failed", fields);
        return 1;
    }
    /* The limits in force, after defaults and clamping: what an operator needs to read. */
    char fields[1024];
    snprintf(
        fields, sizeof fields,
        "\"version\":\"%s\",\"bind\":\"%s\",\"port\":%d,\"admin_port\":%d,"
        "\"http_threads\":%d,\"workers\":%d,\"queue_length\":%d,\"batch_max\":%d,"
        "\"search_memory_bytes\":%zu,\"max_body_bytes\":%zu,\"max_nodes\":%llu,"
        "\"timeout_ms\":%d,\"timeout_max_ms\":%d,\"cache_bytes\":%zu,\"table_cache_bytes\":%zu,"
        "\"max_connections\":%d,\"max_connections_per_ip\":%d,\"idle_timeout_s\":%d,"
        "\"header_timeout_s\":%d,\"body_timeout_s\":%d,\"playground\":%s,\"public_metrics\":%s",
        RHD_VERSION, cfg.bind, rhd_server_port(server), rhd_server_admin_port(server),
        cfg.http_threads, cfg.workers, cfg.queue_length, rhd_config_batch_max(&cfg),
        rhd_config_search_memory(&cfg), (size_t)cfg.max_body_bytes,
        (unsigned long long)cfg.max_nodes, cfg.timeout_ms, cfg.timeout_max_ms,
        (size_t)cfg.cache_bytes, (size_t)cfg.table_cache_bytes, cfg.max_connections,
        cfg.max_connections_per_ip, cfg.idle_timeout_s, cfg.header_timeout_s, cfg.body_timeout_s,
        cfg.playground ? "true" : "false", cfg.public_metrics ? "true" : "false");
    rhd_server_set_ready(server, true); /* before the log line that tells clients to come */
    rhd_log(RHD_LOG_INFO, "start", fields);
    if (rhd_config_batch_max(&cfg) < cfg.batch_max) {
        snprintf(fields, sizeof fields,
                 "\"setting\":\"batch_max\",\"configured\":%d,\"effective\":%d,"
                 "\"why\":\"a batch may not hold more searches than the queue takes\"",
                 cfg.batch_max, rhd_config_batch_max(&cfg));
        rhd_log(RHD_LOG_WARN, "setting_clamped", fields);
    }
    char unknown[400], escaped[820];
    if (rhd_config_unknown_env(environ, unknown, sizeof unknown) > 0) {
        rhd_json_escape(escaped, sizeof escaped, unknown);
        snprintf(fields, sizeof fields,
                 "\"names\":\"%s\",\"why\":\"no setting has these names; they are ignored\"",
                 escaped);
        rhd_log(RHD_LOG_WARN, "unknown_environment", fields);
    }

    /* The main thread waits for a stop signal, doing the server's clockwork in between. */
    int sig;
    do {
        const struct timespec wait = {(time_t)rhd_server_tick(server), 0};
        sig = sigtimedwait(&stop, NULL, &wait);
    } while (sig < 0); /* EAGAIN: the time passed; EINTR */
    const uint64_t t0 = rh_clock_us();
    snprintf(fields, sizeof fields, "\"signal\":\"%s\",\"grace_s\":%d",
             sig == SIGINT ? "SIGINT" : "SIGTERM", cfg.grace_s);
    rhd_server_begin_drain(server); /* before the log line that tells clients it began */
    rhd_log(RHD_LOG_INFO, "draining", fields);
    rhd_server_drain(server, t0 + (uint64_t)cfg.grace_s * 1000000u);
    rhd_server_stop(server);
    snprintf(fields, sizeof fields, "\"drain_us\":%llu", (unsigned long long)(rh_clock_us() - t0));
    rhd_log(RHD_LOG_INFO, "stop", fields);
    return 0;
}
