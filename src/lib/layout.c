/* Building a puzzle's state layout: bit fields, wall masks and the per-offset cell masks. */
#include "layout.h"

/* Sets cell (r, c) in the two bitboards `board` (row-major, then column-major). */
static void set_cell(const rh_layout *L, uint64_t *board, int r, int c)
{
    const int rm = r * L->lane + c, cm = c * L->lane + r;
    board[rm >> 6] |= UINT64_C(1) << (rm & 63);
    board[L->ow + (cm >> 6)] |= UINT64_C(1) << (cm & 63);
}

static int field_bits(int maxpos)
{
    return maxpos >= 8 ? 4 : maxpos >= 4 ? 3 : maxpos >= 2 ? 2 : 1;
}

bool rh_layout_init(rh_layout *L, const rh_puzzle *p, rh_budget *b)
{
    const int n = p->board_size;
    memset(L, 0, sizeof *L);
    L->n = n;
    L->ow = n <= RH_SMALL_BOARD ? 1 : RH_OCC_WORDS_MAX;
    L->lane = n <= RH_SMALL_BOARD ? 8 : 16;
    L->vehicle_count = p->vehicle_count;
    L->target = p->target;
    L->exit_row = p->exit_row;
    L->beyond = ~((1u << n) - 1);
    for (int k = 0; k < n; k++) {
        L->wall_rows[k] = L->beyond;
        L->wall_cols[k] = L->beyond;
    }
    const int lanes = L->ow * 64 / L->lane;
    for (int r = 0; r < lanes; r++)
        for (int c = 0; c < L->lane; c++)
            if (r >= n || c >= n) set_cell(L, L->wall_board, r, c);
    for (int w = 0; w < 64; w += L->lane) {
        L->not_lane_first |= UINT64_C(1) << w;
        L->not_lane_last |= UINT64_C(1) << (w + L->lane - 1);
    }
    L->not_lane_first = ~L->not_lane_first;
    L->not_lane_last = ~L->not_lane_last;
    for (int k = 0; k < p->wall_count; k++) {
        L->wall_rows[p->walls[k].row] |= 1u << p->walls[k].col;
        L->wall_cols[p->walls[k].col] |= 1u << p->walls[k].row;
        set_cell(L, L->wall_board, p->walls[k].row, p->walls[k].col);
    }
    int word = 0, used = 0;
    size_t masks = 0;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        rh_vslot *s = &L->v[i];
        s->horizontal = v->orientation == RH_HORIZONTAL;
        s->length = (uint8_t)v->length;
        s->line = (uint8_t)(s->horizontal ? v->row : v->col);
        s->maxpos = (uint8_t)(n - v->length);
        const int bits = field_bits(s->maxpos);
        s->field = (uint8_t)((1u << bits) - 1);
        if (used + bits > 63) {
            word++;
            used = 0;
        }
        s->word = (uint8_t)word;
        s->shift = (uint8_t)used;
        used += bits;
        s->lane_bit = (uint16_t)((s->horizontal ? 0 : L->ow * 64) + s->line * L->lane);
        s->lane_word = (uint8_t)(s->lane_bit >> 6);
        s->lane_shift = (uint8_t)(s->lane_bit & 63);
        if (!s->horizontal) L->column_vehicles[s->line][L->column_count[s->line]++] = (uint8_t)i;
        s->masks = (uint32_t)masks;
        masks += (size_t)(s->maxpos + 1) * 8u * (size_t)L->ow;
    }
    L->kw = word + 1;
    L->masks_bytes = masks * sizeof(uint64_t);
    L->masks = rh_budget_calloc(b, L->masks_bytes);
    if (!L->masks) return false;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vslot *s = &L->v[i];
        for (int pos = 0; pos <= s->maxpos; pos++) {
            uint64_t *m = L->masks + s->masks + (size_t)pos * 8u * (size_t)L->ow,
                     *ends = m + 2 * L->ow;
            for (int k = 0; k < s->length; k++)
                set_cell(L, m, s->horizontal ? s->line : pos + k,
                         s->horizontal ? pos + k : s->line);
            /* Only in the board of its own lane, where slides are found. */
            const unsigned tail = s->lane_bit + (unsigned)pos, head = tail + s->length - 1u;
            ends[tail >> 6] |= UINT64_C(1) << (tail & 63);
            ends[2 * L->ow + (head >> 6)] |= UINT64_C(1) << (head & 63);
            m[6 * L->ow] = tail | head << 16;
        }
    }
    return true;
}

void rh_layout_free(rh_layout *L, rh_budget *b)
{
    rh_budget_free(b, L->masks, L->masks_bytes);
    L->masks = NULL;
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
