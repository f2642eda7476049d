/* A puzzle's vehicles in the canonical order, and its shape. */
#include "table_shape.h"

#include "rushhour/table.h"

#define SHAPE_FORMAT 1

void rh__canonical_order(uint8_t *order, const rh_puzzle *p)
{
    /* Each vehicle as one sortable word: its rank (target, axis, line, offset), then its
     * index. No two vehicles share a rank: they would share a cell. */
    uint32_t sorted[RH_VEHICLES_MAX];
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        const bool horizontal = v->orientation == RH_HORIZONTAL;
        const unsigned line = (unsigned)(horizontal ? v->row : v->col) & 15u;
        const unsigned offset = (unsigned)(horizontal ? v->col : v->row) & 15u;
        const uint32_t rank =
            (uint32_t)(i != p->target) << 9 | (uint32_t)!horizontal << 8 | line << 4 | offset;
        int k = i;
        for (; k > 0 && sorted[k - 1] >> 8 > rank; k--) sorted[k] = sorted[k - 1];
        sorted[k] = rank << 8 | (uint32_t)i;
    }
    for (int c = 0; c < p->vehicle_count; c++) order[c] = (uint8_t)sorted[c];
}

size_t rh__shape_write(uint8_t *out, const rh_puzzle *p, const uint8_t *order)
{
    size_t n = 0;
    out[n++] = SHAPE_FORMAT;
    out[n++] = (uint8_t)p->board_size;
    out[n++] = (uint8_t)p->exit_row;
    out[n++] = (uint8_t)p->vehicle_count;
    out[n++] = (uint8_t)(p->wall_count & 0xFF);
    out[n++] = (uint8_t)(p->wall_count >> 8);
    out[n++] = 0;
    out[n++] = 0;
    /* The walls in order of their cells, through a set of the 256 cells of the largest board. */
    uint64_t cells[4] = {0};
    for (int k = 0; k < p->wall_count; k++) {
        const unsigned cell = (unsigned)(p->walls[k].row * 16 + p->walls[k].col) & 255u;
        cells[cell >> 6] |= UINT64_C(1) << (cell & 63);
    }
    for (unsigned w = 0; w < 4; w++)
        for (uint64_t m = cells[w]; m; m &= m - 1)
            out[n++] = (uint8_t)(w * 64 + (unsigned)__builtin_ctzll(m));
    for (int c = 0; c < p->vehicle_count; c++) {
        const rh_vehicle *v = &p->vehicles[order[c]];
        const bool horizontal = v->orientation == RH_HORIZONTAL;
        out[n++] = (uint8_t)((horizontal ? 0u : 0x80u) | (unsigned)v->length);
        out[n++] = (uint8_t)(horizontal ? v->row : v->col);
    }
    return n;
}

size_t rh_table_shape(uint8_t *out, const rh_puzzle *p)
{
    uint8_t order[RH_VEHICLES_MAX];
    rh__canonical_order(order, p);
    return rh__shape_write(out, p, order);
}

void rh_table_canonicalize(rh_table_canonical *out, const rh_puzzle *p)
{
    rh__canonical_order(out->order, p);
    out->shape_len = rh__shape_write(out->shape, p, out->order);
}
