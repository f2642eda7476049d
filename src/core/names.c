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
#define NAME_OF(table, v) ((unsigned)(v) < COUNT_OF(table) ? (table)[(unsigned)(v)] : "unknown")

const char *rh_status_name(rh_status s)
{
    return NAME_OF(status_names, s);
}

const char *rh_limit_name(rh_limit l)
{
    return NAME_OF(limit_names, l);
}

const char *rh_metric_name(rh_metric m)
{
    return NAME_OF(metric_names, m);
}

const char *rh_algorithm_name(rh_algorithm a)
{
    return NAME_OF(algorithm_names, a);
}

static int lookup(const char *const *names, size_t count, const char *name)
{
    for (size_t i = 0; name && i < count; i++)
        if (strcasecmp(names[i], name) == 0) return (int)i;
    return -1;
}

int rh_metric_parse(rh_metric *out, const char *name)
{
    int i = lookup(metric_names, COUNT_OF(metric_names), name);
    if (i < 0) return RH_EARG;
    *out = (rh_metric)i;
    return RH_OK;
}

int rh_algorithm_parse(rh_algorithm *out, const char *name)
{
    int i = lookup(algorithm_names, COUNT_OF(algorithm_names), name);
    if (i < 0) return RH_EARG;
    *out = (rh_algorithm)i;
    return RH_OK;
}

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
