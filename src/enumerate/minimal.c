/* Minimality of a cluster's hardest state: every non-primary piece (vehicle or wall) must
 * matter, i.e. removing it must bring the distance to the goal below the cluster's length.
 * The caller knows it already of the vehicles some shortest solution moves. Each other removal
 * is a breadth-first search that stops at the first goal or once it is as deep as the length
 * (a removal never lengthens the solution, so "not shorter" is "as long"). */
#include "minimal.h"
#include "state.h"
#include "buffers.h"

/* A lower bound of the moves from `s` to a goal: the primary's one move, and one for each
 * vehicle across its way to the exit (only vertical vehicles can be there). It never exceeds
 * the distance, so a search may drop a state whose depth plus bound is too much: every state
 * of a short enough path keeps within it. */
static inline int lower_bound(const rh__egeom *g, const rh__estate *s)
{
    const uint64_t primary = s->m[RH_ES_HCAR] & g->primary_row;
    if (primary & g->goal) return 0;
    int bound = 1;
    for (uint64_t across = rh__es_v(g, s) & g->primary_row & -(primary << 2); across;
         across &= across - 1)
        bound++; /* a loop: at most n - 2 bits, and no popcount instruction in the baseline */
    return bound;
}

/* Whether a goal lies fewer than `moves` moves from `start`: 1, 0, or -1 out of budget. */
static int shorter(rh__ework *w, const rh__egeom *g, uint64_t walls, const rh__estate *start,
                   int moves)
{
    rh__estate next[RH_ES_MOVES_MAX];
    bool added;
    if (rh__es_goal(g, start)) return moves > 0;
    if (lower_bound(g, start) >= moves) return 0;
    rh__ework_reset(w);
    if (rh__ework_add(w, start, &added) == RH_EWORK_FULL) return -1;
    uint32_t begin = 0, end = 1;
    for (int depth = 1; depth < moves && begin < end; depth++) {
        for (uint32_t i = begin; i < end; i++) {
            const rh__estate s = w->states[i];
            const int n =
                rh__es_moves(g, &s, rh__es_free(g, &s, walls), false, NULL, next, NULL, NULL);
            for (int j = 0; j < n; j++) {
                const int h = lower_bound(g, &next[j]);
                if (h == 0) return 1;
                if (depth + h >= moves) continue;
                if (rh__ework_add(w, &next[j], &added) == RH_EWORK_FULL) return -1;
            }
        }
        begin = end;
        end = w->count;
    }
    return 0;
}

int rh__eminimal_test(rh__ework *w, const rh__egeom *g, uint64_t walls, const rh__estate *s,
                      int moves, uint64_t shortening, uint64_t searched_walls)
{
    for (int k = 0; k < 4; k++) {
        uint64_t pieces = s->m[k] & ~shortening;
        if (k == RH_ES_HCAR) pieces &= ~g->primary_row;
        for (; pieces; pieces &= pieces - 1) {
            rh__estate fewer = *s;
            fewer.m[k] &= ~(pieces & -pieces);
            const int r = shorter(w, g, walls, &fewer, moves);
            if (r != 1) return r;
        }
    }
    for (uint64_t pieces = searched_walls; pieces; pieces &= pieces - 1) {
        const int r = shorter(w, g, walls & ~(pieces & -pieces), s, moves);
        if (r != 1) return r;
    }
    return 1;
}
