/* Building a puzzle's state layout: bit fields, wall masks and the per-offset cell masks. */
#include <assert.h>

#include "layout.h"

/* Sets cell (r, c) in the two bitboards `board` (row-major, then column-major). */
static void set_cell(const rh__layout *L, uint64_t *board, int r, int c)
{
    const int rm = r * L->lane + c, cm = c * L->lane + r;
    board[rm >> 6] |= UINT64_C(1) << (rm & 63);
    board[L->ow + (cm >> 6)] |= UINT64_C(1) << (cm & 63);
}

/* Bits for the values 0 .. values - 1. */
static int field_bits(unsigned values)
{
    int bits = 1;
    while ((1u << bits) < values) bits++;
    return bits;
}

/* Splits the vehicles into groups, in index order: up to RH_GROUP_MAX vehicles of at most
 * RH_GROUP_VALUES combined offsets on small boards, one each on large ones, the target alone.
 * Gives each group its field and each vehicle its weight. */
static void make_groups(rh__layout *L)
{
    const bool small = L->ow == 1;
    int word = 0, used = 0;
    for (int i = 0; i < L->vehicle_count;) {
        rh__vgroup *g = &L->groups[L->group_count++];
        g->first = (uint8_t)i;
        unsigned values = 1;
        do {
            rh__vslot *s = &L->v[i];
            s->mul = (uint8_t)values;
            values *= s->maxpos + 1u;
            g->count++;
            i++;
        } while (small && i < L->vehicle_count && g->count < RH_GROUP_MAX &&
                 g->first != L->target && i != L->target &&
                 values * (L->v[i].maxpos + 1u) <= RH_GROUP_VALUES);
        const int bits = field_bits(values);
        if (used + bits > 63) {
            word++;
            used = 0;
        }
        g->word = (uint8_t)word;
        g->shift = (uint8_t)used;
        g->field = (1u << bits) - 1;
        used += bits;
        for (int k = g->first; k < g->first + g->count; k++) {
            rh__vslot *s = &L->v[k];
            s->word = g->word;
            s->shift = g->shift;
            s->field = (uint8_t)g->field;
            s->unit = (uint64_t)s->mul << s->shift;
        }
    }
    L->kw = word + 1;
    L->narrow = word == 0 && used <= 31;
}

/* How many values group g's field takes: the product of its vehicles' offset counts. */
static unsigned group_values(const rh__layout *L, int g)
{
    const rh__vslot *last = &L->v[L->groups[g].first + L->groups[g].count - 1];
    return last->mul * (last->maxpos + 1u);
}

/* Fills group g's record for field value x, whose offsets are pos[0 .. count). */
static void fill_group_record(const rh__layout *L, int g, unsigned x, const unsigned *pos)
{
    const rh__vgroup *gr = &L->groups[g];
    const int ow = L->ow, words = 2 * ow, width = ow == 1 ? 8 : 16;
    uint64_t *m = L->masks + gr->records + (size_t)x * 8u * (size_t)ow;
    uint64_t at = 0, offsets = 0;
    assert(ow == 1 || gr->count == 1); /* 2 * width * k stays under 64: one vehicle per group */
    if (ow == 1)
        for (int k = 0; k < RH_GROUP_MAX; k++) at |= (uint64_t)RH_OWNER_UNUSED * 0x101u << 16 * k;
    for (int k = 0; k < gr->count; k++) {
        const rh__vslot *s = &L->v[gr->first + k];
        const uint64_t *cells = L->masks + s->masks + (size_t)pos[k] * (size_t)words;
        for (int w = 0; w < words; w++) m[w] |= cells[w];
        /* The first and last cells only in the board of its own lane, where slides are found. */
        const unsigned tail = s->lane_bit + pos[k], head = tail + s->length - 1u;
        m[words + (tail >> 6)] |= UINT64_C(1) << (tail & 63);
        m[2 * words + (head >> 6)] |= UINT64_C(1) << (head & 63);
        at &= ~(((UINT64_C(1) << 2 * width) - 1) << 2 * width * k);
        at |= ((uint64_t)tail | (uint64_t)head << width) << 2 * width * k;
        offsets |= (uint64_t)pos[k] << 8 * k;
    }
    m[3 * words] = at;
    m[3 * words + 1] = offsets;
}

/* Fills every record of group g, counting its offsets up like an odometer (the first vehicle's
 * digit fastest, as its weight is 1) rather than dividing the values. */
static void fill_group(const rh__layout *L, int g)
{
    const rh__vgroup *gr = &L->groups[g];
    unsigned pos[RH_GROUP_MAX] = {0};
    for (unsigned x = 0; x < group_values(L, g); x++) {
        fill_group_record(L, g, x, pos);
        for (int k = 0; k < gr->count && ++pos[k] > L->v[gr->first + k].maxpos; k++) pos[k] = 0;
    }
}

bool rh__layout_init(rh__layout *L, const rh_puzzle *p, rh__budget *b)
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
    size_t masks = 0;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        rh__vslot *s = &L->v[i];
        s->horizontal = v->orientation == RH_HORIZONTAL;
        s->length = (uint8_t)v->length;
        s->line = (uint8_t)(s->horizontal ? v->row : v->col);
        s->maxpos = (uint8_t)(n - v->length);
        s->lane_bit = (uint16_t)((s->horizontal ? 0 : L->ow * 64) + s->line * L->lane);
        s->lane_word = (uint8_t)(s->lane_bit >> 6);
        s->lane_shift = (uint8_t)(s->lane_bit & 63);
        if (s->horizontal)
            L->row_vehicles[s->line][L->row_count[s->line]++] = (uint8_t)i;
        else
            L->column_vehicles[s->line][L->column_count[s->line]++] = (uint8_t)i;
        s->masks = (uint32_t)masks;
        masks += (size_t)(s->maxpos + 1) * 2u * (size_t)L->ow;
    }
    make_groups(L);
    for (int g = 0; g < L->group_count; g++) {
        L->groups[g].records = (uint32_t)masks;
        masks += (size_t)group_values(L, g) * 8u * (size_t)L->ow;
    }
    L->masks_bytes = masks * sizeof(uint64_t);
    L->masks = rh__budget_calloc(b, L->masks_bytes);
    if (!L->masks) return false;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh__vslot *s = &L->v[i];
        for (int pos = 0; pos <= s->maxpos; pos++)
            for (int k = 0; k < s->length; k++)
                set_cell(L, L->masks + s->masks + (size_t)pos * 2u * (size_t)L->ow,
                         s->horizontal ? s->line : pos + k, s->horizontal ? pos + k : s->line);
    }
    for (int g = 0; g < L->group_count; g++) fill_group(L, g);
    return true;
}

void rh__layout_free(rh__layout *L, rh__budget *b)
{
    rh__budget_free(b, L->masks, L->masks_bytes);
    L->masks = NULL;
}

void rh__layout_encode(const rh__layout *L, const rh_puzzle *p, uint64_t *key)
{
    memset(key, 0, sizeof(uint64_t) * (size_t)L->kw);
    for (int i = 0; i < L->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        const uint64_t pos = (uint64_t)(L->v[i].horizontal ? v->col : v->row);
        key[L->v[i].word] += pos * L->v[i].unit;
    }
}
