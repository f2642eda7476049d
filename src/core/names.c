/* The names of statuses, limits, metrics, algorithms and directions used in every output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rushhour/error.h"
#include "rushhour/names.h"
#include "rushhour/puzzle.h"

static const char *const status_names[] = {"solved", "unsolvable", "limit_reached"};
static const char *const limit_names[] = {"none", "nodes", "memory", "time", "cancelled"};
static const char *const metric_names[] = {"moves", "slides"};
static const char *const algorithm_names[] = {"bfs", "astar", "fast"};

#define COUNT_OF(table) (sizeof(table) / sizeof((table)[0]))

/* The name functions differ only in the kind they take and the table they read, and so do the
 * parsers: typed per kind in the API, each written once, which C does only as a macro. */
#define NAME_FUNCTION(function, type, value, table)                                                \
    const char *function(type value)                                                               \
    {                                                                                              \
        return (unsigned)(value) < COUNT_OF(table) ? (table)[(unsigned)(value)] : "unknown";       \
    }

NAME_FUNCTION(rh_status_name, rh_status, s, status_names)
NAME_FUNCTION(rh_limit_name, rh_limit, l, limit_names)
NAME_FUNCTION(rh_metric_name, rh_metric, m, metric_names)
NAME_FUNCTION(rh_algorithm_name, rh_algorithm, a, algorithm_names)

static int lookup(const char *const *names, size_t count, const char *name)
{
    for (size_t i = 0; name && i < count; i++)
        if (strcasecmp(names[i], name) == 0) return (int)i;
    return -1;
}

#define PARSE_FUNCTION(function, type, table)                                                      \
    /* NOLINTNEXTLINE(bugprone-macro-parentheses): `type *out` declares, it does not multiply */   \
    int function(type *out, const char *name)                                                      \
    {                                                                                              \
        const int i = lookup(table, COUNT_OF(table), name);                                        \
        if (i < 0) return RH_EARG;                                                                 \
        *out = (type)i;                                                                            \
        return RH_OK;                                                                              \
    }

PARSE_FUNCTION(rh_metric_parse, rh_metric, metric_names)
PARSE_FUNCTION(rh_algorithm_parse, rh_algorithm, algorithm_names)

const char *rh_move_direction(const rh_puzzle *p, rh_move m)
{
    bool h = p->vehicles[m.vehicle].orientation == RH_HORIZONTAL;
    if (m.delta > 0) return h ? "right" : "down";
    return h ? "left" : "up";
}

void rh_move_notation(char *out, const rh_puzzle *p, rh_move m)
{
    const char *dir = rh_move_direction(p, m);
    snprintf(out, RH_MOVE_NOTATION_MAX, "%s%c%d", p->vehicles[m.vehicle].id, dir[0] - 'a' + 'A',
             abs(m.delta));
}
