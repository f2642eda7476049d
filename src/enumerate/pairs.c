/* The clusters of pairs of walls: a lane a pair (lanes.c), the pairs of several first walls in
 * one pass, finds them all with their distances, where each pair would take a walk and passes
 * of its own. The clusters are kept as found, judged then (their distances are gone once the
 * next lanes are walked), and handed back by pair, each one's by first state: the order in
 * which a walk a pair finds them, so that the run reports the same in the same order. Within
 * the budget, a pass takes as many pairs as fit. */
#include <stddef.h>
#include <string.h>

#include "pairs.h"

void rh__epairs_init(rh__epairs *p, rh__ememory *memory)
{
    p->found = NULL;
    p->count = p->allocated = 0;
    p->chunk = 0;
    p->memory = memory;
    p->used = 0;
    rh__elanes_init(&p->lanes, memory);
}

void rh__epairs_free(rh__epairs *p)
{
    void *const arrays[] = {p->found};
    rh__ework_memory_free(p->memory, p->used, arrays, sizeof arrays / sizeof arrays[0]);
    rh__elanes_free(&p->lanes);
    rh__epairs_init(p, p->memory);
}

bool rh__epairs_reserve(rh__epairs *p, uint32_t states, int lanes)
{
    p->chunk = RH_ENUM_CELLS_MAX;
    if (!lanes) return rh__elanes_reserve(&p->lanes, states, 0);
    for (p->chunk = lanes; p->chunk; p->chunk /= 2)
        if (rh__elanes_reserve(&p->lanes, states, p->chunk)) return true;
    return false;
}

typedef struct {
    rh__epairs *p;
    const uint64_t *walls; /* the pass's pairs */
    int first;             /* the pass's first pair among the caller's */
    rh__epair_judge_fn judge;
    void *ctx;
} finding;

/* Keeps a cluster found (rh__elane_found_fn), judged, after the others of its pair. */
static bool keep(void *ctx, int lane, const rh__elane_cluster *t)
{
    finding *f = ctx;
    rh__epairs *p = f->p;
    if (p->count == p->allocated) {
        const uint32_t n = p->allocated ? 2 * p->allocated : 64;
        if (!rh__ework_memory_grow(p->memory, &p->used, &p->found, sizeof *p->found, p->allocated,
                                   n))
            return false;
        p->allocated = n;
    }
    const int minimal = f->judge(f->ctx, f->walls[lane], lane, t);
    if (minimal < 0) return false;
    rh__epair *e = &p->found[p->count];
    e->next = RH_EPAIRS_END;
    e->minimal = minimal == 1;
    memcpy(&e->tally, t,
           offsetof(rh__elane_cluster, hist) + sizeof *t->hist * rh__elane_hist_length(t));
    const int q = f->first + lane;
    if (p->head[q] == RH_EPAIRS_END)
        p->head[q] = p->count;
    else
        p->found[p->tail[q]].next = p->count;
    p->tail[q] = p->count++;
    return true;
}

bool rh__epairs_find(rh__epairs *p, const rh__ework *w, const rh__egeom *g, const uint64_t *walls,
                     int count, bool distances, bool slides, rh__epair_judge_fn judge, void *ctx)
{
    p->count = 0;
    for (int q = 0; q < count; q++) p->head[q] = RH_EPAIRS_END;
    for (int first = 0; first < count; first += p->chunk) {
        const int lanes = count - first < p->chunk ? count - first : p->chunk;
        finding f = {p, walls + first, first, judge, ctx};
        if (!rh__elanes_open(w, g, &p->lanes, f.walls, lanes, distances)) return false;
        if (distances) rh__elanes_walk(w, g, &p->lanes, slides);
        if (!rh__elanes_clusters(w, g, &p->lanes, distances, slides, keep, &f)) return false;
    }
    return true;
}
