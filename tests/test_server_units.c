/* The service's own units, without HTTP: settings (defaults, environment, flags, every kind of
 * error, CORS matching, --help), JSON log lines and escaping, and the Prometheus registry
 * (exact lines, cumulative histograms, gauges, and exact counts under concurrent updates). */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <pthread.h>
#include <regex.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "config.h"
#include "log.h"
#include "metrics.h"
#include "rushhour/json.h"
#include "throttle.h"

#define KIB ((size_t)1024)
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)
#define ERR_LEN 4096

/* ---- helpers ---- */

/* Loads with `env` and the flags `flags` (both NULL-terminated) and `cores` cores. */
static int load(rhd_config *cfg, char **env, char **flags, int cores, char *err)
{
    char *argv[32] = {"rushhourd"};
    int argc = 1;
    for (char **f = flags; f && *f; f++) argv[argc++] = *f;
    char *empty[] = {NULL};
    return rhd_config_load(cfg, env ? env : empty, argc, argv, cores, err, ERR_LEN);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* True when `text` has `line` as a whole line. */
static bool has_line(const char *text, const char *line)
{
    const size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0')) return true;
    return false;
}

/* The line of `text` containing `needle`, copied to `out`, or "" when none does. */
static void line_with(char *out, size_t len, const char *text, const char *needle)
{
    out[0] = '\0';
    const char *p = strstr(text, needle);
    if (!p) return;
    while (p > text && p[-1] != '\n') p--;
    const char *end = strchr(p, '\n');
    const size_t n = end ? (size_t)(end - p) : strlen(p);
    snprintf(out, len, "%.*s", (int)n, p);
}

/* ---- config: defaults, environment, flags ---- */

Test(config, unknown_environment_names)
{
    char *env[] = {"RUSHHOURD_PORT=1",         "RUSHHOURD_PROT=2",    "HOME=/root",
                   "RUSHHOURD_SERVICE_HOST=x", "RUSHHOURD_WORKERS=3", NULL};
    char names[64];
    cr_expect_eq(rhd_config_unknown_env(env, names, sizeof names), 2);
    cr_expect_str_eq(names, "RUSHHOURD_PROT,RUSHHOURD_SERVICE_HOST");
    char tiny[20];
    cr_expect_eq(rhd_config_unknown_env(env, tiny, sizeof tiny), 2, "counted even when cut");
    cr_expect_str_eq(tiny, "RUSHHOURD_PROT");
    char *none[] = {"RUSHHOURD_PORT=1", NULL};
    cr_expect_eq(rhd_config_unknown_env(none, names, sizeof names), 0);
    cr_expect_str_eq(names, "");
}

Test(config, defaults)
{
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, NULL, NULL, 6, err), 0, "defaults rejected: %s", err);
    cr_expect_str_empty(err);
    cr_expect_str_eq(c.bind, "0.0.0.0");
    cr_expect_eq(c.port, 8080);
    cr_expect_eq(c.http_threads, 6);
    cr_expect_eq(c.workers, 6);
    cr_expect_eq(c.queue_length, 64);
    cr_expect_eq(c.max_body_bytes, 64 * KIB);
    cr_expect_eq(c.max_nodes, 20000000u);
    cr_expect_eq(c.timeout_ms, 5000);
    cr_expect_eq(c.timeout_max_ms, 30000);
    cr_expect_eq(c.memory_budget_bytes, GIB);
    cr_expect_eq(c.cache_bytes, 64 * MIB);
    cr_expect_eq(c.max_connections, 1024);
    cr_expect_eq(c.max_connections_per_ip, 128);
    cr_expect_eq(c.idle_timeout_s, 30);
    cr_expect_eq(c.header_timeout_s, 10);
    cr_expect_eq(c.body_timeout_s, 30);
    cr_expect_eq(c.admin_port, 9090);
    cr_expect_eq(c.header_memory_bytes, 32 * KIB);
    cr_expect_eq(c.grace_s, 20);
    cr_expect_str_empty(c.cors_origins);
    cr_expect_eq(c.log_level, RHD_LOG_INFO);
}

Test(config, zero_threads_become_cores_within_range)
{
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, NULL, NULL, 0, err), 0, "%s", err);
    cr_expect_eq(c.http_threads, 1);
    cr_expect_eq(c.workers, 1);
    cr_assert_eq(load(&c, NULL, NULL, 5000, err), 0, "%s", err);
    cr_expect_eq(c.http_threads, 256);
    cr_expect_eq(c.workers, 1024);
    char *flags[] = {"--http-threads", "3", "--workers", "0", NULL};
    cr_assert_eq(load(&c, NULL, flags, 8, err), 0, "%s", err);
    cr_expect_eq(c.http_threads, 3);
    cr_expect_eq(c.workers, 8);
}

Test(config, environment_overrides_defaults)
{
    char *env[] = {"PATH=/usr/bin",
                   "RUSHHOURD_PORT=9000",
                   "RUSHHOURD_BIND=::1",
                   "RUSHHOURD_WORKERS=3",
                   "RUSHHOURD_MAX_NODES=1000000000000",
                   "RUSHHOURD_MAX_BODY_BYTES=2MiB",
                   "RUSHHOURD_MEMORY_BUDGET_BYTES=3221225472",
                   "RUSHHOURD_CORS_ORIGINS=https://a.example",
                   "RUSHHOURD_LOG_LEVEL=debug",
                   "RUSHHOURD_GRACE_S=0",
                   "RUSHHOURD_SERVICE_HOST=10.0.0.1", /* not ours: ignored */
                   NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, env, NULL, 2, err), 0, "%s", err);
    cr_expect_eq(c.port, 9000);
    cr_expect_str_eq(c.bind, "::1");
    cr_expect_eq(c.workers, 3);
    cr_expect_eq(c.http_threads, 2);
    cr_expect_eq(c.max_nodes, UINT64_C(1000000000000));
    cr_expect_eq(c.max_body_bytes, 2 * MIB);
    cr_expect_eq(c.memory_budget_bytes, 3 * GIB);
    cr_expect_str_eq(c.cors_origins, "https://a.example");
    cr_expect_eq(c.log_level, RHD_LOG_DEBUG);
    cr_expect_eq(c.grace_s, 0);
    cr_expect_eq(c.queue_length, 64, "an unset variable keeps its default");
}

Test(config, first_environment_definition_wins_and_empty_means_unset)
{
    char *env[] = {"RUSHHOURD_PORT=1", "RUSHHOURD_PORT=2", "RUSHHOURD_WORKERS=", NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, env, NULL, 5, err), 0, "%s", err);
    cr_expect_eq(c.port, 1);
    cr_expect_eq(c.workers, 5);
}

Test(config, flags_override_environment)
{
    char *env[] = {"RUSHHOURD_PORT=9000", "RUSHHOURD_LOG_LEVEL=debug", "RUSHHOURD_WORKERS=3", NULL};
    char *flags[] = {"--port", "9100", "--log-level=error", "--bind=127.0.0.1", NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, env, flags, 2, err), 0, "%s", err);
    cr_expect_eq(c.port, 9100);
    cr_expect_eq(c.log_level, RHD_LOG_ERROR);
    cr_expect_str_eq(c.bind, "127.0.0.1");
    cr_expect_eq(c.workers, 3, "a setting without a flag keeps the environment's value");
}

Test(config, equals_form_and_last_flag_wins)
{
    char *flags[] = {"--port=1234", "--queue-length=10", "--queue-length",
                     "20",          "--cors-origins=*",  "--max-nodes=5",
                     "--port=0",    "--grace-s=3600",    "--timeout-max-ms=600000",
                     NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, NULL, flags, 2, err), 0, "%s", err);
    cr_expect_eq(c.port, 0);
    cr_expect_eq(c.queue_length, 20);
    cr_expect_str_eq(c.cors_origins, "*");
    cr_expect_eq(c.max_nodes, 5u);
    cr_expect_eq(c.grace_s, 3600);
    cr_expect_eq(c.timeout_max_ms, 600000);
}

Test(config, batch_max_never_above_the_queue)
{
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, NULL, NULL, 2, err), 0, "%s", err);
    cr_expect_eq(c.batch_max, 32);
    cr_expect_eq(rhd_config_batch_max(&c), 32);
    char *env[] = {"RUSHHOURD_BATCH_MAX=100", NULL};
    cr_assert_eq(load(&c, env, NULL, 2, err), 0, "%s", err);
    cr_expect_eq(rhd_config_batch_max(&c), 64, "a batch the queue cannot take is never allowed");
    char *flags[] = {"--batch-max", "0", NULL};
    cr_expect_eq(load(&c, NULL, flags, 2, err), -1);
    cr_expect_not_null(strstr(err, "--batch-max"), "%s", err);
}

Test(config, size_suffixes)
{
    char *flags[] = {"--memory-budget-bytes", "2GiB",    "--max-body-bytes=1KiB",
                     "--header-memory-bytes", "1048576", NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, NULL, flags, 2, err), 0, "%s", err);
    cr_expect_eq(c.memory_budget_bytes, 2 * GIB);
    cr_expect_eq(c.max_body_bytes, KIB);
    cr_expect_eq(c.header_memory_bytes, MIB);

    char *bad[] = {"--max-body-bytes", "1KB", NULL};
    cr_assert_eq(load(&c, NULL, bad, 2, err), -1);
    cr_expect_eq(count_lines(err), 1, "%s", err);
    cr_expect(strncmp(err, "--max-body-bytes: 1KB is not", 28) == 0, "%s", err);
    char *suffix_on_count[] = {"--port", "8KiB", NULL};
    cr_assert_eq(load(&c, NULL, suffix_on_count, 2, err), -1, "suffixes are for sizes only");
    cr_expect_str_eq(err, "--port: 8KiB is not a decimal integer\n");
}

/* ---- config: errors ---- */

Test(config, unknown_flag)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--nope", NULL};
    cr_assert_eq(load(&c, NULL, flags, 2, err), -1);
    cr_expect_str_eq(err, "--nope: unknown flag (see --help)\n");
    char *with_value[] = {"--prot", "8081", "--port", "8082", NULL};
    cr_assert_eq(load(&c, NULL, with_value, 2, err), -1);
    cr_expect_str_eq(err, "--prot: unknown flag (see --help)\n", "one typo, one message");
    cr_expect_eq(c.port, 8082);
    char *help[] = {"--help", NULL};
    cr_expect_eq(load(&c, NULL, help, 2, err), -1, "main handles --help, not the loader");
    char *positional[] = {"8080", NULL};
    cr_assert_eq(load(&c, NULL, positional, 2, err), -1);
    cr_expect_eq(count_lines(err), 1, "%s", err);
    cr_expect(strncmp(err, "8080: unexpected argument", 25) == 0, "%s", err);
    char *single_dash[] = {"-p", NULL};
    cr_expect_eq(load(&c, NULL, single_dash, 2, err), -1);
}

Test(config, missing_value)
{
    rhd_config c;
    char err[ERR_LEN];
    char *last[] = {"--port", NULL};
    cr_assert_eq(load(&c, NULL, last, 2, err), -1);
    cr_expect_str_eq(err, "--port: missing value\n");
    char *followed_by_flag[] = {"--port", "--workers", "2", NULL};
    cr_assert_eq(load(&c, NULL, followed_by_flag, 2, err), -1);
    cr_expect_str_eq(err, "--port: missing value\n");
    cr_expect_eq(c.workers, 2, "the next flag is still parsed");
    char *empty[] = {"--port=", NULL};
    cr_assert_eq(load(&c, NULL, empty, 2, err), -1);
    cr_expect_eq(count_lines(err), 1, "%s", err);
    cr_expect(strncmp(err, "--port: ", 8) == 0, "%s", err);
}

Test(config, not_a_number)
{
    static const char *const bad[] = {"12abc", "abc", "-5", "+5", " 5", "5 ", "0x10", "1e3", "1.5"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        rhd_config c;
        char err[ERR_LEN], want[128];
        char *flags[] = {"--port", (char *)bad[k], NULL};
        cr_expect_eq(load(&c, NULL, flags, 2, err), -1, "--port '%s' accepted", bad[k]);
        snprintf(want, sizeof want, "--port: %s is not a decimal integer\n", bad[k]);
        cr_expect_str_eq(err, want);
    }
}

Test(config, out_of_range)
{
    rhd_config c;
    char err[ERR_LEN];
    char *port[] = {"--port", "70000", NULL};
    cr_assert_eq(load(&c, NULL, port, 2, err), -1);
    cr_expect_str_eq(err, "--port: 70000 is out of range (0..65535)\n");
    char *env[] = {"RUSHHOURD_PORT=70000", NULL};
    cr_assert_eq(load(&c, env, NULL, 2, err), -1);
    cr_expect_str_eq(err, "RUSHHOURD_PORT: 70000 is out of range (0..65535)\n");
    char *huge[] = {"--max-nodes", "99999999999999999999999", NULL};
    cr_assert_eq(load(&c, NULL, huge, 2, err), -1, "overflow must not wrap");
    cr_expect_str_eq(err, "--max-nodes: 99999999999999999999999 is out of range "
                          "(1..1000000000000)\n");
    char *body[] = {"--max-body-bytes", "512", NULL};
    cr_assert_eq(load(&c, NULL, body, 2, err), -1);
    cr_expect_str_eq(err, "--max-body-bytes: 512 is out of range (1KiB..16MiB)\n");
    char *zero[] = {"--queue-length=0", NULL};
    cr_assert_eq(load(&c, NULL, zero, 2, err), -1);
    cr_expect_str_eq(err, "--queue-length: 0 is out of range (1..100000)\n");
    char *threads[] = {"--http-threads", "257", NULL};
    cr_expect_eq(load(&c, NULL, threads, 2, err), -1);
    char *budget[] = {"--memory-budget-bytes", "2TiB", NULL};
    cr_expect_eq(load(&c, NULL, budget, 2, err), -1);
    char *suffix_overflow[] = {"--memory-budget-bytes", "18014398509481984TiB", NULL};
    cr_expect_eq(load(&c, NULL, suffix_overflow, 2, err), -1);
}

Test(config, bad_bind_address)
{
    static const char *const bad[] = {"300.1.1.1", "localhost", "[::1]", "1.2.3", "", "::g"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        rhd_config c;
        char err[ERR_LEN], flag[64];
        snprintf(flag, sizeof flag, "--bind=%s", bad[k]);
        char *flags[] = {flag, NULL};
        cr_expect_eq(load(&c, NULL, flags, 2, err), -1, "--bind '%s' accepted", bad[k]);
        cr_expect(strstr(err, "is not an IPv4 or IPv6 address") != NULL, "%s", err);
    }
    rhd_config c;
    char err[ERR_LEN];
    char *v6[] = {"--bind", "fe80::1:2", NULL};
    cr_expect_eq(load(&c, NULL, v6, 2, err), 0, "%s", err);
}

Test(config, bad_log_level)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--log-level", "verbose", NULL};
    cr_assert_eq(load(&c, NULL, flags, 2, err), -1);
    cr_expect_str_eq(err, "--log-level: verbose is not one of debug, info, warn, error\n");
    char *env[] = {"RUSHHOURD_LOG_LEVEL=INFO", NULL};
    cr_expect_eq(load(&c, env, NULL, 2, err), -1);
    cr_expect_eq(count_lines(err), 1);
    char *ok[] = {"--log-level=warn", NULL};
    cr_assert_eq(load(&c, NULL, ok, 2, err), 0, "%s", err);
    cr_expect_eq(c.log_level, RHD_LOG_WARN);
}

Test(config, playground_switch)
{
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, NULL, NULL, 2, err), 0, "%s", err);
    cr_expect(c.playground, "the playground is on by default");
    char *off[] = {"RUSHHOURD_PLAYGROUND=off", NULL};
    cr_assert_eq(load(&c, off, NULL, 2, err), 0, "%s", err);
    cr_expect_not(c.playground);
    char *on[] = {"--playground=on", NULL};
    cr_assert_eq(load(&c, off, on, 2, err), 0, "%s", err);
    cr_expect(c.playground, "the flag wins over the variable");
    /* One spelling only: "yes", "1" or "ON" could be read either way by a reader. */
    char *yes[] = {"--playground", "yes", NULL};
    cr_assert_eq(load(&c, NULL, yes, 2, err), -1);
    cr_expect_str_eq(err, "--playground: yes is not on or off\n");
    char *upper[] = {"RUSHHOURD_PLAYGROUND=OFF", NULL};
    cr_assert_eq(load(&c, upper, NULL, 2, err), -1);
    cr_expect_str_eq(err, "RUSHHOURD_PLAYGROUND: OFF is not on or off\n");
}

Test(config, timeout_above_its_maximum)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--timeout-ms", "40000", NULL};
    cr_assert_eq(load(&c, NULL, flags, 2, err), -1);
    cr_expect_str_eq(err, "--timeout-ms: 40000 is more than --timeout-max-ms (30000)\n");
    char *env[] = {"RUSHHOURD_TIMEOUT_MAX_MS=1000", NULL};
    cr_assert_eq(load(&c, env, NULL, 2, err), -1, "the default 5000 exceeds the maximum");
    cr_expect_str_eq(err, "--timeout-ms: 5000 is more than RUSHHOURD_TIMEOUT_MAX_MS (1000)\n");
    char *equal[] = {"--timeout-ms=1000", "--timeout-max-ms=1000", NULL};
    cr_expect_eq(load(&c, NULL, equal, 2, err), 0, "%s", err);
}

Test(config, admin_port_off_any_or_its_own)
{
    rhd_config c;
    char err[ERR_LEN];
    char *off[] = {"--admin-port", "off", NULL};
    cr_assert_eq(load(&c, NULL, off, 2, err), 0, "%s", err);
    cr_expect_eq(c.admin_port, -1);
    char *env[] = {"RUSHHOURD_ADMIN_PORT=0", "RUSHHOURD_HEADER_TIMEOUT_S=3",
                   "RUSHHOURD_BODY_TIMEOUT_S=4", NULL};
    cr_assert_eq(load(&c, env, NULL, 2, err), 0, "%s", err);
    cr_expect_eq(c.admin_port, 0);
    cr_expect_eq(c.header_timeout_s, 3);
    cr_expect_eq(c.body_timeout_s, 4);
    char *same[] = {"--port", "9090", NULL};
    cr_assert_eq(load(&c, NULL, same, 2, err), -1, "two listeners on one port");
    cr_expect_str_eq(err, "--admin-port: 9090 is also --port (turn it off with off)\n");
    char *both_any[] = {"--port", "0", "--admin-port", "0", NULL};
    cr_expect_eq(load(&c, NULL, both_any, 2, err), 0, "%s", err);
    char *bad[] = {"--admin-port", "none", "--header-timeout-s", "0", NULL};
    cr_assert_eq(load(&c, NULL, bad, 2, err), -1);
    cr_expect_str_eq(err, "--admin-port: none is not a decimal integer; or off\n"
                          "--header-timeout-s: 0 is out of range (1..3600)\n");
}

Test(config, cors_list_with_blanks_inside_an_origin)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--cors-origins", "https://a.example https://b.example", NULL};
    cr_assert_eq(load(&c, NULL, flags, 2, err), -1, "a space-separated list would allow nothing");
    cr_expect_eq(count_lines(err), 1, "%s", err);
    char long_list[600];
    memset(long_list, 'a', sizeof long_list - 1);
    long_list[sizeof long_list - 1] = '\0';
    char *too_long[] = {"--cors-origins", long_list, NULL};
    cr_expect_eq(load(&c, NULL, too_long, 2, err), -1);
}

Test(config, every_error_is_reported)
{
    char *env[] = {"RUSHHOURD_PORT=x", "RUSHHOURD_GRACE_S=99999", NULL};
    char *flags[] = {"--workers",
                     "0x1",
                     "--bind",
                     "nope",
                     "--log-level=loud",
                     "--nope",
                     "--idle-timeout-s=0",
                     "--timeout-ms",
                     "40000",
                     "--queue-length",
                     NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, env, flags, 2, err), -1);
    cr_expect_eq(count_lines(err), 9, "expected 9 problems, got:\n%s", err);
    static const char *const starts[] = {
        "RUSHHOURD_PORT: x is not a decimal integer",
        "RUSHHOURD_GRACE_S: 99999 is out of range (0..3600)",
        "--workers: 0x1 is not a decimal integer",
        "--bind: nope is not an IPv4 or IPv6 address",
        "--log-level: loud is not one of",
        "--nope: unknown flag",
        "--idle-timeout-s: 0 is out of range (1..3600)",
        "--queue-length: missing value",
        "--timeout-ms: 40000 is more than --timeout-max-ms (30000)",
    };
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++)
        cr_expect(strstr(err, starts[k]) != NULL, "no \"%s\" in:\n%s", starts[k], err);
    cr_expect_eq(err[strlen(err) - 1], '\n');
}

Test(config, an_environment_error_is_reported_even_when_a_flag_overrides_it)
{
    char *env[] = {"RUSHHOURD_PORT=x", NULL};
    char *flags[] = {"--port=81", NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_expect_eq(load(&c, env, flags, 2, err), -1);
    cr_expect_eq(c.port, 81);
}

Test(config, short_error_buffer_keeps_whole_lines)
{
    char *flags[] = {"--port=x", "--workers=y", "--grace-s=z", NULL};
    char *argv[] = {"rushhourd", flags[0], flags[1], flags[2]};
    char *env[] = {NULL};
    rhd_config c;
    char err[50];
    memset(err, '#', sizeof err);
    cr_assert_eq(rhd_config_load(&c, env, 4, argv, 2, err, sizeof err), -1);
    cr_expect_str_eq(err, "--port: x is not a decimal integer\n");
    cr_expect_eq(rhd_config_load(&c, env, 4, argv, 2, NULL, 0), -1, "no buffer: still -1");
    char x[200];
    memset(x, 'x', sizeof x - 1);
    x[sizeof x - 1] = '\0';
    char *long_value[] = {"rushhourd", "--bind", x};
    char big[ERR_LEN];
    cr_assert_eq(rhd_config_load(&c, env, 3, long_value, 2, big, sizeof big), -1);
    cr_expect_eq(count_lines(big), 1);
    cr_expect_lt(strlen(big), 120, "long values are shortened: %s", big);
}

Test(config, search_memory_is_budget_per_worker)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--workers", "4", "--memory-budget-bytes", "1GiB", NULL};
    cr_assert_eq(load(&c, NULL, flags, 2, err), 0, "%s", err);
    cr_expect_eq(rhd_config_search_memory(&c), 256 * MIB);
    cr_assert_eq(load(&c, NULL, NULL, 3, err), 0, "%s", err);
    cr_expect_eq(rhd_config_search_memory(&c), GIB / 3);
}

Test(config, log_level_names)
{
    cr_expect_str_eq(rhd_log_level_name(RHD_LOG_DEBUG), "debug");
    cr_expect_str_eq(rhd_log_level_name(RHD_LOG_INFO), "info");
    cr_expect_str_eq(rhd_log_level_name(RHD_LOG_WARN), "warn");
    cr_expect_str_eq(rhd_log_level_name(RHD_LOG_ERROR), "error");
    cr_expect_str_eq(rhd_log_level_name((rhd_log_level)42), "unknown");
}

/* ---- config: CORS ---- */

static bool allowed(const char *list, const char *origin)
{
    rhd_config c;
    char err[ERR_LEN], flag[600];
    snprintf(flag, sizeof flag, "--cors-origins=%s", list);
    char *flags[] = {flag, NULL};
    cr_assert_eq(load(&c, NULL, flags, 2, err), 0, "%s", err);
    return rhd_config_origin_allowed(&c, origin);
}

Test(cors, exact_match)
{
    cr_expect(allowed("https://a.example", "https://a.example"));
    cr_expect_not(allowed("https://a.example", "https://a.example.evil"));
    cr_expect_not(allowed("https://a.example", "https://a.exampl"));
    cr_expect_not(allowed("https://a.example", "http://a.example"));
    cr_expect_not(allowed("https://a.example", "HTTPS://A.EXAMPLE"));
    cr_expect_not(allowed("https://a.example", ""));
    cr_expect_not(allowed("https://a.example", NULL));
}

Test(cors, star_allows_any_non_empty_origin)
{
    cr_expect(allowed("*", "https://anything.example"));
    cr_expect(allowed("*", "null"));
    cr_expect_not(allowed("*", ""));
    cr_expect_not(allowed("*", NULL));
}

Test(cors, list_with_spaces)
{
    const char *list = " https://a.example , https://b.example:8443,\thttp://c.example ";
    cr_expect(allowed(list, "https://a.example"));
    cr_expect(allowed(list, "https://b.example:8443"));
    cr_expect(allowed(list, "http://c.example"));
    cr_expect_not(allowed(list, "https://b.example"));
    cr_expect_not(allowed(list, " https://a.example"));
    cr_expect_not(allowed(list, "https://a.example , https://b.example:8443"));
    cr_expect(allowed("https://a.example,*", "https://z.example"));
}

Test(cors, empty_list_allows_none)
{
    cr_expect_not(allowed("", "https://a.example"));
    cr_expect_not(allowed(" , ", "https://a.example"));
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load(&c, NULL, NULL, 2, err), 0, "%s", err);
    cr_expect_not(rhd_config_origin_allowed(&c, "http://localhost"), "CORS is off by default");
}

/* ---- config: usage ---- */

Test(config, usage_lists_every_setting_on_one_aligned_line)
{
    static const char *const names[][2] = {
        {"--bind", "RUSHHOURD_BIND"},
        {"--port", "RUSHHOURD_PORT"},
        {"--http-threads", "RUSHHOURD_HTTP_THREADS"},
        {"--workers", "RUSHHOURD_WORKERS"},
        {"--queue-length", "RUSHHOURD_QUEUE_LENGTH"},
        {"--max-body-bytes", "RUSHHOURD_MAX_BODY_BYTES"},
        {"--max-nodes", "RUSHHOURD_MAX_NODES"},
        {"--timeout-ms", "RUSHHOURD_TIMEOUT_MS"},
        {"--timeout-max-ms", "RUSHHOURD_TIMEOUT_MAX_MS"},
        {"--memory-budget-bytes", "RUSHHOURD_MEMORY_BUDGET_BYTES"},
        {"--cache-bytes", "RUSHHOURD_CACHE_BYTES"},
        {"--max-connections", "RUSHHOURD_MAX_CONNECTIONS"},
        {"--max-connections-per-ip", "RUSHHOURD_MAX_CONNECTIONS_PER_IP"},
        {"--idle-timeout-s", "RUSHHOURD_IDLE_TIMEOUT_S"},
        {"--header-memory-bytes", "RUSHHOURD_HEADER_MEMORY_BYTES"},
        {"--grace-s", "RUSHHOURD_GRACE_S"},
        {"--cors-origins", "RUSHHOURD_CORS_ORIGINS"},
        {"--playground", "RUSHHOURD_PLAYGROUND"},
        {"--log-level", "RUSHHOURD_LOG_LEVEL"},
    };
    char text[16384];
    rhd_config_usage(text, sizeof text);
    cr_assert_lt(strlen(text), sizeof text - 1, "usage text was cut");
    long column = -1;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char want[80], line[512];
        snprintf(want, sizeof want, "  %s ", names[k][0]);
        line_with(line, sizeof line, text, want);
        cr_expect_str_not_empty(line, "no line for %s", names[k][0]);
        const char *env = strstr(line, names[k][1]);
        cr_expect_not_null(env, "%s and %s are not on one line", names[k][0], names[k][1]);
        if (env && column < 0) column = env - line;
        if (env) cr_expect_eq(env - line, column, "%s is not aligned", names[k][1]);
    }
    char line[512];
    line_with(line, sizeof line, text, "  --port ");
    cr_expect(strstr(line, " 8080 ") != NULL, "default missing: %s", line);
    cr_expect(strstr(line, "0..65535") != NULL, "range missing: %s", line);
    line_with(line, sizeof line, text, "  --max-body-bytes ");
    cr_expect(strstr(line, " 64KiB ") != NULL, "default missing: %s", line);
    cr_expect(strstr(text, "KiB, MiB, GiB") != NULL, "size suffixes are not documented");
}

Test(config, usage_truncates_safely)
{
    char small[40];
    memset(small, '#', sizeof small);
    rhd_config_usage(small, sizeof small);
    cr_expect_eq(strlen(small), sizeof small - 1);
    char none[1] = {'#'};
    rhd_config_usage(none, 1);
    cr_expect_eq(none[0], '\0');
    rhd_config_usage(none, 0);
}

/* ---- log ---- */

/* Runs rhd_log with stdout sent to a temporary file and returns what it wrote (malloc'd). */
static char *logged(rhd_log_level level, const char *event, const char *fields)
{
    FILE *tmp = tmpfile();
    cr_assert_not_null(tmp);
    fflush(stdout);
    const int saved = dup(STDOUT_FILENO);
    cr_assert_geq(saved, 0);
    cr_assert_geq(dup2(fileno(tmp), STDOUT_FILENO), 0);
    rhd_log(level, event, fields);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    struct stat st;
    cr_assert_eq(fstat(fileno(tmp), &st), 0);
    char *text = malloc((size_t)st.st_size + 1);
    cr_assert_not_null(text);
    cr_assert_eq(pread(fileno(tmp), text, (size_t)st.st_size, 0), st.st_size);
    text[st.st_size] = '\0';
    fclose(tmp);
    return text;
}

/* Parses one log line, which must be a single JSON object ending in its newline. */
static cJSON *parse_line(const char *line)
{
    const size_t n = strlen(line);
    cr_assert_gt(n, 0, "nothing was logged");
    cr_assert_eq(line[n - 1], '\n', "the line does not end in a newline");
    cr_assert_eq(count_lines(line), 1, "more than one line: %s", line);
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(line, n, &end, 0);
    cr_assert_not_null(doc, "not JSON: %s", line);
    cr_assert_eq(end, line + n - 1, "trailing bytes after the object: %s", line);
    cr_assert(cJSON_IsObject(doc));
    return doc;
}

static const char *string_member(const cJSON *doc, const char *name)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(doc, name);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static void utc_now(char *out, size_t len)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    strftime(out, len, "%Y-%m-%dT%H:%M:%S", &tm);
}

Test(log, one_json_line_with_fields)
{
    char before[32], after[32];
    utc_now(before, sizeof before);
    char *line = logged(RHD_LOG_INFO, "request", "\"status\":200,\"path\":\"/v1/solve\"");
    utc_now(after, sizeof after);
    cJSON *doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 5);
    cr_expect_str_eq(string_member(doc, "level"), "info");
    cr_expect_str_eq(string_member(doc, "event"), "request");
    cr_expect_str_eq(string_member(doc, "path"), "/v1/solve");
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(doc, "status");
    cr_expect(cJSON_IsNumber(status) && status->valuedouble == 200);
    cr_expect(strncmp(line, "{\"time\":\"", 9) == 0, "time is not first: %s", line);

    const char *time = string_member(doc, "time");
    cr_assert_not_null(time);
    regex_t re;
    cr_assert_eq(regcomp(&re,
                         "^[0-9]{4}-(0[1-9]|1[0-2])-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]"
                         "\\.[0-9]{3}Z$",
                         REG_EXTENDED | REG_NOSUB),
                 0);
    cr_expect_eq(regexec(&re, time, 0, NULL, 0), 0, "bad time %s", time);
    regfree(&re);
    char second[32];
    snprintf(second, sizeof second, "%.19s", time);
    cr_expect(strcmp(before, second) <= 0 && strcmp(second, after) <= 0,
              "time %s is not between %s and %s", time, before, after);
    cJSON_Delete(doc);
    free(line);
}

Test(log, without_fields)
{
    char *line = logged(RHD_LOG_ERROR, "stopped", NULL);
    cJSON *doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 3);
    cr_expect_str_eq(string_member(doc, "level"), "error");
    cJSON_Delete(doc);
    free(line);
    line = logged(RHD_LOG_WARN, "started", "");
    doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 3);
    cr_expect_str_eq(string_member(doc, "level"), "warn");
    cJSON_Delete(doc);
    free(line);
}

Test(log, level_filter)
{
    rhd_log_set_level(RHD_LOG_INFO);
    char *line = logged(RHD_LOG_DEBUG, "noise", NULL);
    cr_expect_str_empty(line, "debug written at info: %s", line);
    free(line);
    line = logged(RHD_LOG_INFO, "kept", NULL);
    cr_expect_str_not_empty(line);
    free(line);
    rhd_log_set_level(RHD_LOG_ERROR);
    line = logged(RHD_LOG_WARN, "noise", NULL);
    cr_expect_str_empty(line);
    free(line);
    rhd_log_set_level(RHD_LOG_DEBUG);
    line = logged(RHD_LOG_DEBUG, "kept", NULL);
    cJSON *doc = parse_line(line);
    cr_expect_str_eq(string_member(doc, "level"), "debug");
    cJSON_Delete(doc);
    free(line);
    rhd_log_set_level(RHD_LOG_INFO);
}

Test(log, event_is_escaped)
{
    char *line = logged(RHD_LOG_INFO, "a \"quoted\"\nevent\\", NULL);
    cJSON *doc = parse_line(line);
    cr_expect_str_eq(string_member(doc, "event"), "a \"quoted\"\nevent\\");
    cJSON_Delete(doc);
    free(line);
}

/* A field string of `n` bytes: "f":"xxx...". */
static char *field_of(size_t n)
{
    char *f = malloc(n + 1);
    cr_assert_not_null(f);
    memset(f, 'x', n);
    memcpy(f, "\"f\":\"", 5);
    f[n - 1] = '"';
    f[n] = '\0';
    return f;
}

Test(log, long_line_is_truncated_to_a_valid_object)
{
    char *big = field_of(9000);
    char *line = logged(RHD_LOG_WARN, "too_long", big);
    cr_expect_leq(strlen(line), 8192);
    cJSON *doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 4, "%s", line);
    cr_expect_str_eq(string_member(doc, "event"), "too_long");
    cr_expect_str_eq(string_member(doc, "level"), "warn");
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "truncated")));
    cr_expect_null(cJSON_GetObjectItemCaseSensitive(doc, "f"));
    cJSON_Delete(doc);
    free(line);
    free(big);
}

Test(log, the_limit_is_exactly_8_KiB)
{
    char *bare = logged(RHD_LOG_INFO, "edge", NULL);
    const size_t base = strlen(bare); /* the time is fixed-width, so this never changes */
    free(bare);
    const size_t fits = 8192 - base - 1; /* the comma */
    char *f = field_of(fits);
    char *line = logged(RHD_LOG_INFO, "edge", f);
    cr_expect_eq(strlen(line), 8192);
    cJSON *doc = parse_line(line);
    cr_expect_null(cJSON_GetObjectItemCaseSensitive(doc, "truncated"));
    cr_expect_not_null(cJSON_GetObjectItemCaseSensitive(doc, "f"));
    cJSON_Delete(doc);
    free(line);
    free(f);

    f = field_of(fits + 1);
    line = logged(RHD_LOG_INFO, "edge", f);
    doc = parse_line(line);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "truncated")));
    cJSON_Delete(doc);
    free(line);
    free(f);
}

Test(log, huge_event_still_gives_a_valid_line)
{
    char event[20000];
    for (size_t k = 0; k < sizeof event - 1; k++) event[k] = k % 3 ? 'e' : '"';
    event[sizeof event - 1] = '\0';
    char *line = logged(RHD_LOG_ERROR, event, "\"a\":1");
    cr_expect_leq(strlen(line), 8192);
    cJSON *doc = parse_line(line);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "truncated")));
    const char *got = string_member(doc, "event");
    cr_assert_not_null(got);
    cr_expect_gt(strlen(got), 1000);
    cr_expect(strncmp(got, event, strlen(got)) == 0, "the event kept is not a prefix");
    cJSON_Delete(doc);
    free(line);
}

/* ---- JSON escaping ---- */

static void expect_escape(const char *in, const char *want)
{
    char out[256];
    memset(out, '#', sizeof out);
    const size_t n = rhd_json_escape(out, sizeof out, in);
    cr_expect_str_eq(out, want, "escaping \"%s\"", in);
    cr_expect_eq(n, strlen(out));
}

Test(escape, quotes_and_backslashes)
{
    expect_escape("a\"b\\c", "a\\\"b\\\\c");
    expect_escape("", "");
    expect_escape("plain /v1/solve", "plain /v1/solve");
}

Test(escape, control_characters)
{
    expect_escape("\n\t\r\b\f", "\\n\\t\\r\\b\\f");
    expect_escape("\x01\x0b\x1f!", "\\u0001\\u000b\\u001f!");
    expect_escape("\x7f", "\x7f");
}

Test(escape, valid_utf8_is_kept)
{
    const char *s = "h\xc3\xa9llo \xe2\x82\xac \xf0\x9d\x84\x9e \xef\xbf\xbf \xf4\x8f\xbf\xbf "
                    "\xed\x9f\xbf \xee\x80\x80";
    expect_escape(s, s);
}

#define FFFD "\xef\xbf\xbd"

Test(escape, invalid_utf8_becomes_replacement_characters)
{
    expect_escape("a\xff"
                  "b",
                  "a" FFFD "b");
    expect_escape("\x80", FFFD);
    expect_escape("a\xc3", "a" FFFD);
    expect_escape("\xc0\xaf", FFFD FFFD);                   /* overlong '/' */
    expect_escape("\xc1\xbf", FFFD FFFD);                   /* overlong */
    expect_escape("\xe0\x80\xaf", FFFD FFFD FFFD);          /* overlong, 3 bytes */
    expect_escape("\xf0\x80\x80\xaf", FFFD FFFD FFFD FFFD); /* overlong, 4 bytes */
    expect_escape("\xed\xa0\x80", FFFD FFFD FFFD);          /* surrogate U+D800 */
    expect_escape("\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD); /* U+110000 */
    expect_escape("\xf5\x80", FFFD FFFD);
    expect_escape("\xe2\x82"
                  "A",
                  FFFD "A");             /* one per maximal subpart */
    expect_escape("\xf0\x9f\x98", FFFD); /* cut at the end */
    expect_escape("\xe2\x82\xac\xe2\x82", "\xe2\x82\xac" FFFD);
}

Test(escape, output_is_a_json_string)
{
    const char *in = "q\"b\\s\x01n\nu\xc3\xa9x\xffz";
    char out[128], doc[140];
    rhd_json_escape(out, sizeof out, in);
    snprintf(doc, sizeof doc, "\"%s\"", out);
    cJSON *s = cJSON_Parse(doc);
    cr_assert(cJSON_IsString(s), "not a JSON string: %s", doc);
    cr_expect_str_eq(s->valuestring, "q\"b\\s\x01n\nu\xc3\xa9x" FFFD "z");
    cJSON_Delete(s);
}

/* Every buffer size gives a prefix of the full output, cut between units, NUL-terminated. */
static void expect_clean_cuts(const char *in, const char *const *units, size_t unit_count)
{
    char full[256];
    const size_t total = rhd_json_escape(full, sizeof full, in);
    for (size_t len = 1; len <= total + 1; len++) {
        char out[256];
        memset(out, '#', sizeof out);
        const size_t n = rhd_json_escape(out, len, in);
        cr_expect_eq(n, strlen(out), "len %zu", len);
        cr_expect_lt(n, len, "len %zu wrote %zu", len, n);
        cr_expect_eq(out[len], '#', "len %zu wrote past the buffer", len);
        cr_expect(strncmp(out, full, n) == 0, "len %zu: not a prefix", len);
        /* The most whole units that fit, never a part of one. */
        size_t at = 0, k = 0;
        while (k < unit_count && at + strlen(units[k]) < len) at += strlen(units[k++]);
        cr_expect_eq(n, at, "len %zu: %zu bytes, whole units give %zu", len, n, at);
    }
    char untouched = '#';
    cr_expect_eq(rhd_json_escape(&untouched, 0, in), 0);
    cr_expect_eq(untouched, '#', "len 0 wrote");
}

Test(escape, truncation_never_splits_a_sequence_or_an_escape)
{
    static const char *const units[] = {
        "a", "\xc3\xa9", "\\\"", "\xf0\x9d\x84\x9e", "\\n", "\\u0001", FFFD, "\xe2\x82\xac", "z"};
    expect_clean_cuts("a\xc3\xa9\"\xf0\x9d\x84\x9e\n\x01\xff\xe2\x82\xacz", units,
                      sizeof units / sizeof units[0]);
    char out[4];
    cr_expect_eq(rhd_json_escape(out, sizeof out, "\xe2\x82\xac"), 3);
    cr_expect_str_eq(out, "\xe2\x82\xac");
    cr_expect_eq(rhd_json_escape(out, 3, "\xe2\x82\xac"), 0);
    cr_expect_str_empty(out);
}

/* ---- metrics ---- */

static char *render(void)
{
    char *text = rhd_metrics_render("1.2.3");
    cr_assert_not_null(text);
    return text;
}

#define SOLVE_HIST "rushhourd_http_request_duration_seconds"

Test(metrics, request_counters)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 1000);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 1000);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 422, 1000);
    rhd_metrics_request(RHD_ROUTE_HEALTHZ, "GET", 200, 10);
    rhd_metrics_request(RHD_ROUTE_METRICS, "HEAD", 200, 10);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "OPTIONS", 204, 10);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "PATCH", 405, 10);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "post", 405, 10);
    rhd_metrics_request(RHD_ROUTE_OTHER, "GET", 404, 10);
    rhd_metrics_request(RHD_ROUTE_VERSION, "GET", 418, 10);
    rhd_metrics_request(RHD_ROUTE_OPENAPI, "GET", 999, 10);
    rhd_metrics_request(RHD_ROUTE_PAGE, "GET", 200, 10);
    rhd_metrics_request(RHD_ROUTE_WEB_FILE, "HEAD", 200, 10);
    rhd_metrics_request(RHD_ROUTE_WEB_FILE, "GET", 200, 10);
    rhd_metrics_request(RHD_ROUTE_WEB_FILE, "GET", 200, 10);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_http_requests_total counter"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\","
                          "code=\"200\"} 2"),
              "%s", t);
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\","
                          "code=\"422\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/healthz\",method=\"GET\","
                          "code=\"200\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/metrics\",method=\"HEAD\","
                          "code=\"200\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"OPTIONS\","
                          "code=\"204\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"OTHER\","
                          "code=\"405\"} 2"),
              "PATCH and lower-case post are OTHER");
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"other\",method=\"GET\","
                          "code=\"404\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/version\",method=\"GET\","
                          "code=\"418\"} 1"),
              "any code is counted exactly");
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/openapi.yaml\",method=\"GET\","
                          "code=\"other\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/\",method=\"GET\","
                          "code=\"200\"} 1"),
              "the playground page");
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/web/{file}\",method=\"HEAD\","
                          "code=\"200\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/web/{file}\",method=\"GET\","
                          "code=\"200\"} 2"),
              "every file of the page under one series");
    cr_expect_null(strstr(t, "route=\"/v1/solve\",method=\"GET\""), "zero series are rendered");
    cr_expect_null(strstr(t, "route=\"/readyz\",method="));
    free(t);
}

Test(metrics, request_duration_buckets_are_cumulative)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 3000);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 100);      /* exactly on a bound */
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 60000000); /* past the last bound */
    char *t = render();
    static const struct {
        const char *le;
        int count;
    } want[] = {{"0.0001", 1}, {"0.00025", 1}, {"0.0005", 1}, {"0.001", 1}, {"0.0025", 1},
                {"0.005", 2},  {"0.01", 2},    {"0.025", 2},  {"0.05", 2},  {"0.1", 2},
                {"0.25", 2},   {"0.5", 2},     {"1", 2},      {"2.5", 2},   {"5", 2},
                {"10", 2},     {"30", 2},      {"+Inf", 3}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        char line[160];
        snprintf(line, sizeof line, SOLVE_HIST "_bucket{route=\"/v1/solve\",le=\"%s\"} %d",
                 want[k].le, want[k].count);
        cr_expect(has_line(t, line), "missing: %s", line);
    }
    cr_expect(has_line(t, SOLVE_HIST "_sum{route=\"/v1/solve\"} 60.003100"), "%s", t);
    cr_expect(has_line(t, SOLVE_HIST "_count{route=\"/v1/solve\"} 3"));
    cr_expect(has_line(t, SOLVE_HIST "_count{route=\"/healthz\"} 0"));
    cr_expect(has_line(t, "# TYPE " SOLVE_HIST " histogram"));
    free(t);
}

Test(metrics, a_3ms_request_is_not_in_the_2_5ms_bucket)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_READYZ, "GET", 200, 3000);
    char *t = render();
    cr_expect(has_line(t, SOLVE_HIST "_bucket{route=\"/readyz\",le=\"0.0025\"} 0"));
    cr_expect(has_line(t, SOLVE_HIST "_bucket{route=\"/readyz\",le=\"0.005\"} 1"));
    cr_expect(has_line(t, SOLVE_HIST "_bucket{route=\"/readyz\",le=\"+Inf\"} 1"));
    cr_expect(has_line(t, SOLVE_HIST "_sum{route=\"/readyz\"} 0.003000"));
    free(t);
}

Test(metrics, search_histograms)
{
    rhd_metrics_reset();
    rhd_metrics_search("bfs", 2000, 5000);
    rhd_metrics_search("bfs", 1500000, 50);
    rhd_metrics_search("astar", 20, 200000000);
    rhd_metrics_search("dijkstra", 20, 10);
    rhd_metrics_search(NULL, 20, 10);
    char *t = render();
    const char *h = "rushhourd_search_duration_seconds";
    char line[160];
    snprintf(line, sizeof line, "%s_bucket{algorithm=\"bfs\",le=\"0.001\"} 0", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_bucket{algorithm=\"bfs\",le=\"0.0025\"} 1", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_bucket{algorithm=\"bfs\",le=\"2.5\"} 2", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_sum{algorithm=\"bfs\"} 1.502000", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_count{algorithm=\"astar\"} 1", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    cr_expect_null(strstr(t, "algorithm=\"other\""), "a series for searches never run");
    snprintf(line, sizeof line, "%s_count{algorithm=\"fast\"} 0", h);
    cr_expect(has_line(t, line), "missing: %s", line);

    const char *n = "rushhourd_search_nodes_expanded";
    static const struct {
        const char *le;
        int count;
    } want[] = {{"10", 0},      {"100", 1},      {"1000", 1},      {"10000", 2}, {"100000", 2},
                {"1000000", 2}, {"10000000", 2}, {"100000000", 2}, {"+Inf", 3}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        snprintf(line, sizeof line, "%s_bucket{le=\"%s\"} %d", n, want[k].le, want[k].count);
        cr_expect(has_line(t, line), "missing: %s", line);
    }
    snprintf(line, sizeof line, "%s_sum 200005050", n);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_count 3", n);
    cr_expect(has_line(t, line), "missing: %s", line);
    free(t);
}

Test(metrics, analysis_and_generation_durations)
{
    rhd_metrics_reset();
    rhd_metrics_analysis(true, 3000);
    rhd_metrics_analysis(false, 2000000);
    rhd_metrics_generated(true, 40);
    char *t = render();
    cr_expect(has_line(t, "rushhourd_analysis_duration_seconds_bucket{le=\"0.005\"} 1"));
    cr_expect(has_line(t, "rushhourd_analysis_duration_seconds_count 2"));
    cr_expect(has_line(t, "rushhourd_analysis_duration_seconds_sum 2.003000"));
    cr_expect(has_line(t, "rushhourd_generation_duration_seconds_bucket{le=\"0.0001\"} 1"));
    cr_expect(has_line(t, "rushhourd_generation_duration_seconds_count 1"));
    cr_expect(has_line(t, "rushhourd_analyses_total{result=\"limit_reached\"} 1"));
    free(t);
}

/* The value of the unlabelled series `name` in `t`, or -1. */
static double series_value(const char *t, const char *name)
{
    char needle[96];
    snprintf(needle, sizeof needle, "\n%s ", name);
    const char *at = strstr(t, needle);
    return at ? strtod(at + strlen(needle), NULL) : -1;
}

Test(metrics, process_figures)
{
    char *t = render();
    const double now = (double)time(NULL);
    cr_expect_geq(series_value(t, "process_cpu_seconds_total"), 0);
    cr_expect_gt(series_value(t, "process_resident_memory_bytes"), 1024 * 1024);
    cr_expect_geq(series_value(t, "process_virtual_memory_bytes"),
                  series_value(t, "process_resident_memory_bytes"));
    const double start = series_value(t, "process_start_time_seconds");
    cr_expect(start > now - 3600 && start <= now + 1, "start %f, now %f", start, now);
    const double fds = series_value(t, "process_open_fds");
    cr_expect(fds >= 3 && fds < 1000, "open fds %f", fds);
    cr_expect(series_value(t, "process_max_fds") >= fds);
    free(t);
}

Test(metrics, gauges_go_up_and_down)
{
    rhd_metrics_reset();
    rhd_metrics_queue_depth_add(1);
    rhd_metrics_queue_depth_add(1);
    rhd_metrics_queue_depth_add(1);
    rhd_metrics_queue_depth_add(-1);
    rhd_metrics_in_flight_add(1);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_queue_depth gauge"));
    cr_expect(has_line(t, "rushhourd_queue_depth 2"), "%s", t);
    cr_expect(has_line(t, "# TYPE rushhourd_searches_in_flight gauge"));
    cr_expect(has_line(t, "rushhourd_searches_in_flight 1"));
    free(t);
    rhd_metrics_queue_depth_add(-2);
    rhd_metrics_in_flight_add(-1);
    t = render();
    cr_expect(has_line(t, "rushhourd_queue_depth 0"));
    cr_expect(has_line(t, "rushhourd_searches_in_flight 0"));
    free(t);
}

Test(metrics, rejected_reasons)
{
    rhd_metrics_reset();
    rhd_metrics_rejected(RHD_REJECT_QUEUE_FULL);
    rhd_metrics_rejected(RHD_REJECT_QUEUE_FULL);
    rhd_metrics_rejected(RHD_REJECT_INVALID);
    rhd_metrics_rejected(RHD_REJECT_BODY_TOO_LARGE);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_rejected_requests_total counter"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"queue_full\"} 2"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"shutting_down\"} 0"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"body_too_large\"} 1"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"invalid\"} 1"));
    free(t);
}

Test(metrics, abandoned_jobs)
{
    rhd_metrics_reset();
    rhd_metrics_abandoned(false);
    rhd_metrics_abandoned(false);
    rhd_metrics_abandoned(true);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_abandoned_jobs_total counter"));
    cr_expect(has_line(t, "rushhourd_abandoned_jobs_total{result=\"dropped\"} 2"));
    cr_expect(has_line(t, "rushhourd_abandoned_jobs_total{result=\"cancelled\"} 1"));
    free(t);
}

Test(metrics, build_info)
{
    rhd_metrics_reset();
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_build_info gauge"));
    cr_expect(has_line(t, "rushhourd_build_info{version=\"1.2.3\"} 1"));
    free(t);
    t = rhd_metrics_render("a\"b\\c");
    cr_assert_not_null(t);
    cr_expect(has_line(t, "rushhourd_build_info{version=\"a\\\"b\\\\c\"} 1"), "%s", t);
    free(t);
}

Test(metrics, reset_clears_everything)
{
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 5);
    rhd_metrics_search("fast", 5, 5);
    rhd_metrics_rejected(RHD_REJECT_SHUTTING_DOWN);
    rhd_metrics_queue_depth_add(4);
    rhd_metrics_reset();
    char *t = render();
    cr_expect_null(strstr(t, "rushhourd_http_requests_total{"));
    cr_expect(has_line(t, "rushhourd_search_nodes_expanded_count 0"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"shutting_down\"} 0"));
    cr_expect(has_line(t, "rushhourd_queue_depth 0"));
    free(t);
}

Test(metrics, route_names)
{
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_SOLVE), "/v1/solve");
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_HEALTHZ), "/healthz");
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_READYZ), "/readyz");
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_METRICS), "/metrics");
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_VERSION), "/version");
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_OPENAPI), "/openapi.yaml");
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_OTHER), "other");
    cr_expect_str_eq(rhd_route_name(RHD_ROUTE_COUNT), "other");
}

/* Every line is a comment or a sample; every sample belongs to the family of the last TYPE
 * line; buckets never decrease and +Inf equals _count. */
Test(metrics, exposition_format)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 1234);
    rhd_metrics_search("astar", 777, 12345);
    char *t = render();
    regex_t sample, comment;
    cr_assert_eq(regcomp(&sample,
                         "^[a-z_]+(\\{[a-z_]+=\"[^\"]*\"(,[a-z_]+=\"[^\"]*\")*\\})? "
                         "-?[0-9]+(\\.[0-9]+)?$",
                         REG_EXTENDED | REG_NOSUB),
                 0);
    cr_assert_eq(regcomp(&comment, "^# (HELP [a-z_]+ .+|TYPE [a-z_]+ (counter|gauge|histogram))$",
                         REG_EXTENDED | REG_NOSUB),
                 0);
    char family[128] = "", series[256] = "";
    unsigned long long last = 0;
    int types = 0;
    cr_expect_eq(t[strlen(t) - 1], '\n');
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#') {
            cr_expect_eq(regexec(&comment, line, 0, NULL, 0), 0, "bad comment: %s", line);
            if (strncmp(line, "# TYPE ", 7) == 0) {
                sscanf(line + 7, "%127s", family);
                types++;
            }
            continue;
        }
        cr_expect_eq(regexec(&sample, line, 0, NULL, 0), 0, "bad sample: %s", line);
        cr_expect(strncmp(line, family, strlen(family)) == 0, "%s outside family %s", line, family);
        const char *le = strstr(line, "le=\"");
        const unsigned long long v = strtoull(strrchr(line, ' ') + 1, NULL, 10);
        if (le) {
            /* The series is everything before le=; buckets must not decrease along it. */
            char this_series[256];
            snprintf(this_series, sizeof this_series, "%.*s", (int)(le - line), line);
            if (strcmp(this_series, series) == 0)
                cr_expect_geq(v, last, "bucket decreases: %s", line);
            snprintf(series, sizeof series, "%s", this_series);
            last = v;
        } else if (strstr(line, "_count")) {
            cr_expect_eq(v, last, "_count differs from +Inf: %s", line);
        }
    }
    cr_expect_eq(types, 23, "expected 23 metric families");
    regfree(&sample);
    regfree(&comment);
    free(t);
}

Test(metrics, timeouts_and_refusals)
{
    rhd_metrics_reset();
    rhd_metrics_timeout(false);
    rhd_metrics_timeout(true);
    rhd_metrics_timeout(true);
    for (int i = 0; i < 5; i++) rhd_metrics_refused();
    char *t = render();
    cr_expect(has_line(t, "rushhourd_request_timeouts_total{phase=\"header\"} 1"), "%s", t);
    cr_expect(has_line(t, "rushhourd_request_timeouts_total{phase=\"body\"} 2"), "%s", t);
    cr_expect(has_line(t, "rushhourd_connections_refused_total 5"), "%s", t);
    free(t);
}

/* ---- the log line rate limit ---- */

Test(throttle, one_line_per_period_with_the_count_held_back)
{
    rhd_throttle t = {0};
    uint64_t held = 99;
    cr_expect(rhd_throttle_pass(&t, 5000000, 1000000, &held), "the first line passes");
    cr_expect_eq(held, 0);
    for (int i = 0; i < 1000; i++)
        cr_expect_not(rhd_throttle_pass(&t, 5000000 + (uint64_t)i * 999, 1000000, &held));
    cr_expect(rhd_throttle_pass(&t, 6000000, 1000000, &held), "a period later, one passes");
    cr_expect_eq(held, 1000);
    cr_expect_not(rhd_throttle_pass(&t, 6999999, 1000000, &held));
    cr_expect(rhd_throttle_pass(&t, 60000000, 1000000, &held));
    cr_expect_eq(held, 1);
}

#define THROTTLE_THREADS 4
#define THROTTLE_CALLS 50000

static rhd_throttle shared_throttle;
static atomic_uint_fast64_t passed, reported_held;

static void *throttle_caller(void *arg)
{
    (void)arg;
    for (uint64_t i = 0; i < THROTTLE_CALLS; i++) {
        uint64_t held;
        /* A period of 1000 on a clock of call numbers: the next allowed time only grows, by
         * the period at least, so at most CALLS / 1000 + 1 lines pass in all. */
        if (rhd_throttle_pass(&shared_throttle, i, 1000, &held)) {
            atomic_fetch_add(&passed, 1);
            atomic_fetch_add(&reported_held, held);
        }
    }
    return NULL;
}

/* From many threads at once no line is lost from the count: the lines written plus the ones
 * they report held back plus the ones still held add up to every call. */
Test(throttle, counts_every_call_across_threads)
{
    pthread_t threads[THROTTLE_THREADS];
    for (int i = 0; i < THROTTLE_THREADS; i++)
        cr_assert_eq(pthread_create(&threads[i], NULL, throttle_caller, NULL), 0);
    for (int i = 0; i < THROTTLE_THREADS; i++) pthread_join(threads[i], NULL);
    const uint64_t total =
        atomic_load(&passed) + atomic_load(&reported_held) + atomic_load(&shared_throttle.held);
    cr_expect_eq(total, (uint64_t)THROTTLE_THREADS * THROTTLE_CALLS);
    cr_expect_leq(atomic_load(&passed), (uint64_t)THROTTLE_CALLS / 1000 + 1, "%llu lines passed",
                  (unsigned long long)atomic_load(&passed));
}

/* ---- metrics under concurrency ---- */

#define THREADS 4
#define PER_THREAD 100000

static void *hammer(void *arg)
{
    (void)arg;
    for (int k = 0; k < PER_THREAD; k++) {
        rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, (uint64_t)(k % 7));
        rhd_metrics_queue_depth_add(1);
        rhd_metrics_queue_depth_add(-1);
        rhd_metrics_in_flight_add(1);
        rhd_metrics_rejected(RHD_REJECT_QUEUE_FULL);
    }
    return NULL;
}

Test(metrics, concurrent_updates_are_exact)
{
    rhd_metrics_reset();
    pthread_t threads[THREADS];
    for (int k = 0; k < THREADS; k++)
        cr_assert_eq(pthread_create(&threads[k], NULL, hammer, NULL), 0);
    for (int k = 0; k < THREADS; k++) pthread_join(threads[k], NULL);
    char *t = render();
    char line[200];
    snprintf(line, sizeof line,
             "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\",code=\"200\"} %d",
             THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, SOLVE_HIST "_count{route=\"/v1/solve\"} %d", THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    /* The durations were k % 7 microseconds. */
    uint64_t sum = 0;
    for (int k = 0; k < PER_THREAD; k++) sum += (uint64_t)(k % 7);
    sum *= THREADS;
    snprintf(line, sizeof line, SOLVE_HIST "_sum{route=\"/v1/solve\"} %llu.%06llu",
             (unsigned long long)(sum / 1000000), (unsigned long long)(sum % 1000000));
    cr_expect(has_line(t, line), "missing: %s", line);
    cr_expect(has_line(t, "rushhourd_queue_depth 0"));
    snprintf(line, sizeof line, "rushhourd_searches_in_flight %d", THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "rushhourd_rejected_requests_total{reason=\"queue_full\"} %d",
             THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    free(t);
}

/* The answer cache: round trips, least-recently-used eviction within the byte limit, and
 * keys that depend on the puzzle and the answer-changing options only. */

static void put_text(rhd_cache *c, const char *key, const char *answer)
{
    rhd_cache_put(c, key, strlen(key), answer, strlen(answer));
}

static bool has(rhd_cache *c, const char *key)
{
    size_t len;
    char *got = rhd_cache_get(c, key, strlen(key), &len);
    free(got);
    return got != NULL;
}

Test(cache, round_trip_and_replace)
{
    rhd_cache *c = rhd_cache_new(1 << 20);
    cr_assert_not_null(c);
    put_text(c, "k1", "answer one");
    size_t len = 0;
    char *got = rhd_cache_get(c, "k1", 2, &len);
    cr_assert_not_null(got);
    cr_assert_eq(len, 10);
    cr_assert_str_eq(got, "answer one");
    free(got);
    put_text(c, "k1", "answer two");
    got = rhd_cache_get(c, "k1", 2, &len);
    cr_assert_str_eq(got, "answer two");
    free(got);
    cr_assert(!has(c, "k2"));
    cr_assert(!has(c, "k"), "a prefix of a key is another key");
    rhd_cache_free(c);
}

Test(cache, evicts_least_recently_used_within_bounds)
{
    /* 16 shards of 64 KiB: 1 KiB answers, 200 of them, cannot all stay. */
    rhd_cache *c = rhd_cache_new(16 * 64 * 1024);
    char answer[1024];
    memset(answer, 'a', sizeof answer - 1);
    answer[sizeof answer - 1] = '\0';
    char key[32];
    put_text(c, "keep", answer);
    int kept = 0;
    for (int i = 0; i < 2000; i++) {
        snprintf(key, sizeof key, "key%d", i);
        put_text(c, key, answer);
        if (!has(c, "keep")) break; /* looking "keep" up makes it the most recent again */
        kept++;
    }
    cr_assert_eq(kept, 2000, "a key in constant use was evicted after %d puts", kept);
    int present = 0;
    for (int i = 0; i < 2000; i++) {
        snprintf(key, sizeof key, "key%d", i);
        present += has(c, key);
    }
    cr_assert_lt(present, 1024, "%d answers of 1 KiB in a 1 MiB cache", present);
    cr_assert_gt(present, 500, "only %d answers kept", present);
    snprintf(key, sizeof key, "key%d", 1999);
    cr_assert(has(c, key), "the newest answer is present");
    rhd_cache_free(c);
}

Test(cache, off_and_oversize)
{
    cr_assert_null(rhd_cache_new(0));
    put_text(NULL, "k", "v"); /* no cache: nothing happens */
    cr_assert(!has(NULL, "k"));
    rhd_cache *c = rhd_cache_new(16 * 1024);
    char big[4096];
    memset(big, 'b', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    put_text(c, "big", big); /* larger than a shard: not stored */
    cr_assert(!has(c, "big"));
    rhd_cache_free(c);
}

Test(cache, keys_follow_the_puzzle_and_the_options)
{
    rh_puzzle a, b;
    rh_diags d;
    rh_diags_init(&d);
    const char grid[] = "bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.";
    const char json[] =
        "{\"grid\": [\"bb...g\",\"a..c.g\",\"axxc.g\",\"a..c..\",\"e...ff\",\"e.ddd.\"]}";
    cr_assert_eq(rh_parse_text(&a, &d, grid, strlen(grid)), RH_OK);
    cr_assert_eq(rh_parse_text(&b, &d, json, strlen(json)), RH_OK);
    static char ka[RHD_CACHE_KEY_MAX], kb[RHD_CACHE_KEY_MAX];
    size_t na = rhd_cache_key(ka, &a, RH_ALGO_BFS, RH_METRIC_MOVES, false);
    size_t nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_MOVES, false);
    cr_assert(na == nb && memcmp(ka, kb, na) == 0, "one puzzle in two forms, two keys");
    nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_SLIDES, false);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "another metric, the same key");
    nb = rhd_cache_key(kb, &b, RH_ALGO_ASTAR, RH_METRIC_MOVES, false);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "another algorithm, the same key");
    nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_MOVES, true);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "boards or not, the same key");
    b.vehicles[1].col = 1; /* a moved by one: another position */
    nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_MOVES, false);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "another position, the same key");
}
