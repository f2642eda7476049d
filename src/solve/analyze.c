/* rh_analyze: the component and every state's distance to its nearest goal (component.c), in
 * the asked metric; the summary follows from them. */
#include <stdlib.h>

#include "component.h"
#include "movegen.h"
#include "rushhour/analyze.h"
#include "rushhour/error.h"
#include "search_internal.h"

/* Every goal state of `all` into the distance search's start, counted into *goals. */
static bool seed_goals(rh__table *t, rh__budget *b, const rh__layout *L, const rh__queue *all,
                       rh__queue *frontier, uint64_t *goals)
{
    for (size_t i = 0; i < all->len; i++) {
        const uint64_t *key = rh__component_state(all, i);
        if (!rh__layout_is_goal(L, key)) continue;
        if (!rh__component_goal(t, b, key, frontier)) return false;
        ++*goals;
    }
    return true;
}

/* The summary, from the distances. */
static int summarise(rh_analysis *out, const rh__table *t, const rh__layout *L,
                     const rh__queue *all, const rh_puzzle *p, const uint64_t *start)
{
    size_t hardest = 0;
    out->max_distance = -1;
    for (size_t i = 0; i < all->len; i++) {
        const unsigned d = t->depth[rh__table_find(t, rh__component_state(all, i))];
        if (d == RH_UNREACHED) {
            out->dead_states++;
        } else if ((int)d > out->max_distance) {
            out->max_distance = (int)d;
            hardest = i;
        }
    }
    if (out->max_distance >= 0) {
        out->histogram = calloc((size_t)out->max_distance + 1, sizeof *out->histogram);
        if (!out->histogram) return RH_ENOMEM;
        for (size_t i = 0; i < all->len; i++) {
            const unsigned d = t->depth[rh__table_find(t, rh__component_state(all, i))];
            if (d != RH_UNREACHED) out->histogram[d]++;
        }
    }
    const unsigned d = t->depth[rh__table_find(t, start)];
    out->start_distance = d == RH_UNREACHED ? -1 : (int)d;
    out->hardest = *p;
    const uint64_t *key = rh__component_state(all, hardest);
    for (int i = 0; i < L->vehicle_count; i++) {
        rh_vehicle *v = &out->hardest.vehicles[i];
        *(L->v[i].horizontal ? &v->col : &v->row) = rh__layout_pos(L, key, i);
    }
    rh__movegen g;
    uint16_t moves[RH_MOVES_MAX];
    rh__movegen_load(L, start, &g, L->kw, false);
    out->start_moves = rh__movegen_list(L, &g, false, false, -1, 0, moves, NULL);
    return RH_OK;
}

int rh_analyze(rh_analysis *out, const rh_puzzle *p, rh_metric metric, const rh_limits *limits)
{
    if (!out || !p) return RH_EARG;
    if ((unsigned)metric > RH_METRIC_SLIDES) return RH_EARG;
    *out = (rh_analysis){.metric = metric, .start_distance = -1, .max_distance = -1};
    rh__search s;
    const bool ready = rh__search_begin(&s, p, limits, false, true);
    rh__queue all, frontier;
    rh__queue_init(&all, s.layout.kw);
    rh__queue_init(&frontier, s.layout.kw);
    const bool whole =
        ready && rh__component_explore(&s.table, &s.budget, &s.layout, &all, s.start) &&
        seed_goals(&s.table, &s.budget, &s.layout, &all, &frontier, &out->goal_states) &&
        rh__component_distances(&s.table, &s.budget, &s.layout, metric == RH_METRIC_SLIDES,
                                &frontier);
    int err = RH_OK;
    out->status = whole ? RH_SOLVED : RH_LIMIT_REACHED;
    out->limit = whole ? RH_LIMIT_NONE : s.budget.limit;
    if (whole) {
        out->states = all.len;
        err = summarise(out, &s.table, &s.layout, &all, p, s.start);
    }
    rh__queue_free(&frontier, &s.budget);
    rh__queue_free(&all, &s.budget);
    rh__search_end(&s, &out->stats);
    return err;
}

void rh_analysis_free(rh_analysis *a)
{
    if (!a) return;
    free(a->histogram);
    a->histogram = NULL;
}
