/* Building a puzzle's state layout, and packing and unpacking positions. */
#include "layout.h"

void rh_layout_init(rh_layout *L, const rh_puzzle *p)
{
    const int n = p->board_size;
    memset(L, 0, sizeof *L);
    L->n = n;
    L->vehicle_count = p->vehicle_count;
    L->target = p->target;
    L->exit_row = p->exit_row;
    const uint32_t beyond = ~((1u << n) - 1);
    for (int k = 0; k < n; k++) {
        L->wall_rows[k] = beyond;
        L->wall_cols[k] = beyond;
    }
    for (int k = 0; k < p->wall_count; k++) {
        L->wall_rows[p->walls[k].row] |= 1u << p->walls[k].col;
        L->wall_cols[p->walls[k].col] |= 1u << p->walls[k].row;
    }
    int word = 0, used = 0;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        rh_vslot *s = &L->v[i];
        s->horizontal = v->orientation == RH_HORIZONTAL;
        s->length = (uint8_t)v->length;
        s->line = (uint8_t)(s->horizontal ? v->row : v->col);
        s->maxpos = (uint8_t)(n - v->length);
        const int bits = __builtin_popcountll(rh_field_mask(s));
        if (used + bits > 63) {
            word++;
            used = 0;
        }
        s->word = (uint8_t)word;
        s->shift = (uint8_t)used;
        used += bits;
    }
    L->kw = word + 1;
}

void rh_layout_encode(const rh_layout *L, const rh_puzzle *p, uint64_t *key)
{
    memset(key, 0, sizeof(uint64_t) * (size_t)L->kw);
    for (int i = 0; i < L->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        const uint64_t pos = (uint64_t)(L->v[i].horizontal ? v->col : v->row);
        key[L->v[i].word] |= pos << L->v[i].shift;
    }
}

void rh_layout_decode(const rh_layout *L, const uint64_t *key, rh_puzzle *p)
{
    for (int i = 0; i < L->vehicle_count; i++) {
        const int pos = rh_layout_pos(L, key, i);
        if (L->v[i].horizontal)
            p->vehicles[i].col = pos;
        else
            p->vehicles[i].row = pos;
    }
}
