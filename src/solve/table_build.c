/* rh_table_build: the cluster explored, its states filed into the store of table_store.h, then
 * in each metric their distances computed as rh_analyze computes them (component.c) and every
 * state's first optimal move. */
#include <stdlib.h>
#include <string.h>

#include "component.h"
#include "movegen.h"
#include "rushhour/error.h"
#include "search_internal.h"
#include "table_shape.h"
#include "table_store.h"

/* The table of `states` states for layout `L`, in one allocation charged to `b`; its keys,
 * entries and directory still to fill. */
static rh_table *table_alloc(rh__budget *b, const rh__layout *L, size_t states)
{
    /* States are indexed in 32 bits (more would take some 50 GiB anyway). */
    if (states > UINT32_MAX) {
        b->limit = RH_LIMIT_MEMORY;
        return NULL;
    }
    const int dir_bits = rh__table_dir_bits(states);
    const size_t key_bytes = states * rh__slot_key_bytes(L->kw, L->narrow);
    const size_t entry_bytes = states * sizeof(rh__table_entry);
    const size_t dir_bytes = (((size_t)1 << dir_bits) + 1) * sizeof(uint32_t);
    /* In that order every part stays aligned: the struct and the keys to 8 or 4 bytes, the
     * entries to 8. */
    const size_t bytes = sizeof(rh_table) + key_bytes + entry_bytes + dir_bytes;
    char *block = rh__budget_calloc(b, bytes);
    if (!block) return NULL;
    rh_table *t = (rh_table *)block;
    t->layout = *L;
    t->layout.masks = NULL;
    t->layout.masks_bytes = 0;
    t->bytes = bytes;
    t->states = (uint32_t)states;
    t->dir_bits = dir_bits;
    t->keys = block + sizeof(rh_table);
    t->entries = (rh__table_entry *)(block + sizeof(rh_table) + key_bytes);
    t->dir = (uint32_t *)(block + sizeof(rh_table) + key_bytes + entry_bytes);
    return t;
}

/* Files every state of the search's table `s` into the buckets of `t`. */
static void file_states(rh_table *t, const rh__table *s)
{
    const bool narrow = s->narrow;
    const int kw = narrow ? 1 : s->kw; /* as it is: a narrow key is one word */
    const size_t buckets = (size_t)1 << t->dir_bits;
    uint64_t key[RH_KEY_WORDS_MAX];
    /* dir[b + 1] counts bucket b, then dir[b] becomes its start; filing each state advances
     * its bucket's start to the next one's, so the starts are shifted back last. */
    for (size_t slot = 0; slot < s->cap; slot++) {
        if (rh__slot_empty(s->keys, slot, kw, narrow)) continue;
        rh__slot_load(s->keys, slot, key, kw, narrow);
        t->dir[rh__table_bucket(t, rh__key_hash(key, kw)) + 1]++;
    }
    for (size_t b = 1; b <= buckets; b++) t->dir[b] += t->dir[b - 1];
    for (size_t slot = 0; slot < s->cap; slot++) {
        if (rh__slot_empty(s->keys, slot, kw, narrow)) continue;
        rh__slot_load(s->keys, slot, key, kw, narrow);
        const uint32_t at = t->dir[rh__table_bucket(t, rh__key_hash(key, kw))]++;
        if (narrow)
            ((uint32_t *)t->keys)[at] = (uint32_t)key[0];
        else
            memcpy((uint64_t *)t->keys + (size_t)at * (size_t)kw, key,
                   sizeof(uint64_t) * (size_t)kw);
    }
    for (size_t b = buckets; b > 0; b--) t->dir[b] = t->dir[b - 1];
    t->dir[0] = 0;
}

/* Every state's distance in `metric` (from s->depth) and first optimal move into its entry:
 * the first listed move whose child is one closer to a goal. `kw`, `narrow` and `small` as in
 * component.c. */
static inline __attribute__((always_inline)) bool next_moves(rh_table *t, const rh__table *s,
                                                             rh__budget *b, rh_metric metric,
                                                             const int kw, const bool narrow,
                                                             const bool small)
{
    const rh__layout *L = &t->layout;
    uint16_t moves[RH_MOVES_MAX];
    rh__component_work w;
    for (size_t j = 0; j < t->states; j++) {
        if (!rh__budget_expand(b)) return false;
        rh__slot_load(t->keys, j, w.key, kw, narrow);
        const unsigned d = s->depth[rh__table_find_in(s, w.key, kw, narrow)];
        if (!rh__table_distance_kept(d)) {
            b->limit = RH_LIMIT_MEMORY; /* the distance outgrew its 16 bits */
            return false;
        }
        rh__table_entry *e = &t->entries[j];
        e->distance[metric] = (uint16_t)d;
        e->next[metric] = RH_VIA_START;
        if (d == 0 || d == RH_UNREACHED) continue;
        rh__movegen_load(L, w.key, &w.g, kw, small);
        const int n =
            rh__movegen_list(L, &w.g, metric == RH_METRIC_SLIDES, small, -1, 0, moves, w.steps);
        b->generated += (uint64_t)n;
        for (int k = 0; k < n; k++) {
            uint64_t child[RH_KEY_WORDS_MAX];
            rh__movegen_child(L, w.key, moves[k], w.steps[k], child, kw);
            if (s->depth[rh__table_find_in(s, child, kw, narrow)] == d - 1) {
                e->next[metric] = moves[k];
                break;
            }
        }
    }
    return true;
}

/* One metric's distances, from the table's goal states, then its moves. */
static bool solve_metric(rh_table *t, rh__search *s, rh__queue *frontier, rh_metric metric)
{
    memset(s->table.depth, 0xFF, s->table.cap * sizeof *s->table.depth);
    uint64_t key[RH_KEY_WORDS_MAX] = {0}; /* whole, for an analyser that cannot tell kw is s's */
    for (size_t j = 0; j < t->states; j++) {
        rh__slot_load(t->keys, j, key, t->layout.kw, t->layout.narrow);
        if (rh__layout_is_goal(&t->layout, key) &&
            !rh__component_goal(&s->table, &s->budget, key, frontier))
            return false;
    }
    if (!rh__component_distances(&s->table, &s->budget, &s->layout, metric == RH_METRIC_SLIDES,
                                 frontier))
        return false;
    if (t->layout.kw == 1 && t->layout.ow == 1 && s->table.narrow)
        return next_moves(t, &s->table, &s->budget, metric, 1, true, true);
    return next_moves(t, &s->table, &s->budget, metric, t->layout.kw, s->table.narrow, false);
}

int rh_table_build(rh_table **out, rh_limit *limit, rh_stats *stats, const rh_puzzle *p,
                   const rh_limits *limits)
{
    if (!out || !p) return RH_EARG;
    *out = NULL;
    uint8_t order[RH_VEHICLES_MAX];
    rh__canonical_order(order, p);
    rh_puzzle canonical = *p;
    for (int c = 0; c < p->vehicle_count; c++) canonical.vehicles[c] = p->vehicles[order[c]];
    canonical.target = 0;

    /* The cluster explored by the search's own exploration, whose frontier is all the memory
     * it needs beside the visited table; the table's depths wait for the distances. */
    rh__search s;
    rh__queue frontier;
    rh_table *t = NULL;
    uint64_t unused[RH_KEY_WORDS_MAX], goals = 0;
    bool whole = rh__search_begin(&s, &canonical, limits, false, true) &&
                 rh__search_bfs(&s.table, &s.budget, &s.layout, s.start, true, false, unused,
                                &goals) != RH_STOPPED;
    rh__queue_init(&frontier, s.layout.kw);
    whole = whole && (t = table_alloc(&s.budget, &s.layout, s.table.count)) != NULL;
    if (whole) {
        /* The layout's masks stay the search's: the table's copy points at them until the
         * search ends. */
        t->layout.masks = s.layout.masks;
        file_states(t, &s.table);
        whole = solve_metric(t, &s, &frontier, RH_METRIC_MOVES) &&
                solve_metric(t, &s, &frontier, RH_METRIC_SLIDES);
        t->layout.masks = NULL;
        t->shape_len = rh__shape_write(t->shape, p, order);
    }
    rh__queue_free(&frontier, &s.budget);
    const rh_limit why = whole ? RH_LIMIT_NONE : s.budget.limit;
    rh_stats st;
    rh__search_end(&s, &st);
    if (stats) *stats = st;
    if (limit) *limit = why;
    if (!whole) {
        rh_table_free(t);
        return RH_OK;
    }
    *out = t;
    return RH_OK;
}

void rh_table_free(rh_table *t)
{
    free(t);
}
