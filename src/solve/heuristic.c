/* The blocking lower bounds used by A* (see heuristic.h for why they are admissible). */
#include "heuristic.h"

/* Bits a..b of a line mask; 0 when the span is empty. */
static inline uint32_t span(int a, int b)
{
    if (a > b) return 0;
    return (uint32_t)(((UINT64_C(1) << (b + 1)) - 1) & ~((UINT64_C(1) << a) - 1));
}

/* The vehicle covering cell (row, col), or -1 for a wall or an empty cell: a vertical one of
 * its column or a horizontal one of its row. */
static int owner_of(const rh__layout *L, const rh__occupancy *o, int row, int col)
{
    for (int k = 0; k < L->column_count[col]; k++) {
        const int j = L->column_vehicles[col][k];
        if (rh__layout_covers(L, j, o->pos[j], row)) return j;
    }
    for (int k = 0; k < L->row_count[row]; k++) {
        const int j = L->row_vehicles[row][k];
        if (rh__layout_covers(L, j, o->pos[j], col)) return j;
    }
    return -1;
}

int rh__heuristic(const rh__layout *L, const rh__occupancy *o, bool slides)
{
    const rh__vslot *t = &L->v[L->target];
    const int tpos = o->pos[L->target];
    if (tpos == t->maxpos) return 0;
    const int er = L->exit_row, n = L->n, front = tpos + t->length;
    if (L->wall_rows[er] & span(front, n - 1)) return RH_H_DEAD;

    int h = slides ? t->maxpos - tpos : 1;
    /* A car on the exit row ahead of the target can never get out of its way. */
    for (int k = 0; k < L->row_count[er]; k++) {
        const int i = L->row_vehicles[er][k];
        if (i != L->target && o->pos[i] >= front) return RH_H_DEAD;
    }
    /* Only the vertical vehicles of the columns ahead can block. */
    uint64_t must[RH_VEHICLES_MAX / 64] = {0};
    for (int c = front; c < n; c++) {
        for (int k = 0; k < L->column_count[c]; k++) {
            const int i = L->column_vehicles[c][k], p = o->pos[i], len = L->v[i].length;
            if (p > er || p + len <= er) continue;
            const uint32_t walls = L->wall_cols[c];
            const bool up = er - len >= 0 && !(walls & span(er - len, p - 1));
            const bool down = er + len <= n - 1 && !(walls & span(p + len, er + len));
            if (!up && !down) return RH_H_DEAD;
            if (slides) {
                const int dist_up = p + len - er, dist_down = er + 1 - p;
                h += !down ? dist_up : !up ? dist_down : dist_up < dist_down ? dist_up : dist_down;
                continue;
            }
            must[i >> 6] |= UINT64_C(1) << (i & 63);
            if (up && down) continue;
            const uint32_t need = up ? span(er - len, p - 1) : span(p + len, er + len);
            const uint32_t column = rh__occupancy_line(L, o, true, c, false);
            for (uint32_t cells = column & need & ~walls; cells; cells &= cells - 1) {
                const int j = owner_of(L, o, __builtin_ctz(cells), c);
                if (j >= 0) must[j >> 6] |= UINT64_C(1) << (j & 63);
            }
        }
    }
    if (!slides)
        for (int w = 0; w < RH_VEHICLES_MAX / 64; w++) h += __builtin_popcountll(must[w]);
    return h;
}
