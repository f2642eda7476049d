/* rh_table_build: the cluster explored and its distances computed as rh_analyze does
 * (component.c), in both metrics, each followed by every state's first optimal move; the
 * states filed into the store of table_store.h as they are explored. */
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

/* Files the states of `all` into buckets: their keys into t, each one's index into place[i]. */
static void file_states(rh_table *t, const rh__queue *all, uint32_t *place)
{
    const int kw = t->layout.kw;
    const size_t buckets = (size_t)1 << t->dir_bits;
    /* dir[b + 1] counts bucket b, then dir[b] becomes its start; filing each state advances
     * its bucket's start to the next one's, so the starts are shifted back last. */
    for (size_t i = 0; i < all->len; i++)
        t->dir[rh__table_bucket(t, rh__key_hash(rh__component_state(all, i), kw)) + 1]++;
    for (size_t b = 1; b <= buckets; b++) t->dir[b] += t->dir[b - 1];
    for (size_t i = 0; i < all->len; i++) {
        const uint64_t *key = rh__component_state(all, i);
        const uint32_t at = t->dir[rh__table_bucket(t, rh__key_hash(key, kw))]++;
        place[i] = at;
        rh__slot_store(t->keys, at, key, kw, t->layout.narrow);
    }
    for (size_t b = buckets; b > 0; b--) t->dir[b] = t->dir[b - 1];
    t->dir[0] = 0;
    /* rh__slot_store marks keys occupied; the store holds them plain. */
    if (t->layout.narrow)
        for (size_t j = 0; j < all->len; j++) ((uint32_t *)t->keys)[j] &= ~RH_OCCUPIED_NARROW;
    else
        for (size_t j = 0; j < all->len; j++) ((uint64_t *)t->keys)[j * (size_t)kw] &= ~RH_OCCUPIED;
}

/* Every state's distance in `metric` (from s->depth) and first optimal move into its entry:
 * the first listed move whose child is one closer to a goal. `kw`, `narrow` and `small` as in
 * component.c. */
static inline __attribute__((always_inline)) bool next_moves(rh_table *t, const rh__table *s,
                                                             rh__budget *b, const rh__queue *all,
                                                             const uint32_t *place,
                                                             rh_metric metric, const int kw,
                                                             const bool narrow, const bool small)
{
    const rh__layout *L = &t->layout;
    uint64_t child[RH_KEY_WORDS_MAX], steps[RH_MOVES_MAX];
    uint16_t moves[RH_MOVES_MAX];
    rh__movegen g;
    for (size_t i = 0; i < all->len; i++) {
        if (rh__budget_exhausted(b)) return false;
        b->expanded++;
        const uint64_t *key = rh__component_state(all, i);
        const unsigned d = s->depth[rh__table_find_in(s, key, kw, narrow)];
        rh__table_entry *e = &t->entries[place[i]];
        e->distance[metric] = (uint16_t)d;
        e->next[metric] = RH_VIA_START;
        if (d == 0 || d == RH_UNREACHED) continue;
        /* The layout's masks are the search's, which still holds them. */
        rh__movegen_load(L, key, &g, kw, small);
        const int n =
            rh__movegen_list(L, &g, metric == RH_METRIC_SLIDES, small, -1, 0, moves, steps);
        b->generated += (uint64_t)n;
        for (int k = 0; k < n; k++) {
            rh__movegen_child(L, key, moves[k], steps[k], child, kw);
            if (s->depth[rh__table_find_in(s, child, kw, narrow)] == d - 1) {
                e->next[metric] = moves[k];
                break;
            }
        }
    }
    return true;
}

/* One metric's distances, then its moves. */
static bool solve_metric(rh_table *t, rh__search *s, const rh__queue *all, rh__queue *frontier,
                         const uint32_t *place, rh_metric metric)
{
    uint64_t goals = 0;
    memset(s->table.depth, 0xFF, s->table.cap * sizeof *s->table.depth);
    if (!rh__component_distances(&s->table, &s->budget, &s->layout, all, metric == RH_METRIC_SLIDES,
                                 frontier, &goals))
        return false;
    if (t->layout.kw == 1 && t->layout.ow == 1 && s->table.narrow)
        return next_moves(t, &s->table, &s->budget, all, place, metric, 1, true, true);
    return next_moves(t, &s->table, &s->budget, all, place, metric, t->layout.kw, s->table.narrow,
                      false);
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

    rh__search s;
    rh__queue all, frontier;
    rh_table *t = NULL;
    uint32_t *place = NULL;
    size_t place_bytes = 0;
    bool whole = rh__search_begin(&s, &canonical, limits, false, true);
    rh__queue_init(&all, s.layout.kw);
    rh__queue_init(&frontier, s.layout.kw);
    whole = whole && rh__component_explore(&s.table, &s.budget, &s.layout, &all, s.start);
    if (whole) {
        t = table_alloc(&s.budget, &s.layout, all.len);
        place_bytes = all.len * sizeof *place;
        place = t ? rh__budget_calloc(&s.budget, place_bytes) : NULL;
        whole = place != NULL;
    }
    if (whole) {
        /* The layout's masks stay the search's: the table's copy points at them until the
         * search ends. */
        t->layout.masks = s.layout.masks;
        file_states(t, &all, place);
        whole = solve_metric(t, &s, &all, &frontier, place, RH_METRIC_MOVES) &&
                solve_metric(t, &s, &all, &frontier, place, RH_METRIC_SLIDES);
        t->layout.masks = NULL;
        t->shape_len = rh__shape_write(t->shape, p, order);
    }
    rh__budget_free(&s.budget, place, place_bytes);
    rh__queue_free(&frontier, &s.budget);
    rh__queue_free(&all, &s.budget);
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
