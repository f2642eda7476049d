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
 * is not one of its states; its vehicles' offsets, in the canonical order, into `pos`. */
static size_t locate(const rh_table *t, const rh_puzzle *p, const rh_table_canonical *form,
                     uint8_t *pos)
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
        pos[c] = (uint8_t)offset;
        key[L->v[c].word] += (uint64_t)offset * L->v[c].unit;
    }
    return rh__table_lookup(t, key);
}

int rh_table_distance_canonical(const rh_table *t, const rh_puzzle *p,
                                const rh_table_canonical *form, rh_metric metric)
{
    if (!t || !p || !form || (unsigned)metric > RH_METRIC_SLIDES) return RH_TABLE_ABSENT;
    uint8_t pos[RH_VEHICLES_MAX];
    const size_t at = locate(t, p, form, pos);
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

/* Whether canonical vehicle c of the position whose offsets are `pos` can slide by `delta`:
 * it stays on the board (else its key's digit would carry into its neighbour's), and the cells
 * it sweeps hold no wall and no vehicle, across its line or along it. */
static bool can_slide(const rh__layout *L, const uint8_t *pos, int c, int delta)
{
    const rh__vslot *v = &L->v[c];
    const int to = pos[c] + delta;
    if (delta == 0 || to < 0 || to > v->maxpos) return false;
    const int lo = delta > 0 ? pos[c] + v->length : to;
    const int hi = delta > 0 ? to + v->length - 1 : pos[c] - 1;
    const uint32_t swept = ((UINT32_C(1) << (hi - lo + 1)) - 1) << lo;
    if ((v->horizontal ? L->wall_rows : L->wall_cols)[v->line] & swept) return false;
    for (int k = lo; k <= hi; k++) {
        const int n = v->horizontal ? L->column_count[k] : L->row_count[k];
        const uint8_t *across = v->horizontal ? L->column_vehicles[k] : L->row_vehicles[k];
        for (int i = 0; i < n; i++)
            if (rh__layout_covers(L, across[i], pos[across[i]], v->line)) return false;
    }
    const int n = v->horizontal ? L->row_count[v->line] : L->column_count[v->line];
    const uint8_t *along = v->horizontal ? L->row_vehicles[v->line] : L->column_vehicles[v->line];
    for (int i = 0; i < n; i++) {
        const int j = along[i];
        if (j != c && pos[j] <= hi && lo < pos[j] + L->v[j].length) return false;
    }
    return true;
}

/* Walks the `d` moves stored from state `at`, of key `key` and offsets `pos`, into `moves`,
 * naming the vehicles of the position of canonical form `form`. A table built whole stores at
 * each state a legal move to a state one closer to a goal; where a damaged one does not, false,
 * before anything is read out of bounds or a move is listed that cannot be made. */
static bool walk(const rh_table *t, size_t at, uint64_t *key, uint8_t *pos,
                 const rh_table_canonical *form, rh_metric metric, unsigned d, rh_move *moves)
{
    const rh__layout *L = &t->layout;
    for (unsigned k = 0; k < d; k++) {
        const uint16_t via = t->entries[at].next[metric];
        const int c = rh__via_vehicle(via), delta = rh__via_delta(via); /* RH_VIA_START: none */
        if (c >= L->vehicle_count || !can_slide(L, pos, c, delta)) return false;
        moves[k] = (rh_move){form->order[c], delta};
        pos[c] = (uint8_t)(pos[c] + delta);
        rh__key_move(L, key, c, delta);
        at = rh__table_lookup(t, key);
        if (at == RH_SLOT_NONE || t->entries[at].distance[metric] != d - k - 1) return false;
    }
    return rh__layout_is_goal(L, key);
}

int rh_table_solve_canonical(rh_result *out, const rh_table *t, const rh_puzzle *p,
                             const rh_table_canonical *form, rh_metric metric,
                             rh_algorithm algorithm)
{
    if (!out || !t || !p || !form) return RH_EARG;
    if ((unsigned)metric > RH_METRIC_SLIDES || (unsigned)algorithm > RH_ALGO_FAST) return RH_EARG;
    const uint64_t start_us = rh_clock_us();
    *out = (rh_result){.metric = metric, .algorithm = algorithm, .optimal = 1};
    uint8_t pos[RH_VEHICLES_MAX];
    const size_t at = locate(t, p, form, pos);
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
        if (!walk(t, at, key, pos, form, metric, d, moves)) {
            free(moves);
            return RH_ENOTFOUND;
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
