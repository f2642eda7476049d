/* Minimality of a cluster's hardest state: every non-primary piece (vehicle or wall) must
 * matter, i.e. removing it must bring the distance to the goal below the cluster's length.
 * Each removal is a breadth-first search that stops at the first goal or once it is as deep
 * as the length (a removal never lengthens the solution, so "not shorter" is "as long"). */
#include "enumerate_internal.h"

/* Whether a goal lies fewer than `moves` moves from `start`: 1, 0, or -1 out of budget. */
static int shorter(rh__ework *w, const rh__egeom *g, uint64_t walls, const rh__estate *start,
                   int moves)
{
    rh__estate next[RH_ES_MOVES_MAX];
    bool added;
    if (rh__es_goal(g, start)) return moves > 0;
    rh__ework_reset(w);
    if (rh__ework_add(w, start, &added) == RH_EWORK_FULL) return -1;
    uint32_t begin = 0, end = 1;
    for (int depth = 1; depth < moves && begin < end; depth++) {
        for (uint32_t i = begin; i < end; i++) {
            const rh__estate s = w->states[i];
            const int n = rh__es_moves(g, &s, walls, false, next, NULL);
            for (int j = 0; j < n; j++) {
                if (rh__es_goal(g, &next[j])) return 1;
                if (rh__ework_add(w, &next[j], &added) == RH_EWORK_FULL) return -1;
            }
        }
        begin = end;
        end = w->count;
    }
    return 0;
}

int rh__enum_minimal(rh__ework *w, const rh__egeom *g, uint64_t walls, const rh__estate *s,
                     int moves)
{
    for (int k = 0; k < 4; k++) {
        uint64_t pieces = s->m[k];
        if (k == RH_ES_HCAR) pieces &= ~g->primary_row;
        for (; pieces; pieces &= pieces - 1) {
            rh__estate fewer = *s;
            fewer.m[k] &= ~(pieces & -pieces);
            const int r = shorter(w, g, walls, &fewer, moves);
            if (r != 1) return r;
        }
    }
    for (uint64_t pieces = walls; pieces; pieces &= pieces - 1) {
        const int r = shorter(w, g, walls & ~(pieces & -pieces), s, moves);
        if (r != 1) return r;
    }
    return 1;
}
