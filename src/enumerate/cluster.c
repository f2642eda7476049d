/* One wall-free cluster of the enumeration, from one blocked configuration: a breadth-first
 * exploration by single-cell slides that gives up at the first state of smaller key (the
 * configuration is then not the cluster's minimum, and the cluster is someone else's to
 * report), and the lists of moves made whole for the passes that follow (record.c, walls.c). */
#include "cluster.h"
#include "state.h"
#include "buffers.h"

/* The bits set in x (no popcount instruction in the baseline). */
static inline uint32_t bits_in(uint64_t x)
{
    x -= x >> 1 & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + (x >> 2 & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (uint32_t)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Explores the component of `start` by single-cell slides (they reach all of it), recording
 * the moves between its states. Gives up at the first key below the start's.
 *
 * Each move is looked up once, from the state explored first: the slide back leads to a
 * state already known, so it is marked in the other's `skip`, which leaves room for it at the
 * head of that state's list; rh__ecluster_link writes it there once the cluster is known to be
 * wanted. */
rh__ecluster_result rh__ecluster_explore(rh__ework *w, const rh__egeom *g, const rh__estate *start,
                                         uint64_t *goals)
{
    const uint64_t h0 = rh__es_h(start), v0 = rh__es_v(g, start);
    rh__estate next[RH_ES_MOVES_MAX];
    uint16_t label[RH_ES_MOVES_MAX];
    uint64_t key[RH_ES_MOVES_MAX];
    uint32_t hash[RH_ES_MOVES_MAX];
    bool added;
    rh__ework_reset(w);
    if (rh__ework_add(w, start, &added) == RH_EWORK_FULL) return RH_EC_FULL;
    w->skip[0][0] = w->skip[0][1] = 0;
    *goals = 0;
    for (uint32_t i = 0; i < w->count; i++) {
        const rh__estate s = w->states[i];
        const uint64_t free = w->free[i] = rh__es_free(g, &s, 0);
        w->live_from = i; /* its own moves lead to states after it */
        *goals += rh__es_goal(g, &s);
        int forward_moves;
        const int n = rh__es_moves(g, &s, free, true, w->skip[i], next, label, &forward_moves);
        const uint32_t back = bits_in(w->skip[i][0]) + bits_in(w->skip[i][1]);
        w->edge_start[i] = w->edge_count;
        if (!rh__ework_edges_take(w, back + (uint32_t)n)) return RH_EC_FULL;
        uint32_t at = w->edge_start[i] + back;
        for (int j = 0; j < n; j++) {
            key[j] = rh__es_key(g, &next[j]);
            hash[j] = rh__ework_hash(key[j]);
            rh__ework_prefetch(w, hash[j]);
        }
        for (int j = 0; j < n; j++) {
            const bool forward = j < forward_moves;
            /* Every state met so far is above the start, and a slide right or down only
             * raises the key: only slides left or up can go below it. */
            if (!forward && rh__es_key_less(rh__es_h(&next[j]), rh__es_v(g, &next[j]), h0, v0))
                return RH_EC_NOT_CANONICAL;
            const uint32_t k = rh__ework_put(w, &next[j], key[j], hash[j], &added);
            if (k == RH_EWORK_FULL) return RH_EC_FULL;
            w->edges[at] = k;
            w->labels[at++] = label[j];
            if (added) w->skip[k][0] = w->skip[k][1] = 0;
            /* In k the moved vehicle starts at the label's cell; its slide back leads here. */
            w->skip[k][forward ? RH_ES_SKIP_BACK : RH_ES_SKIP_FORWARD] |= UINT64_C(1)
                                                                          << (label[j] >> 3);
        }
    }
    w->edge_start[w->count] = w->edge_count;
    return RH_EC_CLUSTER;
}

/* The label of the slide that undoes the slide `label`. */
static inline uint16_t reversed(const rh__egeom *g, uint16_t label)
{
    return rh__es_label_next(g, label ^ RH_ES_FORWARD); /* the other way, from where it ended */
}

/* Each state's own moves, turned around, go into the room at the head of the list of the state
 * they lead to. That state comes later in discovery order (a move to an explored state is that
 * state's), so its head is full before its own moves are read. */
void rh__ecluster_link(rh__ework *w, const rh__egeom *g)
{
    uint32_t *cursor = w->queue;
    for (uint32_t i = 0; i < w->count; i++) cursor[i] = w->edge_start[i];
    for (uint32_t i = 0; i < w->count; i++)
        for (uint32_t e = cursor[i]; e < w->edge_start[i + 1]; e++) {
            const uint32_t at = cursor[w->edges[e]]++;
            w->edges[at] = i;
            w->labels[at] = reversed(g, w->labels[e]);
        }
}

bool rh__ecluster_chain(rh__ework *w, const rh__egeom *g)
{
    if (!rh__ework_chain_grow(w)) return false;
    for (uint32_t i = 0; i < w->count; i++)
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++) {
            const uint32_t k = w->edges[e];
            w->chain[e] = RH_EWORK_NO_CHAIN;
            if (!rh__es_slides_on(g, w->free[k], w->labels[e])) continue;
            const uint16_t want = rh__es_label_next(g, w->labels[e]);
            uint32_t f = w->edge_start[k];
            while (w->labels[f] != want) f++;
            w->chain[e] = f;
        }
    return true;
}
