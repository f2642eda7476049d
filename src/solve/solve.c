/* rh_solve and rh_explore: run the chosen algorithm in a search set up by rh__search_begin,
 * and turn the goal it reached into the list of moves. */
#include <stdlib.h>
#include <string.h>

#include "moves_merge.h"
#include "rushhour/error.h"
#include "rushhour/search.h"
#include "search_internal.h"

/* Weighted A* weight of the fast mode: large enough to dive towards the exit on big boards,
 * small enough that the blocking bound still steers. */
#define FAST_WEIGHT 3

/* Walks back from `goal` to the start through the moves recorded in the table, then merges
 * consecutive moves of one vehicle. */
static int rebuild_path(rh_result *out, const rh__table *t, const rh__layout *L,
                        const uint64_t *goal)
{
    uint64_t key[RH_KEY_WORDS_MAX];
    const int kw = L->kw;
    size_t steps = 0;
    memcpy(key, goal, sizeof(uint64_t) * (size_t)kw);
    for (uint16_t via; (via = t->via[rh__table_find(t, key)]) != RH_VIA_START; steps++)
        rh__key_move(L, key, rh__via_vehicle(via), -rh__via_delta(via));

    rh_move *moves = malloc((steps ? steps : 1) * sizeof *moves);
    if (!moves) return RH_ENOMEM;
    memcpy(key, goal, sizeof(uint64_t) * (size_t)kw);
    for (size_t k = steps; k-- > 0;) {
        const uint16_t via = t->via[rh__table_find(t, key)];
        moves[k] = (rh_move){rh__via_vehicle(via), rh__via_delta(via)};
        rh__key_move(L, key, moves[k].vehicle, -moves[k].delta);
    }
    out->moves = moves;
    out->move_count = rh__moves_merge(moves, steps, &out->slide_count);
    return RH_OK;
}

static bool options_valid(const rh_search_options *opt)
{
    return (unsigned)opt->algorithm <= RH_ALGO_FAST && (unsigned)opt->metric <= RH_METRIC_SLIDES;
}

int rh_solve(rh_result *out, const rh_puzzle *p, const rh_search_options *opt)
{
    static const rh_search_options defaults = RH_SEARCH_OPTIONS_INIT;
    if (!out || !p) return RH_EARG;
    if (!opt) opt = &defaults;
    if (!options_valid(opt)) return RH_EARG;
    *out = (rh_result){.metric = opt->metric, .algorithm = opt->algorithm};
    out->optimal = opt->algorithm != RH_ALGO_FAST;

    const bool unit = opt->metric == RH_METRIC_SLIDES;
    const bool bfs = opt->algorithm == RH_ALGO_BFS;
    rh__search s;
    uint64_t goal[RH_KEY_WORDS_MAX], goals = 0;
    rh__outcome outcome = RH_STOPPED;
    if (rh__search_begin(&s, p, &opt->limits, true, !bfs)) {
        if (bfs)
            outcome =
                rh__search_bfs(&s.table, &s.budget, &s.layout, s.start, unit, true, goal, &goals);
        else
            outcome = rh__search_astar(&s.table, &s.budget, &s.layout, s.start, unit,
                                       opt->algorithm == RH_ALGO_FAST ? FAST_WEIGHT : 1, goal);
    }
    int err = RH_OK;
    if (outcome == RH_FOUND) err = rebuild_path(out, &s.table, &s.layout, goal);
    out->status = outcome == RH_FOUND       ? RH_SOLVED
                  : outcome == RH_EXHAUSTED ? RH_UNSOLVABLE
                                            : RH_LIMIT_REACHED;
    out->limit = outcome == RH_STOPPED ? s.budget.limit : RH_LIMIT_NONE;
    if (out->status != RH_SOLVED) out->optimal = out->status == RH_UNSOLVABLE;
    rh__search_end(&s, &out->stats);
    return err;
}

void rh_result_free(rh_result *r)
{
    if (!r) return;
    free(r->moves);
    r->moves = NULL;
    r->move_count = 0;
}

int rh_explore(rh_explore_result *out, const rh_puzzle *p, const rh_limits *limits)
{
    if (!out || !p) return RH_EARG;
    *out = (rh_explore_result){0};
    rh__search s;
    uint64_t unused[RH_KEY_WORDS_MAX];
    rh__outcome outcome = RH_STOPPED;
    if (rh__search_begin(&s, p, limits, false, false))
        outcome = rh__search_bfs(&s.table, &s.budget, &s.layout, s.start, true, false, unused,
                                 &out->goal_states);
    out->status = outcome == RH_STOPPED ? RH_LIMIT_REACHED : RH_SOLVED;
    out->limit = outcome == RH_STOPPED ? s.budget.limit : RH_LIMIT_NONE;
    out->states = s.table.count;
    rh__search_end(&s, &out->stats);
    return RH_OK;
}
