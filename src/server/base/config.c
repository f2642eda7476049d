/* rushhourd's settings: one table gives each setting its flag, variable, default, meaning and
 * parser, so loading, validation and --help can never disagree. */
#include <arpa/inet.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "rushhour/error.h"
#include "rushhour/json.h"

#define KIB UINT64_C(1024)
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)
#define TIB (1024 * GIB)

/* Values quoted in messages are cut to this many bytes: a message is one short line. */
#define SHOWN_MAX 48

typedef struct setting setting;

/* Parses `text` into the setting's field of `cfg`, or writes why it cannot into `why`. */
typedef bool parse_fn(const setting *s, rhd_config *cfg, const char *text, char *why,
                      size_t why_len);

struct setting {
    const char *flag; /* with its leading "--" */
    const char *env;
    const char *fallback; /* the default, parsed like any other value */
    const char *meaning;
    /* The values a word setting takes; for a number, the word it takes besides its range. */
    const char *values;
    parse_fn *parse;
    size_t offset, width; /* the field's place in rhd_config, and its size */
    uint64_t min, max;    /* numeric settings only; max == 0 for the others */
};

static parse_fn parse_size, parse_count, parse_address, parse_origins, parse_level, parse_switch,
    parse_port_or_off, parse_bank;

#define AT(field) offsetof(rhd_config, field), sizeof(((rhd_config *)0)->field)

static const setting settings[] = {
    {"--bind", "RUSHHOURD_BIND", "0.0.0.0", "address to listen on", "IPv4 or IPv6 address",
     parse_address, AT(bind), 0, 0},
    {"--port", "RUSHHOURD_PORT", "8080", "TCP port; 0: any free port", NULL, parse_count, AT(port),
     0, 65535},
    {"--admin-port", "RUSHHOURD_ADMIN_PORT", "8137",
     "TCP port of the admin listener (/healthz, /readyz, /metrics only); 0: any free port; off: "
     "none",
     "off", parse_port_or_off, AT(admin_port), 0, 65535},
    {"--public-metrics", "RUSHHOURD_PUBLIC_METRICS", "off",
     "/metrics on the public port too; off: on the admin listener only, so with --admin-port off "
     "nowhere",
     "on or off", parse_switch, AT(public_metrics), 0, 0},
    {"--http-threads", "RUSHHOURD_HTTP_THREADS", "0", "HTTP threads; 0: one per CPU core", NULL,
     parse_count, AT(http_threads), 0, 256},
    {"--workers", "RUSHHOURD_WORKERS", "0", "search threads; 0: one per CPU core", NULL,
     parse_count, AT(workers), 0, 1024},
    {"--queue-length", "RUSHHOURD_QUEUE_LENGTH", "64", "searches waiting for a worker; 503 beyond",
     NULL, parse_count, AT(queue_length), 1, 100000},
    {"--batch-max", "RUSHHOURD_BATCH_MAX", "32",
     "most puzzles in one POST /v1/solve/batch (never more than --queue-length)", NULL, parse_count,
     AT(batch_max), 1, 100000},
    {"--max-body-bytes", "RUSHHOURD_MAX_BODY_BYTES", "64KiB", "largest request body; 413 beyond",
     NULL, parse_size, AT(max_body_bytes), KIB, 16 * MIB},
    {"--max-nodes", "RUSHHOURD_MAX_NODES", "20000000", "most nodes one search may expand", NULL,
     parse_count, AT(max_nodes), 1, UINT64_C(1000000000000)},
    {"--timeout-ms", "RUSHHOURD_TIMEOUT_MS", "5000",
     "search time when the request sets none; at most --timeout-max-ms", NULL, parse_count,
     AT(timeout_ms), 1, 600000},
    {"--timeout-max-ms", "RUSHHOURD_TIMEOUT_MAX_MS", "30000", "most search time a request may ask",
     NULL, parse_count, AT(timeout_max_ms), 1, 600000},
    {"--memory-budget-bytes", "RUSHHOURD_MEMORY_BUDGET_BYTES", "1GiB",
     "memory of all searches together; each gets budget / workers", NULL, parse_size,
     AT(memory_budget_bytes), MIB, TIB},
    {"--cache-bytes", "RUSHHOURD_CACHE_BYTES", "64MiB",
     "memory for cached answers (repeated puzzles skip the search); 0: no cache", NULL, parse_size,
     AT(cache_bytes), 0, TIB},
    {"--table-cache-bytes", "RUSHHOURD_TABLE_CACHE_BYTES", "64MiB",
     "memory for cluster tables (hints and solves anywhere in a played puzzle's cluster skip the "
     "search); 0: none",
     NULL, parse_size, AT(table_cache_bytes), 0, TIB},
    {"--table-builds-per-min", "RUSHHOURD_TABLE_BUILDS_PER_MIN", "120",
     "background table builds a minute (a quarter of a minute's worth at once); 0: none but the "
     "day's",
     NULL, parse_count, AT(table_builds_per_min), 0, 100000},
    {"--table-build-cpu-ms-per-min", "RUSHHOURD_TABLE_BUILD_CPU_MS_PER_MIN", "6000",
     "CPU milliseconds a minute the background table builds may take (a quarter of a minute's "
     "worth at once); 0: none but the day's",
     NULL, parse_count, AT(table_build_cpu_ms_per_min), 0, 6000000},
    {"--max-connections", "RUSHHOURD_MAX_CONNECTIONS", "1024", "open connections", NULL,
     parse_count, AT(max_connections), 1, 100000},
    {"--max-connections-per-ip", "RUSHHOURD_MAX_CONNECTIONS_PER_IP", "128",
     "open connections per client address; 0: unlimited", NULL, parse_count,
     AT(max_connections_per_ip), 0, 100000},
    {"--idle-timeout-s", "RUSHHOURD_IDLE_TIMEOUT_S", "30",
     "seconds before an idle connection closes", NULL, parse_count, AT(idle_timeout_s), 1, 3600},
    {"--header-timeout-s", "RUSHHOURD_HEADER_TIMEOUT_S", "10",
     "seconds for a whole request header; 408 beyond", NULL, parse_count, AT(header_timeout_s), 1,
     3600},
    {"--body-timeout-s", "RUSHHOURD_BODY_TIMEOUT_S", "30",
     "seconds for a whole request body, from the end of its header; 408 beyond", NULL, parse_count,
     AT(body_timeout_s), 1, 3600},
    {"--header-memory-bytes", "RUSHHOURD_HEADER_MEMORY_BYTES", "32KiB",
     "memory for one request's headers; 431 beyond", NULL, parse_size, AT(header_memory_bytes),
     4 * KIB, MIB},
    {"--grace-s", "RUSHHOURD_GRACE_S", "20", "seconds to drain on SIGTERM", NULL, parse_count,
     AT(grace_s), 0, 3600},
    {"--cors-origins", "RUSHHOURD_CORS_ORIGINS", "", "origins answered with CORS; empty: CORS off",
     "comma-separated origins, or *", parse_origins, AT(cors_origins), 0, 0},
    {"--playground", "RUSHHOURD_PLAYGROUND", "on",
     "the playground web page at / and its files under /web/; off: they are 404", "on or off",
     parse_switch, AT(playground), 0, 0},
    {"--log-level", "RUSHHOURD_LOG_LEVEL", "info", "least level logged",
     "debug, info, warn or error", parse_level, AT(log_level), 0, 0},
    {"--bank", "RUSHHOURD_BANK", RHD_BANK_AUTO,
     "puzzle bank file served by /v1/puzzles (opened read-only); auto: the built or installed "
     "one, served only if present; off: none",
     "a path, auto or off", parse_bank, AT(bank), 0, 0},
};

#define SETTING_COUNT (sizeof settings / sizeof settings[0])

static const char *const level_names[] = {"debug", "info", "warn", "error"};

const char *rhd_log_level_name(rhd_log_level level)
{
    return (unsigned)level < sizeof level_names / sizeof level_names[0]
               ? level_names[(unsigned)level]
               : "unknown";
}

/* ---- numbers ---- */

/* Byte counts print with the largest binary suffix that divides them exactly. */
static void format_number(char *out, size_t len, uint64_t v, bool bytes)
{
    static const struct {
        const char *suffix;
        uint64_t unit;
    } units[] = {{"TiB", TIB}, {"GiB", GIB}, {"MiB", MIB}, {"KiB", KIB}};
    if (bytes && v)
        for (size_t k = 0; k < sizeof units / sizeof units[0]; k++)
            if (v % units[k].unit == 0) {
                snprintf(out, len, "%" PRIu64 "%s", v / units[k].unit, units[k].suffix);
                return;
            }
    snprintf(out, len, "%" PRIu64, v);
}

/* `text` as it may appear in a one-line message: short, printable ASCII only. */
static void shown(char *out, size_t len, const char *text)
{
    size_t n = 0;
    for (; text[n] && n < SHOWN_MAX && n + 1 < len; n++) {
        const unsigned char c = (unsigned char)text[n];
        out[n] = (char)(c >= 0x20 && c < 0x7f ? c : '?');
    }
    out[n] = '\0';
    if (text[n] && n + 4 <= len) strcpy(out + n, "...");
}

static bool is_bytes(const setting *s)
{
    return s->parse == parse_size;
}

/* The library's reader of the setting's numbers: a size may end in a binary suffix. */
static int read_as(const setting *s, const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    return (is_bytes(s) ? rh_size_parse : rh_decimal_parse)(text, min, max, out);
}

/* Whether `text` is written as the setting's numbers are, whatever its size: its digits
 * followed by what "1" may be followed by. */
static bool number_form(const setting *s, const char *text)
{
    const size_t digits = strspn(text, "0123456789");
    char one[8] = "1";
    uint64_t v;
    if (!digits || strlen(text + digits) >= sizeof one - 1) return false;
    strcat(one, text + digits);
    return read_as(s, one, 0, UINT64_MAX, &v) == RH_OK;
}

/* A number in the setting's range: a decimal integer, or for a size one with a binary suffix
 * (rh_size_parse). */
static bool read_number(const setting *s, const char *text, uint64_t *out, char *why,
                        size_t why_len)
{
    const uint64_t max = is_bytes(s) && s->max > SIZE_MAX ? SIZE_MAX : s->max;
    if (read_as(s, text, s->min, max, out) == RH_OK) return true;
    char show[SHOWN_MAX + 4];
    shown(show, sizeof show, text);
    if (!*text) {
        snprintf(why, why_len, "empty value, expected a decimal integer");
    } else if (number_form(s, text)) {
        char lo[24], hi[24];
        format_number(lo, sizeof lo, s->min, is_bytes(s));
        format_number(hi, sizeof hi, max, is_bytes(s));
        snprintf(why, why_len, "%s is out of range (%s..%s)", show, lo, hi);
    } else if (is_bytes(s)) {
        snprintf(why, why_len,
                 "%s is not a number of bytes (digits, then optionally KiB, MiB, GiB or TiB)",
                 show);
    } else {
        snprintf(why, why_len, "%s is not a decimal integer", show);
    }
    return false;
}

/* A number into its field, an int, a size_t or a uint64_t, as wide as the table says: a count,
 * or a size (is_bytes) through parse_size. */
static bool parse_count(const setting *s, rhd_config *cfg, const char *text, char *why,
                        size_t why_len)
{
    uint64_t v;
    if (!read_number(s, text, &v, why, why_len)) return false;
    char *field = (char *)cfg + s->offset;
    if (s->width == sizeof(unsigned))
        *(unsigned *)field = (unsigned)v; /* every int range ends far below INT_MAX */
    else
        *(uint64_t *)field = v;
    return true;
}

/* A size is a count that takes a unit: its own parser is what tells is_bytes. */
static bool parse_size(const setting *s, rhd_config *cfg, const char *text, char *why,
                       size_t why_len)
{
    return parse_count(s, cfg, text, why, why_len);
}

/* ---- words ---- */

static bool parse_address(const setting *s, rhd_config *cfg, const char *text, char *why,
                          size_t why_len)
{
    char show[SHOWN_MAX + 4];
    shown(show, sizeof show, text);
    unsigned char addr[16];
    if (strlen(text) >= sizeof cfg->bind ||
        (inet_pton(AF_INET, text, addr) != 1 && inet_pton(AF_INET6, text, addr) != 1)) {
        snprintf(why, why_len, "%s is not an IPv4 or IPv6 address", show);
        return false;
    }
    strcpy((char *)cfg + s->offset, text);
    return true;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

bool rhd_config_each_origin(const char *list, bool (*each)(const char *entry, size_t n, void *arg),
                            void *arg)
{
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        const char *a = p, *b = end;
        while (a < b && is_blank(*a)) a++;
        while (b > a && is_blank(b[-1])) b--;
        if (b > a && each(a, (size_t)(b - a), arg)) return true;
        p = *end ? end + 1 : end;
    }
    return false;
}

static bool has_space_inside(const char *entry, size_t n, void *arg)
{
    (void)arg;
    for (size_t k = 0; k < n; k++)
        if ((unsigned char)entry[k] <= 0x20 || entry[k] == 0x7f) return true;
    return false;
}

/* Origins never contain blanks, so one inside an entry is a list separated the wrong way,
 * which would otherwise silently allow nothing. */
static bool parse_origins(const setting *s, rhd_config *cfg, const char *text, char *why,
                          size_t why_len)
{
    char show[SHOWN_MAX + 4];
    shown(show, sizeof show, text);
    if (strlen(text) >= sizeof cfg->cors_origins) {
        snprintf(why, why_len, "%s is longer than %zu bytes", show, sizeof cfg->cors_origins - 1);
        return false;
    }
    if (rhd_config_each_origin(text, has_space_inside, NULL)) {
        snprintf(why, why_len, "%s: an origin contains a blank (separate origins with commas)",
                 show);
        return false;
    }
    strcpy((char *)cfg + s->offset, text);
    return true;
}

static bool parse_level(const setting *s, rhd_config *cfg, const char *text, char *why,
                        size_t why_len)
{
    for (size_t k = 0; k < sizeof level_names / sizeof level_names[0]; k++)
        if (strcmp(text, level_names[k]) == 0) {
            *(rhd_log_level *)((char *)cfg + s->offset) = (rhd_log_level)k;
            return true;
        }
    char show[SHOWN_MAX + 4];
    shown(show, sizeof show, text);
    snprintf(why, why_len, "%s is not one of debug, info, warn, error", show);
    return false;
}

/* Exactly "on" or "off": one spelling, so a value cannot look like one and mean the other. */
static bool parse_switch(const setting *s, rhd_config *cfg, const char *text, char *why,
                         size_t why_len)
{
    bool *field = (bool *)((char *)cfg + s->offset);
    if (strcmp(text, "on") == 0 || strcmp(text, "off") == 0) {
        *field = strcmp(text, "on") == 0;
        return true;
    }
    char show[SHOWN_MAX + 4];
    shown(show, sizeof show, text);
    snprintf(why, why_len, "%s is not on or off", show);
    return false;
}

/* A path, "auto" (kept as is: the server resolves it) or "off" (stored as ""). */
static bool parse_bank(const setting *s, rhd_config *cfg, const char *text, char *why,
                       size_t why_len)
{
    char *field = (char *)cfg + s->offset;
    if (text[0] == '\0') {
        snprintf(why, why_len, "empty path (say off for no bank)");
        return false;
    }
    if (strcmp(text, "off") == 0) text = "";
    if (strlen(text) >= sizeof cfg->bank) {
        char show[SHOWN_MAX + 4];
        shown(show, sizeof show, text);
        snprintf(why, why_len, "%s is longer than %zu bytes", show, sizeof cfg->bank - 1);
        return false;
    }
    strcpy(field, text);
    return true;
}

/* A port, or "off" (stored as -1): a listener that can be turned off. */
static bool parse_port_or_off(const setting *s, rhd_config *cfg, const char *text, char *why,
                              size_t why_len)
{
    if (strcmp(text, "off") == 0) {
        *(int *)((char *)cfg + s->offset) = -1;
        return true;
    }
    if (parse_count(s, cfg, text, why, why_len)) return true;
    strncat(why, "; or off", why_len - strlen(why) - 1);
    return false;
}

/* ---- loading ---- */

/* The problems found so far: whole lines only, so a short buffer never ends mid-message. */
typedef struct {
    char *buf;
    size_t len, used;
    int count;
} problems;

__attribute__((format(printf, 2, 3))) static void report(problems *p, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): started on the line above */
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    size_t k = (size_t)n < sizeof line - 1 ? (size_t)n : sizeof line - 2;
    line[k++] = '\n';
    line[k] = '\0';
    p->count++;
    if (p->buf && p->used + k < p->len) {
        memcpy(p->buf + p->used, line, k + 1);
        p->used += k;
    }
}

/* Where a setting's value came from, as messages name it. */
typedef struct {
    const char *name;
    bool bad;
} origin_of;

static void apply(const setting *s, rhd_config *cfg, const char *text, const char *name,
                  origin_of *from, problems *p)
{
    char why[200];
    from->name = name;
    from->bad = !s->parse(s, cfg, text, why, sizeof why);
    if (from->bad) report(p, "%s: %s", name, why);
}

static const setting *find_flag(const char *name, size_t n)
{
    for (size_t k = 0; k < SETTING_COUNT; k++)
        if (strlen(settings[k].flag) == n && strncmp(settings[k].flag, name, n) == 0)
            return &settings[k];
    return NULL;
}

/* Like getenv, the first definition wins. */
static const char *find_env(char **envp, const char *name)
{
    const size_t n = strlen(name);
    for (char **e = envp; e && *e; e++)
        if (strncmp(*e, name, n) == 0 && (*e)[n] == '=') return *e + n + 1;
    return NULL;
}

/* The index of the setting of the field at `offset` in rhd_config. */
static size_t index_of(size_t offset)
{
    size_t k = 0;
    while (settings[k].offset != offset) k++;
    return k;
}

/* Reports the int settings at offsets `a` and `b` of rhd_config as `broken` together, under the
 * names their values came from, unless either value was refused on its own already:
 * "a: VALUE relation b (detail)", the detail b's value when NULL. */
static void check_pair(const rhd_config *cfg, const origin_of *from, problems *p, size_t a,
                       size_t b, bool broken, const char *relation, const char *detail)
{
    const origin_of *first = &from[index_of(a)], *second = &from[index_of(b)];
    if (!broken || first->bad || second->bad) return;
    char value[24];
    if (!detail) {
        snprintf(value, sizeof value, "%d", *(const int *)((const char *)cfg + b));
        detail = value;
    }
    report(p, "%s: %d %s %s (%s)", first->name, *(const int *)((const char *)cfg + a), relation,
           second->name, detail);
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Unknown RUSHHOURD_* variables are ignored on purpose: orchestrators add their own (Kubernetes
 * service links would define RUSHHOURD_SERVICE_HOST for a service named rushhourd). An unknown
 * flag is reported, and takes the next argument along as its likely value, so one typo makes
 * one message. */
int rhd_config_load(rhd_config *cfg, char **envp, int argc, char **argv, int cores, char *err,
                    size_t err_len)
{
    problems p = {err, err_len, 0, 0};
    if (err && err_len) err[0] = '\0';
    origin_of from[SETTING_COUNT];
    memset(cfg, 0, sizeof *cfg);

    for (size_t k = 0; k < SETTING_COUNT; k++) {
        const setting *s = &settings[k];
        apply(s, cfg, s->fallback, s->flag, &from[k], &p);
        /* An empty variable counts as unset, as shells and compose files often leave them. */
        const char *v = find_env(envp, s->env);
        if (v && *v) apply(s, cfg, v, s->env, &from[k], &p);
    }

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!arg) continue;
        char show[SHOWN_MAX + 4];
        if (strncmp(arg, "--", 2) != 0) {
            shown(show, sizeof show, arg);
            report(&p, "%s: unexpected argument (settings are --name value)", show);
            continue;
        }
        const char *eq = strchr(arg, '=');
        const size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const setting *s = find_flag(arg, name_len);
        const char *value = eq ? eq + 1 : NULL;
        if (!eq && i + 1 < argc && argv[i + 1] && strncmp(argv[i + 1], "--", 2) != 0)
            value = argv[++i];
        if (!s) {
            char name[SHOWN_MAX + 4];
            snprintf(name, sizeof name, "%.*s", (int)name_len, arg);
            shown(show, sizeof show, name);
            report(&p, "%s: unknown flag (see --help)", show);
            continue;
        }
        if (!value) {
            report(&p, "%s: missing value", s->flag);
            continue;
        }
        apply(s, cfg, value, s->flag, &from[s - settings], &p);
    }

    check_pair(cfg, from, &p, offsetof(rhd_config, timeout_ms),
               offsetof(rhd_config, timeout_max_ms), cfg->timeout_ms > cfg->timeout_max_ms,
               "is more than", NULL);
    /* Two listeners cannot share a port (0, any free port, gives each its own). */
    check_pair(cfg, from, &p, offsetof(rhd_config, admin_port), offsetof(rhd_config, port),
               cfg->port != 0 && cfg->admin_port == cfg->port, "is also", "turn it off with off");
    if (cores < 1) cores = 1;
    if (cfg->http_threads == 0) cfg->http_threads = clamp(cores, 1, 256);
    if (cfg->workers == 0) cfg->workers = clamp(cores, 1, 1024);
    return p.count ? -1 : 0;
}

/* ---- help ---- */

typedef struct {
    char *buf;
    size_t len, used;
} text_out;

__attribute__((format(printf, 2, 3))) static void put(text_out *t, const char *fmt, ...)
{
    if (!t->len || t->used >= t->len - 1) return;
    va_list ap;
    va_start(ap, fmt);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): started on the line above */
    int n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
    va_end(ap);
    if (n > 0) t->used += (size_t)n < t->len - t->used ? (size_t)n : t->len - t->used - 1;
}

static void default_text(char *out, size_t len, const setting *s)
{
    snprintf(out, len, "%s", *s->fallback ? s->fallback : "\"\"");
}

/* The values a setting takes, as --help and configuration.md give them: a number's range ("lo..hi",
 * sizes with their suffix), and the word it takes besides; a word setting's words. */
static void values_text(char *out, size_t len, const setting *s)
{
    if (!s->max) {
        snprintf(out, len, "%s", s->values);
        return;
    }
    char lo[24], hi[24];
    format_number(lo, sizeof lo, s->min, is_bytes(s));
    format_number(hi, sizeof hi, s->max, is_bytes(s));
    snprintf(out, len, "%s..%s%s%s", lo, hi, s->values ? " or " : "", s->values ? s->values : "");
}

void rhd_config_usage(char *out, size_t len)
{
    text_out t = {out, len, 0};
    if (len) out[0] = '\0';
    int wf = (int)strlen("FLAG"), we = (int)strlen("VARIABLE"), wd = (int)strlen("DEFAULT"),
        wv = (int)strlen("VALUES");
    for (size_t k = 0; k < SETTING_COUNT; k++) {
        char d[64], v[64];
        default_text(d, sizeof d, &settings[k]);
        values_text(v, sizeof v, &settings[k]);
        if ((int)strlen(settings[k].flag) > wf) wf = (int)strlen(settings[k].flag);
        if ((int)strlen(settings[k].env) > we) we = (int)strlen(settings[k].env);
        if ((int)strlen(d) > wd) wd = (int)strlen(d);
        if ((int)strlen(v) > wv) wv = (int)strlen(v);
    }
    put(&t, "Settings: a flag, as --name value or --name=value, wins over its variable, which wins "
            "over the default;\nan empty variable counts as unset. A value that cannot be "
            "taken stops the start: exit code 2.\n"
            "Units are in the names: -bytes bytes, -ms milliseconds, -s seconds, -per-min a "
            "minute; the other numbers are counts.\n"
            "Sizes (-bytes): digits, or digits then KiB, MiB, GiB or TiB (powers of 1024).\n\n");
    put(&t, "  %-*s  %-*s  %-*s  %-*s  %s\n", wf, "FLAG", we, "VARIABLE", wd, "DEFAULT", wv,
        "VALUES", "MEANING");
    for (size_t k = 0; k < SETTING_COUNT; k++) {
        const setting *s = &settings[k];
        char d[64], v[64];
        default_text(d, sizeof d, s);
        values_text(v, sizeof v, s);
        put(&t, "  %-*s  %-*s  %-*s  %-*s  %s\n", wf, s->flag, we, s->env, wd, d, wv, v,
            s->meaning);
    }
}

int rhd_config_unknown_env(char **envp, char *out, size_t len)
{
    static const char prefix[] = "RUSHHOURD_";
    int count = 0;
    size_t used = 0;
    if (len) out[0] = '\0';
    for (char **e = envp; e && *e; e++) {
        if (strncmp(*e, prefix, sizeof prefix - 1) != 0) continue;
        const size_t n = strcspn(*e, "=");
        bool known = false;
        for (size_t k = 0; k < SETTING_COUNT && !known; k++)
            known = strlen(settings[k].env) == n && strncmp(settings[k].env, *e, n) == 0;
        if (known) continue;
        if (len && used + n + 2 <= len) {
            used +=
                (size_t)snprintf(out + used, len - used, "%s%.*s", count ? "," : "", (int)n, *e);
        }
        count++;
    }
    return count;
}

/* ---- derived values ---- */

int rhd_config_batch_max(const rhd_config *cfg)
{
    return cfg->batch_max < cfg->queue_length ? cfg->batch_max : cfg->queue_length;
}

size_t rhd_config_search_memory(const rhd_config *cfg)
{
    return cfg->workers > 0 ? cfg->memory_budget_bytes / (size_t)cfg->workers
                            : cfg->memory_budget_bytes;
}
