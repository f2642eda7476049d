/* rushhourd's configuration: every setting has a flag and an environment variable of the same
 * meaning (flags win), a default, and a validity check. One table drives parsing and --help;
 * the doc test holds docs/configuration.md's table to --help. */
#ifndef RHD_CONFIG_H
#define RHD_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { RHD_LOG_DEBUG = 0, RHD_LOG_INFO, RHD_LOG_WARN, RHD_LOG_ERROR } rhd_log_level;

#define RHD_BANK_AUTO "auto"

typedef struct {
    char bind[64];    /* --bind, RUSHHOURD_BIND: IPv4 or IPv6 address, default 0.0.0.0 */
    int port;         /* --port, RUSHHOURD_PORT: 0..65535 (0: any free port), 8080 */
    int admin_port;   /* --admin-port, RUSHHOURD_ADMIN_PORT: 0..65535 (0: any free port), -1 off,
                         8137 */
    int http_threads; /* --http-threads, RUSHHOURD_HTTP_THREADS: 1..256, 0 = cores */
    int workers;      /* --workers, RUSHHOURD_WORKERS: 1..1024, 0 = cores */
    int queue_length; /* --queue-length, RUSHHOURD_QUEUE_LENGTH: 1..100000, 64 */
    int batch_max;    /* --batch-max, RUSHHOURD_BATCH_MAX: 1..100000, 32 (see below) */
    size_t max_body_bytes; /* --max-body-bytes, RUSHHOURD_MAX_BODY_BYTES: 1 KiB..16 MiB, 64 KiB */
    uint64_t max_nodes;    /* --max-nodes, RUSHHOURD_MAX_NODES: per search, 1..1e12, 20,000,000 */
    int timeout_ms; /* --timeout-ms, RUSHHOURD_TIMEOUT_MS: default search time, 1..timeout_max_ms,
                       5000 */
    int timeout_max_ms; /* --timeout-max-ms, RUSHHOURD_TIMEOUT_MAX_MS: the most a client may
                           ask, 1..600000, 30000 */
    size_t
        memory_budget_bytes; /* --memory-budget-bytes, RUSHHOURD_MEMORY_BUDGET_BYTES: all searches
                                together, 1 MiB..1 TiB, 1 GiB; each search gets budget / workers */
    size_t cache_bytes; /* --cache-bytes, RUSHHOURD_CACHE_BYTES: answer cache, 0..1 TiB, 64 MiB; 0 =
                           off */
    size_t table_cache_bytes;       /* --table-cache-bytes, RUSHHOURD_TABLE_CACHE_BYTES: cluster
                                       tables, 0..1 TiB, 64 MiB; 0 = off */
    int table_builds_per_min;       /* --table-builds-per-min, RUSHHOURD_TABLE_BUILDS_PER_MIN:
                                       background table builds, 0..100000, 120 */
    int table_build_cpu_ms_per_min; /* --table-build-cpu-ms-per-min,
                                       RUSHHOURD_TABLE_BUILD_CPU_MS_PER_MIN: their CPU,
                                       0..6000000, 6000 */
    int max_connections;        /* --max-connections, RUSHHOURD_MAX_CONNECTIONS: 1..100000, 1024 */
    int max_connections_per_ip; /* --max-connections-per-ip, RUSHHOURD_MAX_CONNECTIONS_PER_IP: 0 =
                                   unlimited, 128 */
    int idle_timeout_s;         /* --idle-timeout-s, RUSHHOURD_IDLE_TIMEOUT_S: 1..3600, 30 */
    int header_timeout_s;       /* --header-timeout-s, RUSHHOURD_HEADER_TIMEOUT_S: 1..3600, 10 */
    int body_timeout_s;         /* --body-timeout-s, RUSHHOURD_BODY_TIMEOUT_S: 1..3600, 30 */
    size_t header_memory_bytes; /* --header-memory-bytes, RUSHHOURD_HEADER_MEMORY_BYTES: 4 KiB..1
                                   MiB, 32 KiB */
    int grace_s;             /* --grace-s, RUSHHOURD_GRACE_S: drain time on SIGTERM, 0..3600, 20 */
    char cors_origins[512];  /* --cors-origins, RUSHHOURD_CORS_ORIGINS: comma list, or "*", default
                                "" (off) */
    bool playground;         /* --playground, RUSHHOURD_PLAYGROUND: on|off, on: the web page at / */
    bool public_metrics;     /* --public-metrics, RUSHHOURD_PUBLIC_METRICS: on|off, off: /metrics on
                                the admin listener only */
    rhd_log_level log_level; /* --log-level, RUSHHOURD_LOG_LEVEL: debug|info|warn|error, info */
    char bank[512];          /* --bank, RUSHHOURD_BANK: the puzzle bank's path, "" when off, or
                                RHD_BANK_AUTO: the built bank beside the binary, else the installed one */
} rhd_config;

/* Fills `cfg` with the defaults, then the environment (`envp`, NULL-terminated "K=V" strings),
 * then the flags argv[1..argc) ("--name value" or "--name=value"). Returns 0, or -1 with one
 * message per problem, each ending in '\n', in `err` (every bad setting is reported, not only
 * the first). Zero thread counts are resolved to `cores`. Pure: reads only its arguments. */
int rhd_config_load(rhd_config *cfg, char **envp, int argc, char **argv, int cores, char *err,
                    size_t err_len);

/* The RUSHHOURD_* variables of `envp` that name no setting (a typo, or a setting this version
 * does not have), comma-separated into `out` (cut short to fit); returns how many. They are
 * not errors: orchestrators define their own (Kubernetes service links), so the server warns. */
int rhd_config_unknown_env(char **envp, char *out, size_t len);

/* Writes the settings table for --help: how settings are given, their units and sizes' suffixes,
 * then a heading line (FLAG, VARIABLE, DEFAULT, VALUES, MEANING) and one line a setting, in
 * columns aligned under it. */
void rhd_config_usage(char *out, size_t len);

/* The most puzzles one batch may hold: batch_max, but no more than the queue takes at once. */
int rhd_config_batch_max(const rhd_config *cfg);

/* Calls `each` on every entry of the comma list `list` (cors_origins), the blanks around it
 * trimmed and empty entries skipped; stops at the first that returns true and returns true. The
 * one reader of that list: the configuration checks it with this, headers.h matches with it. */
bool rhd_config_each_origin(const char *list, bool (*each)(const char *entry, size_t n, void *arg),
                            void *arg);

/* Bytes each search may use: memory_budget_bytes / workers. */
size_t rhd_config_search_memory(const rhd_config *cfg);

const char *rhd_log_level_name(rhd_log_level level);

#endif
