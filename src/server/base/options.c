/* Reading a request's "options" object; see options.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rushhour/clock.h"
#include "options.h"

static const char *const names[] = {"algorithm",  "metric",         "max_nodes",
                                    "timeout_ms", "include_boards", "max_moves_returned"};

void rhd_options_init(rhd_options *o, const rhd_config *cfg)
{
    const rh_search_options defaults = RH_SEARCH_OPTIONS_INIT;
    o->search = defaults;
    o->search.limits.max_nodes = cfg->max_nodes;
    o->search.limits.max_memory = rhd_config_search_memory(cfg);
    o->timeout_us = (uint64_t)cfg->timeout_ms * 1000u;
    o->include_boards = false;
    o->max_moves_returned = 0;
}

static bool read_count(rh_diags *d, const cJSON *item, const char *field, uint64_t *out)
{
    const double v = cJSON_IsNumber(item) ? item->valuedouble : -1;
    if (!cJSON_IsNumber(item) || !isfinite(v) || v != trunc(v) || v < 1 || v > 1e15) {
        rh_diags_add(d, field, "must be a positive integer");
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

static uint64_t at_most(uint64_t v, uint64_t cap)
{
    return v < cap ? v : cap;
}

unsigned rhd_option_named(const char *name)
{
    for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strcmp(name, names[k]) == 0) return 1u << k;
    return 0;
}

void rhd_options_read_one(rhd_options *o, rh_diags *d, const cJSON *item, const char *field,
                          const rhd_config *cfg)
{
    const char *text = cJSON_GetStringValue(item);
    uint64_t n;
    switch (rhd_option_named(item->string)) {
    case RHD_OPT_ALGORITHM:
        if (rh_algorithm_parse(&o->search.algorithm, text))
            rh_diags_add(d, field, "must be \"bfs\", \"astar\" or \"fast\"");
        break;
    case RHD_OPT_METRIC:
        if (rh_metric_parse(&o->search.metric, text))
            rh_diags_add(d, field, "must be \"moves\" or \"slides\"");
        break;
    case RHD_OPT_MAX_NODES:
        if (read_count(d, item, field, &n)) o->search.limits.max_nodes = at_most(n, cfg->max_nodes);
        break;
    case RHD_OPT_TIMEOUT_MS:
        if (read_count(d, item, field, &n))
            o->timeout_us = at_most(n, (uint64_t)cfg->timeout_max_ms) * 1000u;
        break;
    case RHD_OPT_INCLUDE_BOARDS:
        if (cJSON_IsBool(item))
            o->include_boards = cJSON_IsTrue(item);
        else
            rh_diags_add(d, field, "must be true or false");
        break;
    case RHD_OPT_MAX_MOVES_RETURNED:
        /* No solution is longer than a few thousand moves: larger means "all of it". */
        if (read_count(d, item, field, &n)) o->max_moves_returned = (int)at_most(n, 1u << 30);
        break;
    default: rh_diags_add(d, field, "unknown option"); break;
    }
}

void rhd_options_read(rhd_options *o, rh_diags *d, const cJSON *options, const char *path,
                      unsigned accepted, const rhd_config *cfg)
{
    if (!options) return;
    if (!cJSON_IsObject(options)) {
        rh_diags_add(d, path, "must be an object");
        return;
    }
    unsigned seen = 0; /* a repeated option is an error, as a repeated key is elsewhere */
    for (const cJSON *item = options->child; item; item = item->next) {
        char field[RH_DIAG_FIELD_MAX];
        snprintf(field, sizeof field, "%s.%s", path, item->string);
        const unsigned bit = rhd_option_named(item->string);
        if (!(bit & accepted))
            rh_diags_add(d, field, "unknown option");
        else if (bit & seen)
            rh_diags_add(d, field, "appears more than once");
        else
            rhd_options_read_one(o, d, item, field, cfg);
        seen |= bit;
    }
}

bool rhd_options_start(rhd_options *o, uint64_t enqueued_us, const atomic_int *cancel)
{
    o->search.limits.deadline_us = enqueued_us + o->timeout_us; /* time spent queued counts */
    o->search.limits.cancel = cancel;
    return rh_clock_us() < o->search.limits.deadline_us;
}
