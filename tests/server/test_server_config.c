/* The service's settings (config.c): defaults, environment, flags, every kind of error, and
 * the --help text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "config_load.h"
#include "text_lines.h"

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
    cr_assert_eq(load_config(&c, NULL, NULL, 6, err), 0, "defaults rejected: %s", err);
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
    cr_expect_eq(c.admin_port, 8137);
    cr_expect_eq(c.header_memory_bytes, 32 * KIB);
    cr_expect_eq(c.grace_s, 20);
    cr_expect_str_empty(c.cors_origins);
    cr_expect_eq(c.log_level, RHD_LOG_INFO);
}

Test(config, zero_threads_become_cores_within_range)
{
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&c, NULL, NULL, 0, err), 0, "%s", err);
    cr_expect_eq(c.http_threads, 1);
    cr_expect_eq(c.workers, 1);
    cr_assert_eq(load_config(&c, NULL, NULL, 5000, err), 0, "%s", err);
    cr_expect_eq(c.http_threads, 256);
    cr_expect_eq(c.workers, 1024);
    char *flags[] = {"--http-threads", "3", "--workers", "0", NULL};
    cr_assert_eq(load_config(&c, NULL, flags, 8, err), 0, "%s", err);
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
    cr_assert_eq(load_config(&c, env, NULL, 2, err), 0, "%s", err);
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
    cr_assert_eq(load_config(&c, env, NULL, 5, err), 0, "%s", err);
    cr_expect_eq(c.port, 1);
    cr_expect_eq(c.workers, 5);
}

Test(config, flags_override_environment)
{
    char *env[] = {"RUSHHOURD_PORT=9000", "RUSHHOURD_LOG_LEVEL=debug", "RUSHHOURD_WORKERS=3", NULL};
    char *flags[] = {"--port", "9100", "--log-level=error", "--bind=127.0.0.1", NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&c, env, flags, 2, err), 0, "%s", err);
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
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), 0, "%s", err);
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
    cr_assert_eq(load_config(&c, NULL, NULL, 2, err), 0, "%s", err);
    cr_expect_eq(c.batch_max, 32);
    cr_expect_eq(rhd_config_batch_max(&c), 32);
    char *env[] = {"RUSHHOURD_BATCH_MAX=100", NULL};
    cr_assert_eq(load_config(&c, env, NULL, 2, err), 0, "%s", err);
    cr_expect_eq(rhd_config_batch_max(&c), 64, "a batch the queue cannot take is never allowed");
    char *flags[] = {"--batch-max", "0", NULL};
    cr_expect_eq(load_config(&c, NULL, flags, 2, err), -1);
    cr_expect_not_null(strstr(err, "--batch-max"), "%s", err);
}

Test(config, size_suffixes)
{
    char *flags[] = {"--memory-budget-bytes", "2GiB",    "--max-body-bytes=1KiB",
                     "--header-memory-bytes", "1048576", NULL};
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), 0, "%s", err);
    cr_expect_eq(c.memory_budget_bytes, 2 * GIB);
    cr_expect_eq(c.max_body_bytes, KIB);
    cr_expect_eq(c.header_memory_bytes, MIB);

    char *bad[] = {"--max-body-bytes", "1KB", NULL};
    cr_assert_eq(load_config(&c, NULL, bad, 2, err), -1);
    cr_expect_str_eq(err, "--max-body-bytes: 1KB is not a number of bytes (digits, then "
                          "optionally KiB, MiB, GiB or TiB)\n");
    char *suffix_on_count[] = {"--port", "8KiB", NULL};
    cr_assert_eq(load_config(&c, NULL, suffix_on_count, 2, err), -1, "suffixes are for sizes only");
    cr_expect_str_eq(err, "--port: 8KiB is not a decimal integer\n");
}

/* ---- config: errors ---- */

Test(config, unknown_flag)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--nope", NULL};
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), -1);
    cr_expect_str_eq(err, "--nope: unknown flag (see --help)\n");
    char *with_value[] = {"--prot", "8081", "--port", "8082", NULL};
    cr_assert_eq(load_config(&c, NULL, with_value, 2, err), -1);
    cr_expect_str_eq(err, "--prot: unknown flag (see --help)\n", "one typo, one message");
    cr_expect_eq(c.port, 8082);
    char *help[] = {"--help", NULL};
    cr_expect_eq(load_config(&c, NULL, help, 2, err), -1, "main handles --help, not the loader");
    char *positional[] = {"8080", NULL};
    cr_assert_eq(load_config(&c, NULL, positional, 2, err), -1);
    cr_expect_eq(count_lines(err), 1, "%s", err);
    cr_expect(strncmp(err, "8080: unexpected argument", 25) == 0, "%s", err);
    char *single_dash[] = {"-p", NULL};
    cr_expect_eq(load_config(&c, NULL, single_dash, 2, err), -1);
}

Test(config, missing_value)
{
    rhd_config c;
    char err[ERR_LEN];
    char *last[] = {"--port", NULL};
    cr_assert_eq(load_config(&c, NULL, last, 2, err), -1);
    cr_expect_str_eq(err, "--port: missing value\n");
    char *followed_by_flag[] = {"--port", "--workers", "2", NULL};
    cr_assert_eq(load_config(&c, NULL, followed_by_flag, 2, err), -1);
    cr_expect_str_eq(err, "--port: missing value\n");
    cr_expect_eq(c.workers, 2, "the next flag is still parsed");
    char *empty[] = {"--port=", NULL};
    cr_assert_eq(load_config(&c, NULL, empty, 2, err), -1);
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
        cr_expect_eq(load_config(&c, NULL, flags, 2, err), -1, "--port '%s' accepted", bad[k]);
        snprintf(want, sizeof want, "--port: %s is not a decimal integer\n", bad[k]);
        cr_expect_str_eq(err, want);
    }
}

Test(config, out_of_range)
{
    rhd_config c;
    char err[ERR_LEN];
    char *port[] = {"--port", "70000", NULL};
    cr_assert_eq(load_config(&c, NULL, port, 2, err), -1);
    cr_expect_str_eq(err, "--port: 70000 is out of range (0..65535)\n");
    char *env[] = {"RUSHHOURD_PORT=70000", NULL};
    cr_assert_eq(load_config(&c, env, NULL, 2, err), -1);
    cr_expect_str_eq(err, "RUSHHOURD_PORT: 70000 is out of range (0..65535)\n");
    char *huge[] = {"--max-nodes", "99999999999999999999999", NULL};
    cr_assert_eq(load_config(&c, NULL, huge, 2, err), -1, "overflow must not wrap");
    cr_expect_str_eq(err, "--max-nodes: 99999999999999999999999 is out of range "
                          "(1..1000000000000)\n");
    char *body[] = {"--max-body-bytes", "512", NULL};
    cr_assert_eq(load_config(&c, NULL, body, 2, err), -1);
    cr_expect_str_eq(err, "--max-body-bytes: 512 is out of range (1KiB..16MiB)\n");
    char *zero[] = {"--queue-length=0", NULL};
    cr_assert_eq(load_config(&c, NULL, zero, 2, err), -1);
    cr_expect_str_eq(err, "--queue-length: 0 is out of range (1..100000)\n");
    char *threads[] = {"--http-threads", "257", NULL};
    cr_expect_eq(load_config(&c, NULL, threads, 2, err), -1);
    char *budget[] = {"--memory-budget-bytes", "2TiB", NULL};
    cr_expect_eq(load_config(&c, NULL, budget, 2, err), -1);
    char *suffix_overflow[] = {"--memory-budget-bytes", "18014398509481984TiB", NULL};
    cr_assert_eq(load_config(&c, NULL, suffix_overflow, 2, err), -1);
    cr_expect_str_eq(err,
                     "--memory-budget-bytes: 18014398509481984TiB is out of range "
                     "(1MiB..1TiB)\n",
                     "a size too large for 64 bits is out of range, not misspelt");
}

Test(config, bad_bind_address)
{
    static const char *const bad[] = {"300.1.1.1", "localhost", "[::1]", "1.2.3", "", "::g"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        rhd_config c;
        char err[ERR_LEN], flag[64];
        snprintf(flag, sizeof flag, "--bind=%s", bad[k]);
        char *flags[] = {flag, NULL};
        cr_expect_eq(load_config(&c, NULL, flags, 2, err), -1, "--bind '%s' accepted", bad[k]);
        cr_expect(strstr(err, "is not an IPv4 or IPv6 address") != NULL, "%s", err);
    }
    rhd_config c;
    char err[ERR_LEN];
    char *v6[] = {"--bind", "fe80::1:2", NULL};
    cr_expect_eq(load_config(&c, NULL, v6, 2, err), 0, "%s", err);
}

Test(config, bad_log_level)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--log-level", "verbose", NULL};
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), -1);
    cr_expect_str_eq(err, "--log-level: verbose is not one of debug, info, warn, error\n");
    char *env[] = {"RUSHHOURD_LOG_LEVEL=INFO", NULL};
    cr_expect_eq(load_config(&c, env, NULL, 2, err), -1);
    cr_expect_eq(count_lines(err), 1);
    char *ok[] = {"--log-level=warn", NULL};
    cr_assert_eq(load_config(&c, NULL, ok, 2, err), 0, "%s", err);
    cr_expect_eq(c.log_level, RHD_LOG_WARN);
}

Test(config, public_metrics_switch)
{
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&c, NULL, NULL, 2, err), 0, "%s", err);
    cr_expect_not(c.public_metrics, "/metrics is the admin listener's by default");
    char *on[] = {"RUSHHOURD_PUBLIC_METRICS=on", NULL};
    cr_assert_eq(load_config(&c, on, NULL, 2, err), 0, "%s", err);
    cr_expect(c.public_metrics);
    char *off[] = {"--public-metrics", "off", NULL};
    cr_assert_eq(load_config(&c, on, off, 2, err), 0, "%s", err);
    cr_expect_not(c.public_metrics, "the flag wins over the variable");
}

Test(config, playground_switch)
{
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&c, NULL, NULL, 2, err), 0, "%s", err);
    cr_expect(c.playground, "the playground is on by default");
    char *off[] = {"RUSHHOURD_PLAYGROUND=off", NULL};
    cr_assert_eq(load_config(&c, off, NULL, 2, err), 0, "%s", err);
    cr_expect_not(c.playground);
    char *on[] = {"--playground=on", NULL};
    cr_assert_eq(load_config(&c, off, on, 2, err), 0, "%s", err);
    cr_expect(c.playground, "the flag wins over the variable");
    /* One spelling only: "yes", "1" or "ON" could be read either way by a reader. */
    char *yes[] = {"--playground", "yes", NULL};
    cr_assert_eq(load_config(&c, NULL, yes, 2, err), -1);
    cr_expect_str_eq(err, "--playground: yes is not on or off\n");
    char *upper[] = {"RUSHHOURD_PLAYGROUND=OFF", NULL};
    cr_assert_eq(load_config(&c, upper, NULL, 2, err), -1);
    cr_expect_str_eq(err, "RUSHHOURD_PLAYGROUND: OFF is not on or off\n");
}

Test(config, timeout_above_its_maximum)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--timeout-ms", "40000", NULL};
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), -1);
    cr_expect_str_eq(err, "--timeout-ms: 40000 is more than --timeout-max-ms (30000)\n");
    char *env[] = {"RUSHHOURD_TIMEOUT_MAX_MS=1000", NULL};
    cr_assert_eq(load_config(&c, env, NULL, 2, err), -1, "the default 5000 exceeds the maximum");
    cr_expect_str_eq(err, "--timeout-ms: 5000 is more than RUSHHOURD_TIMEOUT_MAX_MS (1000)\n");
    char *equal[] = {"--timeout-ms=1000", "--timeout-max-ms=1000", NULL};
    cr_expect_eq(load_config(&c, NULL, equal, 2, err), 0, "%s", err);
}

Test(config, admin_port_off_any_or_its_own)
{
    rhd_config c;
    char err[ERR_LEN];
    char *off[] = {"--admin-port", "off", NULL};
    cr_assert_eq(load_config(&c, NULL, off, 2, err), 0, "%s", err);
    cr_expect_eq(c.admin_port, -1);
    char *env[] = {"RUSHHOURD_ADMIN_PORT=0", "RUSHHOURD_HEADER_TIMEOUT_S=3",
                   "RUSHHOURD_BODY_TIMEOUT_S=4", NULL};
    cr_assert_eq(load_config(&c, env, NULL, 2, err), 0, "%s", err);
    cr_expect_eq(c.admin_port, 0);
    cr_expect_eq(c.header_timeout_s, 3);
    cr_expect_eq(c.body_timeout_s, 4);
    char *same[] = {"--port", "8137", NULL};
    cr_assert_eq(load_config(&c, NULL, same, 2, err), -1, "two listeners on one port");
    cr_expect_str_eq(err, "--admin-port: 8137 is also --port (turn it off with off)\n");
    char *both_any[] = {"--port", "0", "--admin-port", "0", NULL};
    cr_expect_eq(load_config(&c, NULL, both_any, 2, err), 0, "%s", err);
    char *bad[] = {"--admin-port", "none", "--header-timeout-s", "0", NULL};
    cr_assert_eq(load_config(&c, NULL, bad, 2, err), -1);
    cr_expect_str_eq(err, "--admin-port: none is not a decimal integer; or off\n"
                          "--header-timeout-s: 0 is out of range (1..3600)\n");
}

Test(config, cors_list_with_blanks_inside_an_origin)
{
    rhd_config c;
    char err[ERR_LEN];
    char *flags[] = {"--cors-origins", "https://a.example https://b.example", NULL};
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), -1,
                 "a space-separated list would allow nothing");
    cr_expect_eq(count_lines(err), 1, "%s", err);
    char long_list[600];
    memset(long_list, 'a', sizeof long_list - 1);
    long_list[sizeof long_list - 1] = '\0';
    char *too_long[] = {"--cors-origins", long_list, NULL};
    cr_expect_eq(load_config(&c, NULL, too_long, 2, err), -1);
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
    cr_assert_eq(load_config(&c, env, flags, 2, err), -1);
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
    cr_expect_eq(load_config(&c, env, flags, 2, err), -1);
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
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), 0, "%s", err);
    cr_expect_eq(rhd_config_search_memory(&c), 256 * MIB);
    cr_assert_eq(load_config(&c, NULL, NULL, 3, err), 0, "%s", err);
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
        {"--table-cache-bytes", "RUSHHOURD_TABLE_CACHE_BYTES"},
        {"--max-connections", "RUSHHOURD_MAX_CONNECTIONS"},
        {"--max-connections-per-ip", "RUSHHOURD_MAX_CONNECTIONS_PER_IP"},
        {"--idle-timeout-s", "RUSHHOURD_IDLE_TIMEOUT_S"},
        {"--header-memory-bytes", "RUSHHOURD_HEADER_MEMORY_BYTES"},
        {"--grace-s", "RUSHHOURD_GRACE_S"},
        {"--cors-origins", "RUSHHOURD_CORS_ORIGINS"},
        {"--playground", "RUSHHOURD_PLAYGROUND"},
        {"--public-metrics", "RUSHHOURD_PUBLIC_METRICS"},
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
    cr_expect(strstr(line, " 1KiB..16MiB ") != NULL, "range missing: %s", line);
    cr_expect(strstr(text, "KiB, MiB, GiB or TiB") != NULL, "size suffixes are not documented");
    line_with(line, sizeof line, text, "  --admin-port ");
    cr_expect(strstr(line, " 0..65535 or off ") != NULL, "values missing: %s", line);
    line_with(line, sizeof line, text, "  --log-level ");
    cr_expect(strstr(line, " debug, info, warn or error ") != NULL, "values missing: %s", line);
    line_with(line, sizeof line, text, "  FLAG ");
    cr_expect(strstr(line, " DEFAULT ") && strstr(line, " VALUES ") && strstr(line, " MEANING"),
              "no column headings: %s", line);
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
