/* Reading a cluster table: a caller's position found in it, its distance, its solution walked
 * down the stored moves, and what the table says of itself. */
#include <stdlib.h>
#include <string.h>

#include "moves_merge.h"
#include "rushhour/clock.h"
#include "rushhour/error.h"
#include "search_internal.h"
#include "table_shape.h"
#include "table_store.h"

/* The index in `t` of position `p`, whose canonical form is `form`, or RH_SLOT_NONE when it
 * is not one of its states. */
static size_t locate(const rh_table *t, const rh_puzzle *p, const rh_table_canonical *form)
{
    if (form->shape_len != t->shape_len || memcmp(form->shape, t->shape, t->shape_len) != 0)
        return RH_SLOT_NONE;
    const rh__layout *L = &t->layout;
    uint64_t key[RH_KEY_WORDS_MAX] = {0};
    for (int c = 0; c < L->vehicle_count; c++) {
        const rh_vehicle *v = &p->vehicles[form->order[c]];
        const int offset = L->v[c].horizontal ? v->col : v->row;
        /* Out of range, an offset would carry into its neighbour's digit. */
        if (offset < 0 || offset > L->v[c].maxpos) return RH_SLOT_NONE;
        key[L->v[c].word] += (uint64_t)offset * L->v[c].unit;
    }
    return rh__table_lookup(t, key);
}

int rh_table_distance_canonical(const rh_table *t, const rh_puzzle *p,
                                const rh_table_canonical *form, rh_metric metric)
{
    if (!t || !p || !form || (unsigned)metric > RH_METRIC_SLIDES) return RH_TABLE_ABSENT;
    const size_t at = locate(t, p, form);
    if (at == RH_SLOT_NONE) return RH_TABLE_ABSENT;
    const unsigned d = t->entries[at].distance[metric];
    return d == RH_UNREACHED ? -1 : (int)d;
}

int rh_table_distance(const rh_table *t, const rh_puzzle *p, rh_metric metric)
{
    if (!p) return RH_TABLE_ABSENT;
    rh_table_canonical form;
    rh_table_canonicalize(&form, p);
    return rh_table_distance_canonical(t, p, &form, metric);
}

int rh_table_solve_canonical(rh_result *out, const rh_table *t, const rh_puzzle *p,
                             const rh_table_canonical *form, rh_metric metric,
                             rh_algorithm algorithm)
{
    if (!out || !t || !p || !form) return RH_EARG;
    if ((unsigned)metric > RH_METRIC_SLIDES || (unsigned)algorithm > RH_ALGO_FAST) return RH_EARG;
    const uint64_t start_us = rh_clock_us();
    *out = (rh_result){.metric = metric, .algorithm = algorithm, .optimal = 1};
    size_t at = locate(t, p, form);
    if (at == RH_SLOT_NONE) return RH_ENOTFOUND;
    const unsigned d = t->entries[at].distance[metric];
    out->stats.nodes_expanded = 1;
    if (d == RH_UNREACHED) {
        out->status = RH_UNSOLVABLE;
    } else {
        rh_move *moves = malloc((d ? d : 1) * sizeof *moves);
        if (!moves) return RH_ENOMEM;
        uint64_t key[RH_KEY_WORDS_MAX];
        rh__slot_load(t->keys, at, key, t->layout.kw, t->layout.narrow);
        /* Every stored move leads to a state of the cluster one closer to a goal. */
        for (unsigned k = 0; k < d; k++) {
            const uint16_t via = t->entries[at].next[metric];
            const int c = rh__via_vehicle(via), delta = rh__via_delta(via);
            moves[k] = (rh_move){form->order[c], delta};
            rh__key_move(&t->layout, key, c, delta);
            at = rh__table_lookup(t, key);
        }
        out->stats.nodes_expanded += d;
        out->status = RH_SOLVED;
        out->moves = moves;
        out->move_count = rh__moves_merge(moves, d, &out->slide_count);
    }
    out->stats.states_stored = t->states;
    out->stats.elapsed_us = rh_clock_us() - start_us;
    return RH_OK;
}

int rh_table_solve(rh_result *out, const rh_table *t, const rh_puzzle *p, rh_metric metric,
                   rh_algorithm algorithm)
{
    if (!p) return RH_EARG;
    rh_table_canonical form;
    rh_table_canonicalize(&form, p);
    return rh_table_solve_canonical(out, t, p, &form, metric, algorithm);
}

const uint8_t *rh_table_shape_of(const rh_table *t, size_t *len)
{
    *len = t->shape_len;
    return t->shape;
}

uint64_t rh_table_states(const rh_table *t)
{
    return t->states;
}

size_t rh_table_bytes(const rh_table *t)
{
    return t->bytes;
}
